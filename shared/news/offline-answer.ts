// The answer without an LLM (or when it fails): extractive — a first sentence that answers the asked
// fact from the loaded documents, then each report's selected figures as its table, the filings'
// openings and the headlines with dates — which by construction copies every figure from the context.
import { josaFor } from "../korean/josa.ts";
import { factSentence } from "./fact-answer.ts";
import { filingDateSentence } from "./filing-dates.ts";
import { reportName } from "./fact-tables.ts";
import { ASKS, askedThing, questionForm, questionTopic } from "./question-form.ts";
import type { ContextDoc } from "./load-documents.ts";
import { WHY_WORDS, askedFacts } from "./query.ts";

/** Characters of a filing's text the offline answer quotes. */
const EXCERPT_CHARS = 300;

// ---- the first sentence answers the asked fact ----

const src = (d: ContextDoc) => `[${d.n}]`;
const DOWN_Q = /떨어|하락|빠졌|빠짐|빠진|내려|내림|급락/;
const UP_Q = /오름|올라|올랐|상승|급등|뛰/;
const DOWN_T = /하락|떨어|내려|내린|약세|급락|부진|밀려|빠졌|빠진|우려/;
const UP_T = /상승|올라|오른|올랐|강세|급등|호조|뛰었|뛴/;

/** "왜 떨어졌어": the headline about that move, or that none was found. */
function priceMoveSentence(query: string, docs: readonly ContextDoc[], subject: string): string | undefined {
  if (!(WHY_WORDS.test(query) && (DOWN_Q.test(query) || UP_Q.test(query)))) return undefined;
  const news = docs.filter((d) => d.type === "news");
  const down = DOWN_Q.test(query);
  const hit = news.find((d) => (down ? DOWN_T : UP_T).test(d.title));
  const move = down ? "하락" : "상승";
  const lead = hit?.synthetic ? "합성 데이터 기준, " : "";
  if (hit)
    return `${lead}뉴스 요약에 따르면 ${subject}주가 ${move}${josaFor(move, "와/과")} 관련된 보도는 ‘${hit.title}’입니다 ${src(hit)}.`;
  const latest = newestNews(news);
  if (!latest) return `${subject}주가 ${move} 이유를 다룬 뉴스는 찾지 못했습니다: 불러온 뉴스가 없습니다.`;
  // none on that move: what the news found does say, so the reader is not left with nothing
  return `${latest.synthetic ? "합성 데이터 기준, " : ""}${subject}주가 ${move} 이유를 다룬 뉴스는 찾지 못했고, 찾은 뉴스 ${news.length}건 중 가장 최근은 ${headlineOf(latest)}입니다 ${src(latest)}.`;
}

/** The newest news item (headers begin with their date). */
const newestNews = (news: readonly ContextDoc[]) =>
  [...news].sort((a, b) => b.header.localeCompare(a.header))[0];
/** "2026-11-25의 ‘…’": a news item's date and headline. */
const headlineOf = (d: ContextDoc) => `${d.header.slice(0, 10)}의 ‘${d.title}’`;

/** The filings asked as a list (정정 공시, 최근 공시): how many, and the newest. */
function filingsSentence(query: string, docs: readonly ContextDoc[], subject: string): string | undefined {
  const facts = askedFacts(query);
  if (!(facts.has("correction") || facts.has("disclosures"))) return undefined;
  const revision = docs.filter((d) => d.type === "revision");
  const what = facts.has("correction") ? "정정 공시" : "최근 공시";
  // "공시나 뉴스": the newest headline in the same sentence
  const latest = facts.has("news") ? newestNews(docs.filter((d) => d.type === "news")) : undefined;
  const andNews = latest ? `, 가장 최근 뉴스는 ${headlineOf(latest)}입니다 ${src(latest)}` : "";
  const synthetic = [revision[0], latest].some((d) => d?.synthetic) ? "합성 데이터 기준, " : "";
  if (!revision.length)
    return latest
      ? `${synthetic}${subject}${what}는 찾은 기간에 없고${andNews}.`
      : `${subject}${what}는 찾은 기간에 없습니다.`;
  const newest = revision[0]!;
  return `${synthetic}${subject}${what}는 ${revision.length}건이며, 가장 최근은 ${newest.header.split(" — ")[0]} ${src(newest)}${latest ? `이고${andNews}` : "입니다"}.`;
}

