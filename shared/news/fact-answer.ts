// The first sentence of an answer, by rule: what the question asks (question-form.ts: the fact and the
// form) read from the loaded tables (fact-readers.ts) — a name for "who", 예/아니요 for a yes-or-no
// question, a count with its unit, an amount, a date, changed or not (a change of the largest shareholder
// from its change table, api_05; a count or pay compared with the same period a year before), a headline
// — or, when the tables do not hold it, "공시에서 찾지 못했습니다" with what was checked. Every figure is
// a table's, amounts also read out in 조/억/만. On synthetic data the sentence says so first.
import type { ContextDoc } from "./load-documents.ts";
import { questionForm, questionTopic } from "./question-form.ts";
import { TOPIC_READERS } from "./fact-readers.ts";
import { reportName, type FactContext, type Table } from "./fact-tables.ts";

function tablesOf(docs: readonly ContextDoc[]): Table[] {
  return docs
    .flatMap((d) => (d.tables ?? []).map((t) => ({ ...t, n: d.n, report: reportName(t.year, t.quarter) })))
    .sort((a, b) => b.year - a.year || b.quarter - a.quarter);
}

/**
 * The sentence that answers what was asked, from the loaded documents; undefined when the question
 * asks no fact in particular. `synthetic`: the documents are the sample's, and the sentence says so.
 */
export function factSentence(
  query: string,
  docs: readonly ContextDoc[],
  company: string | undefined,
): string | undefined {
  const topic = questionTopic(query);
  if (!topic) return undefined;
  const news = docs.filter((d) => d.type === "news");
  const regular = docs.filter((d) => d.type === "regular");
  const name = company ?? regular[0]?.company ?? "";
  const ctx: FactContext = {
    query,
    form: questionForm(query),
    topic,
    company: name,
    tables: tablesOf(docs),
    news,
  };
  const sentence = TOPIC_READERS[topic](ctx);
  if (!sentence) return undefined;
  const synthetic = (topic === "news" ? news : regular).some((d) => d.synthetic);
  return synthetic ? `합성 데이터 기준, ${sentence}` : sentence;
}
