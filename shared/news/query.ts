// What a question asks, read by rules (003's AnalyzeQuery initialises; the branches need more): the
// periods it names, the report keys its words point at, and whether it wants the latest news.
import { kstParts } from "../platform/time.ts";
import { REPORT_API_KEYS } from "../providers/opendart-apis.ts";
import type { NamedPeriod, QueryAnalysis } from "./schemas.ts";

/**
 * Words → report keys, tried in order; a phrase consumes its words, so "미등기임원 보수" is api_14 and
 * not also 임원 (api_07). The table is 003's list of the 28 APIs read as a Korean reader would ask.
 */
const KEY_WORDS: [RegExp, string[]][] = [
  [/미등기\s?임원(\s?(보수|연봉|급여))?/g, ["api_14"]],
  [/주주총회\s?승인|보수\s?한도/g, ["api_21"]],
  [/보수.{0,3}유형|유형별\s?보수/g, ["api_22"]],
  [/개인별\s?보수|5억/g, ["api_09", "api_11"]],
  [/(임원|이사|감사|경영진)\s?(보수|연봉)/g, ["api_09", "api_10", "api_11"]],
  [
    /(최대\s?주주|대주주).{0,8}(변동|변경|바뀌|바뀐|바뀜|바꼈|바꿨|교체|달라|그대로)|지분\s?(변동|변화)/g,
    ["api_05"],
  ],
  [/최대\s?주주|대주주|지배\s?구조|지분율/g, ["api_04"]],
  [/소액\s?주주/g, ["api_06"]],
  [/사외\s?이사/g, ["api_07", "api_27"]],
  [
    /임원|경영진|등기\s?이사|대표\s?이사|대표(?=\s|$|는|가|가\s|자|\s?누구|\s?언제)|회장|사장|CEO|최고경영자/gi,
    ["api_07"],
  ],
  [
    /직원\s?(평균\s?)?(연봉|급여|월급|보수)|(연봉|급여)\s?평균|직원|고용|인력|평균\s?(연봉|급여)|근속|채용|성과급/g,
    ["api_08"],
  ],
  [/(유상|무상)?증자|감자|(합병|전환)?\s?신주/g, ["api_01"]],
  [/배당/g, ["api_02"]],
  [/자사주|자기\s?주식/g, ["api_03"]],
  [/타법인|출자|자회사|지분\s?투자/g, ["api_12"]],
  [/조건부\s?자본\s?증권|코코본드/g, ["api_13"]],
  [/신종\s?자본\s?증권|영구채/g, ["api_28"]],
  [/회사채/g, ["api_15"]],
  [/단기\s?사채|전단채/g, ["api_16"]],
  [/기업\s?어음|\bCP\b/gi, ["api_17"]],
  [/채무\s?증권|(채권|사채)\s?발행/g, ["api_18"]],
  [/사모\s?자금|사모/g, ["api_19"]],
  [/공모\s?자금|공모/g, ["api_20"]],
  [/주식\s?의?\s?총수|(발행|유통)\s?주식|주식\s?수/g, ["api_23"]],
  [/비감사\s?용역/g, ["api_26"]],
  [/감사\s?(용역|보수|시간)/g, ["api_25"]],
  [/감사\s?의견|회계\s?감사|감사인|회계\s?법인/g, ["api_24"]],
  [/매출|영업\s?이익|순이익|실적|이익|손실|적자|흑자|자산|부채|자본|재무/g, ["accounts"]],
  // pay with no one named: 보수 is the directors' word, 연봉 and 급여 the employees'
  [/보수/g, ["api_10"]],
  [/연봉|급여|월급/g, ["api_08"]],
];

/** Words that ask rather than name: who, how much, when, whether, the news, the filings. */
export const ASKING =
  /누구|누가|얼마|언제|며칠|몇|뭐|무슨|어때|어떻|어떤|알려|있어|있나|있니|있음|있었|있는|했어|했나|했니|했었|했음|줬어|줬나|주나|주니|하나요|바뀌|바뀐|늘었|줄었|늘어|줄어|비교|뉴스|기사|보도|소식|근황|공시|정정|보고서|현황/;

/**
 * Where the first word of what a question asks starts in `text` (-1: none): a report key's word (배당,
 * 최대주주, 직원 …) or an asking word (누구, 얼마, 언제, 뉴스 …). What comes before it is what the
 * question is about ("카카오최대주주누구" → 카카오).
 */
