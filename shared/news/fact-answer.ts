// The first sentence of an answer, by rule: what the question asks (question-form.ts: the fact and the
// form) read from the loaded tables (fact-readers.ts) — a name for "who", 예/아니요 for a yes-or-no
// question, a count with its unit, an amount, a date, changed or not (a change of the largest shareholder
// from its change table, api_05; a count or pay compared with the same period a year before), a headline
// — or, when the tables do not hold it, "공시에서 찾지 못했습니다" with what was checked. Every figure is
// a table's, amounts also read out in 조/억/만. On synthetic data the sentence says so first.
import type { ContextDoc } from "./load-documents.ts";
import { questionForm, questionTopic, thresholdOf } from "./question-form.ts";
import { parseKoreanWon } from "../korean/numerals.ts";
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
  // each company's fact from its own reports; several companies asked together are answered in turn
  const companies = [...new Set(regular.map((d) => d.company).filter((c): c is string => !!c))];
  const several = topic !== "news" && companies.length > 1;
  const form = questionForm(query);
  // "1억 넘어?": the figure read as an amount, then judged against the one asked
  const threshold = form === "yes_no" ? thresholdOf(query) : undefined;
  const sentences = (several ? companies : [company ?? companies[0] ?? ""]).map((name) => {
    const own = several || companies.length > 1 ? docs.filter((d) => d.company === name) : docs;
    const ctx: FactContext = {
      query,
      // "A랑 B 비교" compares the companies, not each with its year before
      form: threshold
        ? "how_much"
        : several && form === "changed" && !CHANGED_IN_TIME.test(query)
          ? "statement"
          : form,
      topic,
      company: name,
      tables: tablesOf(own),
      news,
    };
    const read = TOPIC_READERS[topic](ctx);
    return read && threshold ? judged(read, threshold) : read;
  });
  if (sentences.some((x) => !x)) return undefined;
  const joined = sentences.map((x) => x!.replace(/\.$/, "")).join("; ") + ".";
  const sentence = form === "changed" && ASKS_UNCHANGED.test(query) ? flipYesNo(joined) : joined;
  const synthetic = (topic === "news" ? news : regular).some((d) => d.synthetic);
  return synthetic ? `합성 데이터 기준, ${sentence}` : sentence;
}

/** A change over time (not a comparison of companies). */
const CHANGED_IN_TIME =
  /바뀌|바뀐|바꿨|변동|변경|변화|늘었|줄었|늘어|줄어|늘렸|줄였|증가|감소|달라|교체|전년|작년보다|지난해보다/;

/** "그대로야?", "유지돼?": asked whether it stayed, so 예 means unchanged. */
const ASKS_UNCHANGED = /그대로|유지|변함\s?없|안\s?바뀌|안\s?바꼈/;

/** The sentence's 예 and 아니요 swapped (it answers "did it stay?" rather than "did it change?"). */
const flipYesNo = (sentence: string) =>
  sentence.replace(/^(예|아니요)(?=,)/, (m) => (m === "예" ? "아니요" : "예"));

/** A figure's sentence led by whether it passes the asked amount ("예, 넘습니다: …"); as it is when it states no amount. */
function judged(sentence: string, t: { amount: number; above: boolean; inclusive: boolean }): string {
  const figure = parseKoreanWon(sentence.replace(/\d{4}년/g, ""));
  if (figure === undefined) return sentence;
  const same = figure === t.amount;
  const yes = same ? t.inclusive : figure > t.amount === t.above;
  const said = same ? "같습니다" : figure > t.amount ? "넘습니다" : "넘지 않습니다";
  return `${yes ? "예" : "아니요"}, ${said}: ${sentence}`;
}
