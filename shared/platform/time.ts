// Korean calendar dates (UTC+9, no daylight saving) from instants, computed without the machine's time
// zone: a Lambda runs in UTC, and a story published at 00:30 KST must not land on the day before.
const KST_MS = 9 * 3600_000;

export interface KstParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

export function kstParts(at: Date): KstParts {
  const k = new Date(at.getTime() + KST_MS);
  return {
    year: k.getUTCFullYear(),
    month: k.getUTCMonth() + 1,
    day: k.getUTCDate(),
    hour: k.getUTCHours(),
    minute: k.getUTCMinutes(),
    second: k.getUTCSeconds(),
    weekday: k.getUTCDay(),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** "2026-09-15" */
export function kstIsoDate(at: Date): string {
  const p = kstParts(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "20260915" (OpenDART's YYYYMMDD) */
export function kstYmd(at: Date): string {
  return kstIsoDate(at).replaceAll("-", "");
}

/** The instant of a Korean wall-clock time. */
export function fromKst(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - KST_MS);
}

/** A YYYYMMDD string as the instant of that Korean midnight. */
export function fromYmd(ymd: string): Date {
  return fromKst(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)), Number(ymd.slice(6, 8)));
}

/** Naver's pubDate format: "Tue, 15 Sep 2026 09:41:00 +0900". */
export function rfc1123Kst(at: Date): string {
  const p = kstParts(at);
  const days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${days[p.weekday]}, ${pad(p.day)} ${months[p.month - 1]} ${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)} +0900`;
}

/** "2025-09-29T11:57:03.993": Korean wall-clock time without an offset, as seed 003's collection_date. */
export function kstIsoDateTime(at: Date): string {
  const p = kstParts(at);
  const ms = String(((at.getTime() % 1000) + 1000) % 1000).padStart(3, "0");
  return `${kstIsoDate(at)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${ms}`;
}