export function askedWordAt(text: string): number {
  const at = [ASKING, ...KEY_WORDS.map(([p]) => new RegExp(p.source, p.flags.replace("g", "")))]
    .map((p) => text.search(p))
    .filter((i) => i >= 0);
  return at.length ? Math.min(...at) : -1;
}

const PERSON_TITLE = /임원|이사|감사|대표|회장|사장|경영진|CEO/i;

/**
 * A person's name asked about before a pay word ("하이브 방시혁 보수"): a whole word of two to four
 * syllables after the question's first word (the company), and no report word.
 */
export function personBeforePay(query: string): string | undefined {
  const m = /(?<![가-힣A-Za-z0-9])([가-힣]{2,4})\s*(?:의\s*)?(?:보수|연봉|급여)/.exec(query);
  const name = m?.[1];
  if (!name || m.index === query.search(/\S/)) return undefined; // the first word is the company
  if (PERSON_TITLE.test(name) || /직원|평균|전체|회사|총|개인/.test(name)) return undefined;
  return wordKeys(name).length ? undefined : name;
}

/** With no topic word the selection checks the main accounts: what a bare "삼성전자 공시" most likely wants. */
export const DEFAULT_API_KEYS = ["accounts"];

export function apiKeysFor(query: string): string[] {
  const keys = wordKeys(query);
  // a person's pay ("하이브 방시혁 연봉") is in the directors' tables, not the employees'
  if (personBeforePay(query) && !/직원/.test(query))
    return REPORT_API_KEYS.filter(
      (k) => (k !== "api_08" && keys.includes(k)) || ["api_09", "api_10", "api_11"].includes(k),
    );
  return keys;
}

/** The report keys the question's words point at, by KEY_WORDS alone. */
function wordKeys(query: string): string[] {
  let rest = query;
  const keys = new Set<string>();
  for (const [pattern, ks] of KEY_WORDS) {
    if (rest.search(pattern) < 0) continue; // search, not test: a global pattern's lastIndex would leak between calls
    ks.forEach((k) => keys.add(k));
    rest = rest.replace(pattern, " ");
  }
  return REPORT_API_KEYS.filter((k) => keys.has(k));
}

const YEAR_WORD = /(재작년|작년|지난\s?해|전년|올해|금년|(?<!\d)(20\d{2}|\d{2})\s*년(?!\s*(간|치|동안|째)))/g;
const QUARTER_WORD =
  /([1-4])\s*분기|([1-4])\s*Q(?![a-z])|(?<![a-z])Q([1-4])|상반기|하반기|반기|사업\s?보고서|연간/gi;

function yearOf(word: string, twoOrFour: string | undefined, now: number): number | null {
  if (word.startsWith("재작년")) return now - 2;
  if (/^(작년|지난|전년)/.test(word)) return now - 1;
  if (/^(올해|금년)/.test(word)) return now;
  if (!twoOrFour) return null;
  const y = twoOrFour.length === 2 ? 2000 + Number(twoOrFour) : Number(twoOrFour);
  // OpenDART's key information starts with 2015. A four-digit year after this one is kept (it becomes
  // a note: nothing can be filed for it yet), never dropped and its quarter read as the latest one; a
  // two-digit one past next year is a duration or an age ("창립 30년"), not a year.
  if (y < 2015) return null;
  return twoOrFour.length === 4 || y <= now + 1 ? y : null;
}

function quarterOfWord(m: RegExpExecArray): number {
  const digit = m[1] ?? m[2] ?? m[3];
  if (digit) return Number(digit);
  return /상반기|^반기/.test(m[0]) ? 2 : 4; // 하반기, 사업보고서, 연간: the annual report
}

/** The named periods of a year after the current one (in Korea): none can be filed yet. */
export function futurePeriods(periods: readonly NamedPeriod[], now: Date): NamedPeriod[] {
  const thisYear = kstParts(now).year;
  return periods.filter((p) => p.year !== null && p.year > thisYear);
}

/** What the answer says of them instead of reading them as another period. */
export const FUTURE_PERIOD = /아직 오지 않은 기간이라 공시된 정기보고서가 없습니다/;

export function futurePeriodNote(periods: readonly NamedPeriod[]): string {
  const names = periods.map((p) => (p.quarter === null ? `${p.year}년` : `${p.year}년 ${p.quarter}분기`));
  return `${names.join(", ")}: 아직 오지 않은 기간이라 공시된 정기보고서가 없습니다.`;
}

