// What the first sentence's readers (fact-readers.ts) work with: the loaded tables with their document
// numbers and report names, the question's form and fact, and the small helpers they share (a cell's
// figure, amounts read out in 조/억/만, the citation, the table a year before, the lead of a change).
import { koreanWon } from "../korean/numerals.ts";
import { josaFor } from "../korean/josa.ts";
import { nameWith } from "./company-names.ts";
import type { DartRow } from "../providers/opendart.ts";
import type { ContextDoc, LoadedTable } from "./load-documents.ts";
import { periodName } from "./periods.ts";
import { ANNUAL_TOPICS, type QuestionForm, type Topic } from "./question-form.ts";

/** A loaded table with where it came from: its document's number and the report's name. */
export interface Table extends LoadedTable {
  n: number;
  /** "2025년 사업보고서", "2026년 3분기 분기보고서" */
  report: string;
}

export interface FactContext {
  query: string;
  form: QuestionForm;
  topic: Topic;
  company: string;
  /** every loaded table, newest period first */
  tables: Table[];
  news: ContextDoc[];
}

/** "2025년 사업보고서" (periodName without "(연간)"). */
export const reportName = (year: number, quarter: number) => periodName(year, quarter).replace("(연간)", "");

/** A figure of a table cell ("1,234" → 1234; "-" and blanks → undefined). */
export function num(cell: string | undefined): number | undefined {
  if (!cell || !/\d/.test(cell)) return undefined;
  const n = Number(cell.replace(/[,\s]/g, ""));
  return Number.isFinite(n) ? n : undefined;
}

export const won = (n: number) => koreanWon(n);
export const count = (n: number, unit: string) => `${n.toLocaleString("en-US")}${unit}`;
export const cite = (...ts: (Table | undefined)[]) =>
  `[${[...new Set(ts.filter((t): t is Table => !!t).map((t) => t.n))].join(", ")}]`;
export const topicOf = (name: string, option: "은/는" | "이/가" | "을/를" | "와/과") =>
  nameWith(name, option);
export const particle = josaFor;

/**
 * A change in words, the lead first: "예, 늘었습니다: 삼성전자의 직원은 2025년 3분기 분기보고서
 * 133,970명에서 2026년 3분기 분기보고서 134,623명으로 늘었습니다", or "… 모두 같습니다".
 */
export function changeSentence(
  query: string,
  subject: string,
  before: { value: number; text: string },
  after: { value: number; text: string },
): string {
  const lead = changeLead(query, before.value, after.value);
  if (before.value === after.value)
    return `${lead}: ${subject} ${before.text}${josaFor(before.text, "와/과")} ${after.text} 모두 같습니다`;
  const went = after.value > before.value ? "늘었습니다" : "줄었습니다";
  return `${lead}: ${subject} ${before.text}에서 ${after.text}${josaFor(after.text, "으로/로")} ${went}`;
}

/** The newest table of a key; for a year's figure (pay, dividends) the newest business report first. */
export function newest(
  ctx: FactContext,
  apiKey: string,
  annual = ANNUAL_TOPICS.has(ctx.topic),
): Table | undefined {
  const of = ctx.tables.filter((t) => t.apiKey === apiKey);
  return (annual ? of.find((t) => t.quarter === 4) : undefined) ?? of[0];
}

/** The table a year before `t` (the same quarter), else the next older one of the key. */
export function yearBefore(ctx: FactContext, t: Table): Table | undefined {
  const of = ctx.tables.filter((x) => x.apiKey === t.apiKey && x !== t);
  return (
    of.find((x) => x.year === t.year - 1 && x.quarter === t.quarter) ??
    of.find((x) => x.year * 4 + x.quarter < t.year * 4 + t.quarter)
  );
}

/** The row whose field matches. */
export const rowWhere = (rows: DartRow[], field: string, test: RegExp) =>
  rows.find((r) => test.test(r[field] ?? ""));

/** "예, 늘었습니다" / "아니요, 줄었습니다" / "변동이 없습니다", against the direction the question asks. */
export function changeLead(query: string, before: number, after: number): string {
  const asksUp = /늘|증가|많아|올랐|오른|커졌/.test(query);
  const asksDown = /줄|감소|적어|내렸|떨어|작아/.test(query);
  const went = after > before ? "늘었습니다" : after < before ? "줄었습니다" : "그대로입니다";
  if (asksUp || asksDown) {
    const yes = (asksUp && after > before) || (asksDown && after < before);
    return `${yes ? "예" : "아니요"}, ${went}`;
  }
  return after === before ? "아니요, 변동이 없습니다" : `예, ${went}`;
}

/** What the answer checked, for a sentence that did not find the fact: the company, the report, the table. */
export const checked = (ctx: FactContext, t: Table | undefined, table: string) =>
  t
    ? `${ctx.company} ${t.report}의 ${table}${josaFor(table, "을/를")} 확인했습니다 ${cite(t)}`
    : `${ctx.company}의 정기보고서에서 ${table}${josaFor(table, "을/를")} 불러오지 못했습니다`;
