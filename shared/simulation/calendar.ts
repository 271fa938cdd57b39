// A simulation's days on the Korean calendar: day 1 is its start date, and every step's context says
// the date, the day of the week and the public holiday (004's step 5 asks for 요일/공휴일). Holidays
// come from a maintained list (@hyunbinseo/holidays-kr, substitute holidays included), not a hand-typed
// one; a year outside that list's range has weekdays and weekends but no holidays, and says so.
import { getHolidayNames } from "@hyunbinseo/holidays-kr";
import { kstIsoDate } from "../platform/time.ts";

export const WEEKDAYS = ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"] as const;
export type DayType = "weekday" | "weekend" | "holiday";

export interface DayInfo {
  /** YYYY-MM-DD */
  date: string;
  weekday: (typeof WEEKDAYS)[number];
  /** the public holiday's name(s), or null */
  holiday: string | null;
  dayType: DayType;
  /** false when the holiday list does not cover the year */
  holidaysKnown: boolean;
}

/** The start date of a simulation created now: today in Korea. */
export const startDateToday = (now = new Date()): string => kstIsoDate(now);

/**
 * Every agent turn of a day asks: one lookup per date for the process — bounded, as a start date lies
 * in 2000–2099 (limits.ts), by ~36,500 dates of a few bytes each.
 */
const holidayCache = new Map<string, Promise<{ names: readonly string[] | null; holidaysKnown: boolean }>>();
function holidaysOn(date: string) {
  let found = holidayCache.get(date);
  if (!found) {
    found = getHolidayNames(date).then(
      (names) => ({ names, holidaysKnown: true }),
      () => ({ names: null, holidaysKnown: false }), // a year the list does not have
    );
    holidayCache.set(date, found);
  }
  return found;
}

/** `day` (1-based) of a simulation that starts on `startDate`. */
export async function dayInfo(startDate: string, day: number): Promise<DayInfo> {
  const at = new Date(`${startDate}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + day - 1);
  const date = at.toISOString().slice(0, 10);
  const weekday = WEEKDAYS[at.getUTCDay()]!;
  const { names, holidaysKnown } = await holidaysOn(date);
  const holiday = names?.length ? names.join(", ") : null;
  const weekend = at.getUTCDay() === 0 || at.getUTCDay() === 6;
  return {
    date,
    weekday,
    holiday,
    dayType: holiday ? "holiday" : weekend ? "weekend" : "weekday",
    holidaysKnown,
  };
}

/** How a day reads in the prompts: "3일차 (2026-10-05 월요일, 공휴일: 추석)". */
export function dayLabel(day: number, info: DayInfo | undefined): string {
  if (!info) return `${day}일차`;
  return `${day}일차 (${info.date} ${info.weekday}${info.holiday ? `, 공휴일: ${info.holiday}` : info.dayType === "weekend" ? ", 주말" : ", 평일"})`;
}
