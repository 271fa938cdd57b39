// Opening hours a question asks for ("24시간", "늦게까지", "새벽 두시쯤", "지금 여는"), and what a document
// says of its own hours. A crawled document has no timetable: what it says of its hours are the
// features its reviews and description carry (vocabulary.ts: 24시간 — "24시간 영업", "밤새"; 늦게까지 —
// "새벽까지 영업", "심야 영업"). So a document open all day is open at every hour, one open late is open
// through the night into the small hours, and one that says neither is taken to keep ordinary hours
// (the 06–22 window below), which a night-time ask cannot rely on.
import { kstParts } from "../platform/time.ts";
import { normalizeNumerals } from "../korean/numerals.ts";
import type { HoursAsk } from "./structured-query.ts";

/**
 * The hours a restaurant that says nothing of them is assumed to keep: open by day, closed from 22:00
 * to 06:00. An assumption, not a measured table (no source in shared/data gives opening hours): an hour
 * outside [NIGHT_ENDS, NIGHT_STARTS) is night, and only a place that says it opens late serves it.
 */
export const NIGHT_STARTS = 22;
export const NIGHT_ENDS = 6;

const isNight = (h: number) => h >= NIGHT_STARTS || h < NIGHT_ENDS;

/** "24시간", "밤낮 없이", "문 안 닫는", "밤새": open at every hour. */
const ALL_DAY =
  /24\s?시(?:간)?|밤낮\s?(?:없이|가리지)|(?:문|가게)\s?(?:을|를)?\s?안\s?닫|안\s?닫는|밤새(?:도록)?\s?(?:하|여|열|영업)|연중무휴\s?24/;
/** "늦게까지", "심야", "새벽에", "야밤", "자정 넘어", "밤늦게": open late. */
const LATE =
  /늦게\s?까지|늦은\s?(?:시간|밤|저녁)|밤\s?늦게|심야|야밤|새벽|자정|(?:밤|저녁)\s?(?:열|11|12)\s?시\s?(?:넘|이후|에도|쯤|에)|야식/;
/** "새벽 두시", "밤 11시", "새벽 2시쯤", "자정": the hour named. */
const HOUR_NAMED = /(새벽|밤|저녁|오전|오후)?\s?(자정|[0-9]{1,2}\s?시(?!간))/;
/** "지금 여는", "지금 문 연", "현재 영업 중", "영업 중인": at the hour the question is asked. */
const NOW =
  /(?:지금|현재|당장)\s?(?:(?:문\s?)?(?:여는|연|열려|열린|열어|영업|하는|갈\s?수)|영업\s?중)|영업\s?중인/;

function namedHour(text: string): number | undefined {
  // "두시" → "2시" (native and Sino-Korean numerals)
  const m = HOUR_NAMED.exec(normalizeNumerals(text));
  if (!m) return undefined;
  const [, part, word] = m;
  if (word === "자정") return 0;
  const n = Number(word!.replace(/\D/g, ""));
  if (n > 24) return undefined;
  // "새벽 두시" is 2; "밤 11시" 23; "밤 1시" 1; a bare "2시" beside 새벽/늦게 is read with them
  if (part === "밤" || part === "저녁" || part === "오후") return n === 12 ? 0 : n < 6 ? n : (n + 12) % 24;
  return n % 24;
}

/**
 * The hours a question asks for, and the words that asked (to be claimed, so they are read as
 * nothing else). `askedAt` is when the question was asked, for "지금"; without it "지금" asks nothing.
 */
export function readHours(
  text: string,
  askedAt?: number,
): { ask: HoursAsk; spans: { start: number; end: number }[] } | undefined {
  const spans: { start: number; end: number }[] = [];
  // every wording of it is claimed ("문 안 닫고 밤낮 없이"), so none is left to be read as a name
  const take = (re: RegExp) => {
    const all = [...text.matchAll(new RegExp(re.source, "g"))];
    for (const m of all) spans.push({ start: m.index, end: m.index + m[0].length });
    return all.length > 0;
  };
  if (take(ALL_DAY)) return { ask: { need: "24시간" }, spans };
  if (take(NOW)) {
    if (askedAt === undefined) return undefined;
    const at = kstParts(new Date(askedAt)).hour;
    // in the day every listed restaurant is taken to be open: no hours to filter on
    return isNight(at) ? { ask: { need: "늦게까지", at }, spans } : undefined;
  }
  if (!take(LATE)) return undefined;
  const at = namedHour(text);
  // the hour's own words ("두시쯤", "2시"), so they are read as nothing else
  const hourWords = /(?:[0-9]{1,2}|한|두|세|네|다섯|열한|열두|열)\s?시(?!간)\s?(?:쯤|경|에|이후|넘어)?/.exec(
    text,
  );
  if (hourWords) spans.push({ start: hourWords.index, end: hourWords.index + hourWords[0].length });
  return { ask: { need: "늦게까지", ...(at !== undefined && isNight(at) ? { at } : {}) }, spans };
}

/** The features a document must carry to meet the ask (24시간 also meets 늦게까지). */
export function hoursFeatures(ask: HoursAsk): string[] {
  return ask.need === "24시간" ? ["24시간"] : ["24시간", "늦게까지"];
}

/** Does a document, by what it says of its hours (its features), meet the ask? */
export function meetsHours(features: readonly string[], ask: HoursAsk): boolean {
  return hoursFeatures(ask).some((f) => features.includes(f));
}

/** "24시간 여는", "새벽 2시에 여는", "늦게까지 여는": the ask in words, for the answer. */
export function hoursPhrase(ask: HoursAsk): string {
  if (ask.need === "24시간") return "24시간 여는";
  if (ask.at === undefined) return "늦게까지 여는";
  const h = ask.at;
  const said = h === 0 ? "자정" : h < NIGHT_ENDS ? `새벽 ${h}시` : `밤 ${h > 12 ? h - 12 : h}시`;
  return `${said}에 여는`;
}

/** What a document says of its hours, as a line of the answer. */
export function hoursLine(features: readonly string[]): string {
  if (features.includes("24시간")) return "영업시간: 24시간 영업이라고 합니다";
  if (features.includes("늦게까지")) return "영업시간: 늦게까지(새벽까지) 영업한다고 합니다";
  return "영업시간: 늦게까지 연다는 자료가 없습니다";
}