/** "카카오 2026년 3분기 분기보고서": a regular report's company and name. */
function reportOf(d: ContextDoc): string {
  const t = d.tables?.[0];
  if (!t) return d.header.split(" (")[0] ?? "정기보고서";
  return [d.company, reportName(t.year, t.quarter)].filter(Boolean).join(" ");
}

/**
 * A question that asks something (who, how much, when …) no report fact holds ("주가 얼마", "언제
 * 상장했어"): the newest headline with the asked words, else that the filings did not hold it and what
 * was checked.
 */
function unheldSentence(query: string, docs: readonly ContextDoc[], subject: string): string | undefined {
  if (questionTopic(query) || (questionForm(query) === "statement" && !ASKS.test(query))) return undefined;
  const thing = askedThing(query);
  if (!thing) return undefined;
  const lead = docs.some((d) => d.synthetic) ? "합성 데이터 기준, " : "";
  const asked = `${subject}${thing}${josaFor(thing, "은/는")}`;
  const words = thing.split(" ");
  const news = docs
    .filter((d) => d.type === "news" && words.some((w) => d.title.includes(w)))
    .sort((a, b) => b.header.localeCompare(a.header));
  const hit = news[0];
  if (hit)
    return `${lead}${asked} 공시 항목에서 찾지 못해 뉴스에서 찾았습니다: 가장 최근 기사는 ${hit.header.slice(0, 10)}의 ‘${hit.title}’입니다 ${src(hit)}.`;
  const regular = docs.filter((d) => d.type === "regular");
  const newsCount = docs.filter((d) => d.type === "news").length;
  const reports = regular.length
    ? `${reportOf(regular[0]!)}${regular.length > 1 ? ` 등 정기보고서 ${regular.length}건` : ""}`
    : "";
  const newsPart = newsCount ? `뉴스 ${newsCount}건` : "";
  const checked =
    reports && newsPart ? `${reports}${josaFor(reports, "와/과")} ${newsPart}` : reports || newsPart;
  return checked
    ? `${lead}${asked} 공시에서 찾지 못했습니다: ${checked}${josaFor(checked, "을/를")} 확인했습니다.`
    : `${asked} 공시에서 찾지 못했습니다: 불러온 정기보고서와 뉴스가 없습니다.`;
}

/**
 * The sentence that answers what was asked, from the loaded documents (fact-answer.ts for a fact of the
 * reports or the news; here a price move's reason and lists of filings). Undefined when the question asks
 * nothing in particular.
 */
export function leadSentence(
  query: string,
  docs: readonly ContextDoc[],
  company?: string,
): string | undefined {
  const who = company ?? docs.find((d) => d.company)?.company ?? "";
  const subject = who ? `${who}의 ` : "";
  return (
    filingDateSentence(query, docs, who) ??
    priceMoveSentence(query, docs, subject) ??
    filingsSentence(query, docs, subject) ??
    factSentence(query, docs, who || undefined) ??
    unheldSentence(query, docs, subject)
  );
}

// ---- the offline answer ----

export function offlineAnswer(query: string, docs: readonly ContextDoc[], company?: string): string {
  const lead = leadSentence(query, docs, company);
  const parts = [lead ?? `‘${query}’에 대해 찾은 자료를 정리했습니다.`];
  const regular = docs.filter((d) => d.type === "regular");
  const revision = docs.filter((d) => d.type === "revision");
  const news = docs.filter((d) => d.type === "news");
  if (regular.length) parts.push("■ 정기보고서", ...regular.map((d) => `[${d.n}] ${d.header}\n${d.body}`));
  if (revision.length)
    parts.push(
      "■ 정정보고서",
      ...revision.map((d) => {
        const excerpt = d.body.replace(/\s+/g, " ").slice(0, EXCERPT_CHARS);
        return `[${d.n}] ${d.header}\n“${excerpt}${d.body.length > EXCERPT_CHARS ? " …" : ""}”`;
      }),
    );
  if (news.length)
    parts.push(
      "■ 뉴스 (네이버 검색 요약문)",
      news.map((d) => `[${d.n}] ${d.header.replace(/ \(네이버 뉴스 요약문\)$/, "")}`).join("\n"),
    );
  return parts.join("\n\n");
}
