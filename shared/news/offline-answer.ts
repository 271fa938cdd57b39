// The answer without an LLM (or when it fails): extractive — a first sentence that answers the asked
// fact from the loaded documents, then each report's selected figures as its table, the filings'
// openings and the headlines with dates — which by construction copies every figure from the context.
import type { ContextDoc } from "./load-documents.ts";
import { WHY_WORDS, askedFacts } from "./query.ts";

/** Characters of a filing's text the offline answer quotes. */
const EXCERPT_CHARS = 300;

// ---- the first sentence answers the asked fact (issue 25) ----

const cellsOf = (line: string) =>
  line
    .split("|")
    .slice(1, -1)
    .map((c) => c.trim());
const rowsOf = (body: string) =>
  body
    .split("\n")
    .filter((l) => l.startsWith("|") && !l.startsWith("| ---"))
    .map(cellsOf);
const labelOf = (d: ContextDoc) => d.header.split(" (")[0] ?? d.header;
const src = (d: ContextDoc) => `[${d.n}] (접수번호 ${d.id})`;
const DOWN_Q = /떨어|하락|빠졌|빠짐|빠진|내려|내림|급락/;
const UP_Q = /오름|올라|올랐|상승|급등|뛰/;
const DOWN_T = /하락|떨어|내려|내린|약세|급락|부진|밀려|빠졌|빠진|우려/;
const UP_T = /상승|올라|오른|올랐|강세|급등|호조|뛰었|뛴/;

/**
 * The sentence that answers what was asked, from the loaded documents: the figure, the dividend per
 * share with its period and receipt number, the executives, the 정정 filings, the news. Undefined
 * when the question asks nothing in particular or the documents do not hold it.
 */
export function leadSentence(
  query: string,
  docs: readonly ContextDoc[],
  company?: string,
): string | undefined {
  const facts = askedFacts(query);
  const regular = docs.filter((d) => d.type === "regular");
  const revision = docs.filter((d) => d.type === "revision");
  const news = docs.filter((d) => d.type === "news");
  const who = company ?? (regular[0] ? labelOf(regular[0]).split(" ")[0] : undefined) ?? "";
  const subject = who ? `${who}의 ` : "";
  for (const d of regular) {
    const rows = rowsOf(d.body);
    if (facts.has("dividend")) {
      const dps = rows.find((r) => r[0]?.includes("주당 현금배당금"));
      if (dps?.[2] && /\d/.test(dps[2]))
        return `${subject}주당 현금배당금은 ${dps[2]}원입니다(${labelOf(d)}, 당기 기준) ${src(d)}.`;
      if (dps) return `${subject}배당은 ${labelOf(d)}에 정보 없음입니다 ${src(d)}.`;
    }
    if (facts.has("periodic")) {
      const want = /영업\s?이익/.test(query) ? "영업이익" : /순이익/.test(query) ? "당기순이익" : "매출액";
      const row = rows.find((r) => r[1] === want) ?? rows.find((r) => r[1]?.includes(want));
      if (row?.[3]) return `${labelOf(d)} 기준 ${subject}${want}은 ${row[3]}원입니다 ${src(d)}.`;
    }
    if (facts.has("executives")) {
      const people = rows.filter((r) => r[1] && r[0] !== "성명");
      if (people.length) {
        if (/사외\s?이사/.test(query)) {
          const out = people.filter((r) => r[1]!.includes("사외이사")).map((r) => r[0]);
          return `${subject}사외이사는 ${out.join(", ")}입니다(${labelOf(d)}) ${src(d)}.`;
        }
        if (/대표/.test(query)) {
          const ceo = people.filter((r) => r[1]!.includes("대표")).map((r) => r[0]);
          if (ceo.length) return `${subject}대표이사는 ${ceo.join(", ")}입니다(${labelOf(d)}) ${src(d)}.`;
        }
        // a count only when one is asked: every other number is copied from the documents
        const registered = people.filter((r) => r[2]?.includes("등기임원") && !r[2].includes("미등기"));
        if (/몇|인원|숫자/.test(query))
          return `${subject}등기임원은 ${registered.length}명입니다(${labelOf(d)}) ${src(d)}.`;
        return `${subject}임원은 ${people.map((r) => `${r[0]}(${r[1]})`).join(", ")}입니다(${labelOf(d)}) ${src(d)}.`;
      }
    }
    if (facts.has("major_holder")) return `${subject}최대주주 현황은 ${labelOf(d)}에 있습니다 ${src(d)}.`;
  }
  if (facts.has("correction") || facts.has("disclosures")) {
    const what = facts.has("correction") ? "정정 공시" : "최근 공시";
    if (!revision.length) return `${subject}${what}는 찾은 기간에 없습니다.`;
    const newest = revision[0]!;
    return `${subject}${what}는 ${revision.length}건이며, 가장 최근은 ${newest.header.split(" — ")[0]} ${src(newest)}입니다.`;
  }
  if (facts.has("news")) {
    if (WHY_WORDS.test(query) && (DOWN_Q.test(query) || UP_Q.test(query))) {
      const down = DOWN_Q.test(query);
      const hit = news.find((d) => (down ? DOWN_T : UP_T).test(d.title));
      const move = down ? "하락" : "상승";
      if (hit)
        return `뉴스 요약에 따르면 ${subject}주가 ${move}과 관련된 보도는 ‘${hit.title}’입니다 [${hit.n}].`;
      return `${subject}주가 ${move}의 이유를 다룬 뉴스는 찾지 못했습니다.`;
    }
    if (!news.length) return `${subject}관련 뉴스는 찾지 못했습니다.`;
    return `${subject}최근 뉴스는 ${news.length}건이며, 가장 관련 높은 기사는 ‘${news[0]!.title}’입니다 [${news[0]!.n}].`;
  }
  return undefined;
}

// ---- the offline answer ----

export function offlineAnswer(query: string, docs: readonly ContextDoc[], company?: string): string {
  const lead = leadSentence(query, docs, company);
  const parts = [lead ?? `‘${query}’에 대해 불러온 자료를 정리했습니다 (규칙 기반 요약).`];
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