/**
 * The periods a question names. A year followed (within a few characters) by a quarter is one period;
 * a year alone means its 사업보고서 (or, before that is filed, the year's filed quarters); a quarter
 * alone means the latest year that has it filed. None named: the latest four filed periods. A year
 * after the current one is named too: the search answers it with futurePeriodNote, not a filing.
 */
export function namedPeriods(query: string, now: Date): NamedPeriod[] {
  const thisYear = kstParts(now).year;
  const years = [...query.matchAll(YEAR_WORD)]
    .map((m) => ({ year: yearOf(m[0], m[2], thisYear), end: (m.index ?? 0) + m[0].length }))
    .filter((y): y is { year: number; end: number } => y.year !== null);
  const quarters = [...query.matchAll(QUARTER_WORD)].map((m) => ({
    quarter: quarterOfWord(m),
    start: m.index ?? 0,
    used: false,
  }));
  const out: NamedPeriod[] = [];
  for (const y of years) {
    const q = quarters.find((q) => !q.used && q.start >= y.end && q.start - y.end <= 3);
    if (q) q.used = true;
    out.push({ year: y.year, quarter: q?.quarter ?? null });
  }
  for (const q of quarters) if (!q.used) out.push({ year: null, quarter: q.quarter });
  return out.filter((p, i) => out.findIndex((o) => o.year === p.year && o.quarter === p.quarter) === i);
}

const LATEST = /최신|최근|요즘|오늘|어제|이번\s?주|방금|속보|latest|recent/i;

export function analyzeQueryText(query: string, now: Date): QueryAnalysis {
  return { periods: namedPeriods(query, now), api_keys: apiKeysFor(query), latest: LATEST.test(query) };
}

// ---- what kind of fact a question asks (issue 25): selection and the first sentence follow it

export type AskedFact =
  "news" | "periodic" | "dividend" | "executives" | "major_holder" | "correction" | "disclosures" | "other";

const NEWS_WORDS = /뉴스|기사|보도|소식|헤드라인|이슈|언론|근황|무슨\s?일/;
/** "주가 왜 떨어짐": the reason is in the news */
export const WHY_WORDS = /왜|이유|원인|무슨\s?일/;
const PRICE_MOVE = /주가|떨어|올랐|오름|오른|빠졌|빠짐|급락|급등|하락|상승|이럼/;
const CORRECTION_WORDS = /정정/;
const DISCLOSURE_WORDS = /공시/;

/** The kind of fact an OpenDART report key holds (accounts → periodic figures, api_02 → dividends …). */
export const factOfKey = (k: string): AskedFact =>
  k === "accounts"
    ? "periodic"
    : k === "api_02"
      ? "dividend"
      : k === "api_07" || k === "api_27"
        ? "executives"
        : k === "api_04" || k === "api_05"
          ? "major_holder"
          : "other";

/**
 * The kinds of fact a question asks, from its words: news (뉴스, 기사; and 왜 about a price move),
 * a figure of the periodic reports, dividends, executives, the largest shareholder, 정정 filings, or
 * recent filings (공시 alone). Empty: nothing in particular (the selection keeps 003's mix).
 */
export function askedFacts(query: string): Set<AskedFact> {
  const facts = new Set<AskedFact>();
  if (NEWS_WORDS.test(query) || (WHY_WORDS.test(query) && PRICE_MOVE.test(query))) facts.add("news");
  if (CORRECTION_WORDS.test(query)) facts.add("correction");
  const keys = apiKeysFor(query);
  for (const k of keys) facts.add(factOfKey(k));
  if (!facts.has("correction") && DISCLOSURE_WORDS.test(query) && !keys.length) facts.add("disclosures");
  return facts;
}

/** The report keys a fact calls for. */
export const keysOfFact = (fact: AskedFact, keys: readonly string[]) =>
  keys.filter((k) => factOfKey(k) === fact);

/** How a selection reason names an asked fact. */
export const FACT_LABEL: Record<AskedFact, string> = {
  news: "뉴스",
  periodic: "실적(매출·영업이익·순이익)",
  dividend: "배당",
  executives: "임원",
  major_holder: "최대주주",
  correction: "정정 공시",
  disclosures: "최근 공시",
  other: "정기보고서 항목",
};
