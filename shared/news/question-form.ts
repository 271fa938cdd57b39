// What form the answer takes and what it is about, read from the question's words (rules): who, yes or
// no, how many, how much, when, whether something changed, the news — and the fact a periodic report
// holds (the dividend, the largest shareholder or its changes, executives, employees, their pay, capital
// changes, treasury shares, the main accounts, the auditor's opinion). The first sentence of the answer follows both
// (fact-answer.ts).
import { ASKING, apiKeysFor, personBeforePay } from "./query.ts";
import { PARTICLES, questionSubject } from "./company-names.ts";
import { parseKoreanWon } from "../korean/numerals.ts";

export { personBeforePay };

export type QuestionForm =
  "who" | "yes_no" | "how_many" | "how_much" | "when" | "changed" | "news" | "statement";

export type Topic =
  | "dividend"
  | "major_holder"
  | "holder_change"
  | "executives"
  | "outside_directors"
  | "employees"
  | "employee_pay"
  | "executive_pay"
  | "capital_change"
  | "treasury_stock"
  | "accounts"
  | "audit"
  | "news";

const CHANGED =
  /바뀌|바뀐|바뀜|바꼈|바꿨|그대로|변동|변경|변화|늘었|줄었|늘어|줄어|늘렸|줄였|증가|감소|달라|비교|대비|보다\s?(많|적|늘|줄)|교체|전년보다|작년보다/;
const WHEN = /언제|며칠|날짜|기준일|시기|몇\s?월|몇\s?년도/;
const WHO = /누구|누가|어느\s?분|이름이?\s?뭐/;
const HOW_MANY = /몇\s?(명|주|개|곳|건|번|회|사람)|인원|(직원|임원|이사|주주|주식|사람)\s?수|몇$|몇\s?\?/;
const HOW_MUCH = /얼마|금액|몇\s?(원|퍼|%|프로)|몇퍼|규모|평균|지분율|비율|액수/;
const YES_NO =
  /(했|줬|샀|팔았|있|없|하|주|받|됐|되|냈|였|이었|줄였|늘렸|소각했|발행했)(어|나|니|냐|나요|어요|습니까|음|었나|었어|었음|는지|을까|ㅇ|지)\s*\??$|\?$/;
const NEWS = /뉴스|기사|보도|소식|헤드라인|이슈|근황|무슨\s?일|요즘\s?(어때|뭐)/;

/** Words that compare with an amount: above it (넘어, 이상, 초과) or below it (안 넘어, 미만, 이하, 밑). */
const ABOVE = /넘|이상|초과|돼|되나|되니|되냐|될까/;
const BELOW = /안\s?넘|못\s?넘|미만|이하|밑|안\s?돼|안\s?되|못\s?미/;

/**
 * An amount a yes-or-no question compares with ("평균연봉 1억 넘어?", "배당 500원 이상이야?"): the amount
 * in won and whether it asks above it; undefined for any other question.
 */
export function thresholdOf(
  query: string,
): { amount: number; above: boolean; inclusive: boolean } | undefined {
  const m = /(\d[\d,.]*\s?(?:조|억|천만|백만|만|천)?\s?원?)\s?(?:은|는|이|가|을|를)?\s?(\S+)/.exec(query);
  if (!m || !/조|억|만|천|원/.test(m[1]!)) return undefined;
  const amount = parseKoreanWon(m[1]!.includes("원") ? m[1]! : `${m[1]}원`);
  const rest = query.slice(m.index + m[1]!.length);
  if (amount === undefined || !(ABOVE.test(rest) || BELOW.test(rest))) return undefined;
  return { amount, above: !BELOW.test(rest), inclusive: /이상|이하/.test(rest) };
}

/** The answer's form. A report fact asked "changed?" is changed; a question about news alone is news. */
export function questionForm(query: string): QuestionForm {
  const q = query.trim();
  const reportFact = apiKeysFor(q).length > 0;
  if (NEWS.test(q) && !reportFact) return "news";
  if (reportFact && thresholdOf(q) && !WHEN.test(q) && !HOW_MANY.test(q)) return "yes_no";
  if (WHEN.test(q)) return "when";
  if (CHANGED.test(q)) return "changed";
  if (WHO.test(q)) return "who";
  if (HOW_MUCH.test(q) && !/몇\s?(명|주|개|곳|건)/.test(q)) return "how_much";
  if (HOW_MANY.test(q)) return "how_many";
  if (YES_NO.test(q)) return "yes_no";
  return "statement";
}

const PAY = /보수|연봉|급여|월급|성과급|임금/;

