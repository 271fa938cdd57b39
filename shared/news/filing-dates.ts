// "언제 공시했어", "실적발표 언제", "사업보고서 언제 나왔어": the date a filing was made, from the loaded
// filings themselves — a periodic report's receipt number begins with its filing day (OpenDART's
// rcept_no: YYYYMMDD and a sequence), a 정정 filing carries its date — and, asked about one to come,
// the legal deadline of the next periodic report (자본시장법 제159조: the business report within 90
// days of the year's end; 제160조: half-year and quarter reports within 45 days of the period's end).
import { josaFor } from "../korean/josa.ts";
import type { ContextDoc } from "./load-documents.ts";
import { reportName } from "./fact-tables.ts";
import { questionForm, questionTopic } from "./question-form.ts";

/** What a "when" question asks the filing date of: a periodic report of a kind, results, or any filing. */
const REPORT_KINDS: [RegExp, number[] | undefined][] = [
  [/사업\s?보고서|연간\s?보고서/, [4]],
  [/반기\s?보고서/, [2]],
  [/분기\s?보고서/, [1, 3]],
  [/실적|정기\s?보고서|보고서/, undefined],
];
const ANY_FILING = /공시/;
/** Asked about a filing still to come. */
const TO_COME = /나와|나오|나올|예정|언제쯤|할\s?거|한대|발표\s?해|언제\s?해|언제\s?하/;

interface Filed {
  doc: ContextDoc;
  ymd: string;
  name: string;
}

const dateWords = (ymd: string) =>
  `${ymd.slice(0, 4)}년 ${Number(ymd.slice(4, 6))}월 ${Number(ymd.slice(6, 8))}일`;

/** The loaded filings with their filing day: periodic reports (by receipt number) and 정정 filings (by date). */
function filed(docs: readonly ContextDoc[]): Filed[] {
  const out: Filed[] = [];
  for (const doc of docs) {
    const table = doc.tables?.[0];
    if (doc.type === "regular" && /^\d{8}/.test(doc.id) && table)
      out.push({ doc, ymd: doc.id.slice(0, 8), name: reportName(table.year, table.quarter) });
    const dated = /^(\d{4})\.(\d{2})\.(\d{2}) (.+?)(?: — |$)/.exec(doc.header);
    if (doc.type === "revision" && dated)
      out.push({ doc, ymd: `${dated[1]}${dated[2]}${dated[3]}`, name: `‘${dated[4]}’` });
  }
  return out.sort((a, b) => b.ymd.localeCompare(a.ymd));
}

/** The periodic report after the one of `year` and `quarter` (4: the business report), and its legal deadline. */
export function nextReportDue(
  year: number,
  quarter: number,
): { year: number; quarter: number; name: string; ymd: string } {
  const [y, q] = quarter === 4 ? [year + 1, 1] : [year, quarter + 1];
  const due = { 1: `${y}0515`, 2: `${y}0814`, 3: `${y}1114`, 4: `${y + 1}0331` }[q]!;
  return { year: y, quarter: q, name: reportName(y, q), ymd: due };
}

/**
 * The sentence that answers when a filing was made ("삼성전자가 가장 최근 공시한 날은 …"), or
 * undefined when the question asks another date (a fact's own: 배당 기준일, 최대주주 변경일) or none.
 */
export function filingDateSentence(
  query: string,
  docs: readonly ContextDoc[],
  who: string,
): string | undefined {
  const topic = questionTopic(query);
  if (questionForm(query) !== "when" || (topic && topic !== "accounts")) return undefined;
  const kind = REPORT_KINDS.find(([re]) => re.test(query));
  if (!kind && !ANY_FILING.test(query)) return undefined;
  const quarters = kind?.[1];
  const all = filed(docs).filter(
    (f) => !kind || (f.doc.type === "regular" && (!quarters || quarters.includes(f.doc.tables![0]!.quarter))),
  );
  const subject = who ? `${who}${josaFor(who, "이/가")} ` : "";
  const newest = all[0];
  if (!newest)
    return `${subject}낸 ${kind ? "정기보고서" : "공시"}의 날짜는 불러온 공시에서 찾지 못했습니다.`;
  const lead = newest.doc.synthetic ? "합성 데이터 기준, " : "";
  const what = kind ? `${newest.name}${josaFor(newest.name, "을/를")} 공시한` : "가장 최근 공시한";
  let sentence = `${lead}${subject}${what} 날은 ${dateWords(newest.ymd)}입니다${kind ? "" : `(${newest.name})`} [${newest.doc.n}]`;
  const table = newest.doc.tables?.[0];
  if (TO_COME.test(query) && table) {
    let next = nextReportDue(table.year, table.quarter);
    // the next of the kind asked ("분기보고서 언제 나와" after a third quarter: the next year's first)
    while (quarters && !quarters.includes(next.quarter)) next = nextReportDue(next.year, next.quarter);
    sentence += `; 다음 ${next.name}의 법정 제출 기한은 ${dateWords(next.ymd)}입니다`;
  }
  return `${sentence}.`;
}