/** The fact the question asks about, from its report keys and words; undefined when it asks none in particular. */
export function questionTopic(query: string): Topic | undefined {
  const keys = apiKeysFor(query);
  const has = (...ks: string[]) => ks.some((k) => keys.includes(k));
  if (has("api_05")) return "holder_change";
  if (has("api_09", "api_10", "api_11", "api_14", "api_21", "api_22")) return "executive_pay";
  if (PAY.test(query) && (has("api_07") || personBeforePay(query))) return "executive_pay";
  if (has("api_08")) return PAY.test(query) ? "employee_pay" : "employees";
  if (has("api_04")) return "major_holder";
  if (has("api_27")) return "outside_directors";
  if (has("api_07")) return "executives";
  if (has("api_01")) return "capital_change";
  if (has("api_03")) return "treasury_stock";
  if (has("api_02")) return "dividend";
  if (has("accounts")) return "accounts";
  if (has("api_24")) return "audit";
  if (NEWS.test(query)) return "news";
  return undefined;
}

/** Topics whose change is read across two reports (the same period a year apart), not within one. */
export const COMPARED_ACROSS_REPORTS: ReadonlySet<Topic> = new Set([
  "employees",
  "employee_pay",
  "executives",
  "outside_directors",
  "executive_pay",
]);

/** Topics a year's figure answers (pay, dividends, the audit of a year): the business report, not a quarter's running total. */
export const ANNUAL_TOPICS: ReadonlySet<Topic> = new Set([
  "employee_pay",
  "executive_pay",
  "dividend",
  "audit",
]);

/** How a "did it change" question compares across reports (periods.ts's Comparison); undefined: one report answers it. */
export function comparisonOf(query: string): "quarter" | "annual" | undefined {
  const topic = questionTopic(query);
  if (questionForm(query) !== "changed" || !topic || !COMPARED_ACROSS_REPORTS.has(topic)) return undefined;
  return ANNUAL_TOPICS.has(topic) ? "annual" : "quarter";
}

/** A question asks something (who, what, where, how …), whatever its form. */
export const ASKS = /누구|누가|얼마|언제|며칠|몇|뭐|무엇|무슨|어디|어느|어때|어떻|어떤|알려|\?\s*$/;

/** Words around what is asked that are not it: times, fillers, a verb's or a copula's ending. */
const NOT_ASKED =
  /^(요즘|요새|최근|최신|지금|현재|올해|금년|작년|재작년|지난해|이번|혹시|좀|그럼|근데|\d+년|\d분기)$/;
const ASKING_ALL = new RegExp(`${ASKING.source}|어디|어느|얼마나|무엇`, "g");
const ENDING =
  /(?:했|됐|였|이었|왔|았|었|났|갔|해|된|한)?(?:어요|어|냐|나요|나|니|음|지|야|이야|예요|이에요|인가요|인가)$|(?:했|됐|였|왔|았|었|났|갔)$/;

/**
 * What a question asks about in its own words when no report fact is named: its words after the subject
 * less the asking words, particles and endings ("삼성전자 주가 얼마" → 주가, "카카오 언제 상장했어" →
 * 상장); undefined when nothing is left.
 */
export function askedThing(query: string): string | undefined {
  const q = query.normalize("NFC");
  const subject = questionSubject(q);
  // after the subject; a Latin one with the rest of its word ("LG전자 신제품" → 신제품)
  let end = subject ? q.indexOf(subject) + subject.length : 0;
  if (subject && /^[A-Za-z]/.test(subject)) while (end < q.length && /\S/.test(q[end]!)) end++;
  const rest = q.slice(end);
  const words = rest
    .split(/[\s,?!.~]+/)
    .map((w) => w.replace(ASKING_ALL, " ").trim().split(/\s+/)[0] ?? "")
    .map((w) => {
      // a verb's ending goes, and a word that was only a verb with it ("나왔어")
      const stem = w.replace(ENDING, "");
      return stem.length >= 2 || stem === w ? stem : "";
    })
    .map((w) => {
      for (let cut = Math.min(3, w.length - 2); cut >= 1; cut--)
        if (PARTICLES.has(w.slice(-cut))) return w.slice(0, -cut);
      return w;
    })
    .filter((w) => /^[가-힣A-Za-z]{2,}$/.test(w) && !NOT_ASKED.test(w));
  return words.length ? words.slice(0, 2).join(" ") : undefined;
}

/**
 * The name a yes-or-no question checks a person or holder against ("최대주주가 에코프로 맞아?" →
 * 에코프로, "대표가 홍길동이야?" → 홍길동): the words between the role and 맞아/인가/이야.
 */
export function askedValue(query: string): string | undefined {
  const m =
    /(?:최대\s?주주|대주주|대표\s?이사|대표|회장|CEO|사장)(?:가|는|은|이)?\s+(\S+?)\s?(?:맞아|맞나|맞지|맞음|맞니|맞습니까|맞아요|인가요?|이야|이에요|예요|야|임)\s*\??$/i.exec(
      query.trim(),
    );
  const value = m?.[1]?.replace(/(이|가)$/, "");
  return value && value.length >= 2 && !/누구|누가|뭐|무엇|어디|얼마|몇|언제|어느/.test(value)
    ? value
    : undefined;
}
