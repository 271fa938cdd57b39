// 003's generate_response (the seed's "예정", implemented): load what the selection picked — the chosen
// API keys' data of each regular report (cache, else OpenDART), the 정정 filings' text, the news
// snippets — and answer in Korean with a citation per document, listing what could not be loaded.
// The LLM answers from the loaded context only; a number in its answer that the context does not hold
// fails validation (retried once with the offending numbers), then the offline answer is used: an
// extractive one — each report's selected figures as a small table, the filings' openings, the headlines
// with dates — which by construction copies every figure from the context.
import { demoFilingUrl } from "../demo/company-facts.ts";
import { z } from "zod";
import { askUnlessSure } from "../llm/fallback.ts";
import { LlmOutputError, type LlmPort, type TokenUsage } from "../llm/port.ts";
import { mapLimit } from "../platform/concurrency.ts";
import { Deadline } from "../platform/deadline.ts";
import { FIELD_LABELS, reportApi, ACCOUNTS_KEY } from "../providers/opendart-apis.ts";
import { dartViewerUrl, reprtCodeOf, type DartRow } from "../providers/opendart.ts";
import { DartSession } from "./dart-access.ts";
import type { NewsDeps } from "./wiring.ts";
import { filedPeriods, listWindow, periodName } from "./periods.ts";
import type { ReportMeta } from "./report-store.ts";
import {
  SearchState,
  type Citation,
  type ResolvedCompany,
  type SearchedList,
  type SelectedDocuments,
  type StepUsage,
} from "./schemas.ts";
import { NO_COMPANY_NOTE, UNKNOWN_COMPANY, currentMeta, reportKeyOf } from "./search-publications.ts";
import { isEmptyList, listedReport } from "./select.ts";
import { llmUsageOf } from "./usage.ts";
import { WHY_WORDS, askedFacts } from "./query.ts";

export interface ContextDoc {
  n: number;
  type: Citation["type"];
  id: string;
  title: string;
  url: string;
  /** one line: what, when, how long */
  header: string;
  body: string;
  synthetic: boolean;
}

/** Rows of a table shown to the reader or the LLM. */
const MAX_ROWS = 12;
/** Characters of a filing's text in the LLM's context; the offline answer quotes less. */
const DOC_CONTEXT_CHARS = 4_000;
const EXCERPT_CHARS = 300;

export const SNIPPET_NOTE =
  "※ 뉴스는 네이버 검색 API가 주는 요약문(snippet)만 확인했습니다. 기사 전문은 링크에서 확인하세요.";
export const SYNTHETIC_NOTE =
  "※ 합성 데이터: 이 결과의 뉴스·공시 내용은 dongne 샘플이 실제 회사 식별자 위에 만들어 낸 가짜 자료입니다(synthetic: true).";

const cell = (v: string | undefined) => (v ?? "-").replace(/\s+/g, " ").replace(/\|/g, "/").trim() || "-";

/**
 * What an answer says when the main accounts answer 013 (no data): the revenue or profit figure the
 * question asked for is not in the data — said outright, so neither answer makes one up (issue 11).
 */
export const ACCOUNTS_NOT_IN_DATA =
  "요청한 재무 수치(매출액·영업이익·당기순이익 등)는 이 보고서의 OpenDART 자료에 없습니다(013: 조회된 데이터 없음). 이 수치는 답할 수 없습니다.";
const NO_ROWS = "해당 사항 없음 (OpenDART 조회 결과 없음)";

/** An API's rows as a markdown table of its display fields (consolidated accounts first). */
export function apiTable(apiKey: string, rows: DartRow[]): string {
  const api = reportApi(apiKey);
  if (!api || rows.length === 0) return apiKey === ACCOUNTS_KEY ? ACCOUNTS_NOT_IN_DATA : NO_ROWS;
  const shown =
    apiKey === ACCOUNTS_KEY && rows.some((r) => r.fs_div === "CFS")
      ? rows.filter((r) => r.fs_div === "CFS")
      : rows;
  const fields = api.display.filter((f) => shown.some((r) => r[f] !== undefined));
  const lines = [
    `| ${fields.map((f) => FIELD_LABELS[f] ?? f).join(" | ")} |`,
    `| ${fields.map(() => "---").join(" | ")} |`,
    ...shown.slice(0, MAX_ROWS).map((r) => `| ${fields.map((f) => cell(r[f])).join(" | ")} |`),
  ];
  if (shown.length > MAX_ROWS) lines.push("| … (이하 생략) |");
  return lines.join("\n");
}

/** The context the LLM reads (and the numbers it may use): each document with its number. */
export function renderContext(docs: readonly ContextDoc[]): string {
  return docs
    .map(
      (d) =>
        `[${d.n}] (${{ news: "뉴스", regular: "정기보고서", revision: "정정보고서" }[d.type]}) ${d.header}\n${d.body}`,
    )
    .join("\n\n");
}

// ---- the numbers check ----

const NUMBER = /\d[\d,]*(?:\.\d+)?/g;
const canonicalNumber = (s: string) => s.replace(/,/g, "").replace(/^0+(?=\d)/, "");

/** Citation markers ([1], [2, 3]) are references, not figures. */
const stripMarkers = (text: string) => text.replace(/\[\d+(?:\s*,\s*\d+)*\]/g, " ");

export function numbersIn(text: string): string[] {
  return [...stripMarkers(text).matchAll(NUMBER)].map((m) => canonicalNumber(m[0]));
}

/** The numbers of `answer` that appear nowhere in `context` (or the question). */
export function unsupportedNumbers(answer: string, context: string): string[] {
  const allowed = new Set(numbersIn(context));
  return [...new Set(numbersIn(answer).filter((n) => !allowed.has(n)))];
}

export const citedMarkers = (text: string) =>
  [...text.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)].flatMap((m) =>
    (m[1] ?? "").split(",").map((s) => Number(s.trim())),
  );

// ---- loading ----

interface Loaded {
  docs: ContextDoc[];
  notLoaded: string[];
}

type Doc = Omit<ContextDoc, "n">;

/** What loading a pick needs: the session, the list the picks came from, and where misses are said. */
interface Loading {
  deps: NewsDeps;
  session: DartSession;
  list: SearchedList;
  now: Date;
  notLoaded: string[];
  /** why the last load failed: the session's last error or warning */
  why: () => string;
}

export async function loadDocuments(
  state: SearchState,
  deps: NewsDeps,
  session: DartSession,
): Promise<Loaded> {
  const sel = state.selected_documents;
  const list = state.searched_list;
  const notLoaded: string[] = [];
  if (!sel || !list) return { docs: [], notLoaded };
  const why = () => session.errors.at(-1) ?? session.warnings.at(-1) ?? "OpenDART에서 받지 못했습니다";
  const ctx: Loading = { deps, session, list, now: deps.now(), notLoaded, why };
  // the picks load concurrently; the documents keep the selection's order
  const regular = await mapLimit(sel.regular, deps.settings.concurrency, (pick) => loadRegular(pick, ctx));
  const revisions = await mapLimit(sel.revision, deps.settings.concurrency, (pick) =>
    loadRevision(pick, ctx),
  );
  const news = sel.news.flatMap((pick) => newsDoc(pick, list));
  const docs = [...regular, ...revisions].filter((d) => d !== undefined).concat(news);
  return { docs: docs.map((d, i) => ({ ...d, n: i + 1 })), notLoaded };
}

/** A regular report's picked API keys, each a table (from the cache, else OpenDART). */
async function loadRegular(
  pick: SelectedDocuments["regular"][number],
  ctx: Loading,
): Promise<Doc | undefined> {
  const item = listedReport(ctx.list, pick);
  if (!item) return undefined; // canonical selections only hold listed reports
  const label = `${item.company_name} ${periodName(item.year, item.quarter)}`;
  const company = {
    corp_code: item.metadata.corp_code,
    corp_name: item.metadata.corp_name,
    stock_code: item.metadata.stock_code,
    matched: item.company_name,
  };
  const period = { year: item.year, reprt_code: reprtCodeOf(item.quarter) };
  const key = reportKeyOf(ctx.session.source, company.corp_code, period);
  const meta = (await ctx.session.store.getMeta(key)) ?? (await refiledMeta(company, item, ctx));
  if (!meta) {
    ctx.notLoaded.push(`${label}: ${ctx.why()}`);
    return undefined;
  }
  const loaded = await mapLimit(pick.api_keys_to_check, ctx.deps.settings.concurrency, async (apiKey) => ({
    apiKey,
    data: await ctx.session.api(key, meta, apiKey),
  }));
  const sections: string[] = [];
  for (const { apiKey, data } of loaded) {
    const title = reportApi(apiKey)?.title ?? apiKey;
    if (data) sections.push(`${title}\n${apiTable(apiKey, data.rows)}`);
    else ctx.notLoaded.push(`${label} — ${title}: ${ctx.why()}`);
  }
  if (!sections.length) return undefined;
  return {
    type: "regular" as const,
    id: meta.rcept_no,
    title: `${label} — ${pick.api_keys_to_check.map((k) => reportApi(k)?.title ?? k).join(", ")}`,
    url: meta.synthetic ? demoFilingUrl(meta.rcept_no) : dartViewerUrl(meta.rcept_no),
    header: `${label} (${item.filename}, 접수번호 ${meta.rcept_no})`,
    body: sections.join("\n\n"),
    synthetic: meta.synthetic || loaded.some((l) => l.data?.synthetic),
  };
}

/** A report's META evicted since the search: the period's current filing, found again. */
async function refiledMeta(
  company: ResolvedCompany,
  item: { year: number; quarter: number },
  ctx: Loading,
): Promise<ReportMeta | undefined> {
  const window = listWindow([{ year: item.year, quarter: item.quarter }], ctx.now);
  const filed = filedPeriods(
    (await ctx.session.filings(company.corp_code, window.bgn, window.end, "A", 1)) ?? [],
  );
  const current = filed.find((f) => f.year === item.year && f.quarter === item.quarter);
  return current ? currentMeta(ctx.session, company, current, ctx.now) : undefined;
}

/** A 정정 filing's text, its opening in the context. */
async function loadRevision(
  pick: SelectedDocuments["revision"][number],
  ctx: Loading,
): Promise<Doc | undefined> {
  const info = pick.basic_info;
  const doc = await ctx.session.document(info.rcept_no);
  if (!doc) {
    ctx.notLoaded.push(`${info.date} ${info.report_name}: ${ctx.why()}`);
    return undefined;
  }
  const shown = doc.text.slice(0, DOC_CONTEXT_CHARS);
  return {
    type: "revision" as const,
    id: info.rcept_no,
    title: info.title,
    url: info.url,
    header: `${info.date} ${info.report_name} — 제출인 ${info.submitter}, 원문 ${doc.content_length}자${
      shown.length < doc.content_length ? ` 중 앞부분 ${shown.length}자` : ""
    }`,
    body: shown,
    synthetic: doc.synthetic,
  };
}

/** A news pick as its listed snippet (none when the pick is not in the list). */
function newsDoc(pick: SelectedDocuments["news"][number], list: SearchedList): Doc[] {
  const item = list.news.find((n) => n.link === pick.link);
  if (!item) return [];
  return [
    {
      type: "news",
      id: item.link,
      title: item.title,
      url: item.link,
      header: `${item.date} ${item.title} (네이버 뉴스 요약문)`,
      body: item.description,
      synthetic: item.synthetic === true,
    },
  ];
}

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

// ---- the LLM answer ----

export const GENERATE_SYSTEM_PROMPT = `당신은 한국 기업의 공시와 뉴스를 근거로 질문에 답하는 애널리스트입니다.
- 아래 '불러온 자료'에 있는 내용만 사용해 한국어로 답하세요.
- 숫자는 자료에 적힌 그대로 옮기세요. 단위 변환, 계산, 반올림을 하지 말고, 자료에 없는 숫자는 쓰지 마세요.
- 문장마다 근거가 된 자료 번호를 [1]처럼 붙이고, cited에 사용한 자료 번호를 모두 적으세요.
- 뉴스는 네이버 검색 API의 요약문(snippet)뿐입니다. 뉴스에 근거한 내용은 "뉴스 요약에 따르면"처럼 밝히세요.
- 자료에 답이 없으면 없다고 말하세요.`;

export const Answer = z.object({ answer: z.string().min(1), cited: z.array(z.number().int()) });

export function answerSchema(context: string, count: number) {
  return Answer.superRefine((a, ctx) => {
    const bad = unsupportedNumbers(a.answer, context);
    if (bad.length)
      ctx.addIssue({
        code: "custom",
        path: ["answer"],
        message: `these numbers are not in the loaded documents: ${bad.join(", ")} — copy figures exactly as the documents write them, and use no others`,
      });
    const refs = [...a.cited, ...citedMarkers(a.answer)].filter((n) => n < 1 || n > count);
    if (refs.length)
      ctx.addIssue({
        code: "custom",
        path: ["cited"],
        message: `no document numbered ${[...new Set(refs)].join(", ")} (1–${count})`,
      });
  });
}

function endNotes(
  docs: readonly ContextDoc[],
  cited: ReadonlySet<number>,
  notLoaded: string[],
  notes: string[],
  synthetic: boolean,
): string[] {
  const out: string[] = [];
  const used = docs.filter((d) => cited.has(d.n));
  const block = (head: string, lines: string[]) => [head, ...lines].join("\n");
  if (used.length)
    out.push(
      block(
        "출처",
        used.map((d) => `[${d.n}] ${d.title} — ${d.url}`),
      ),
    );
  if (used.some((d) => d.type === "news")) out.push(SNIPPET_NOTE);
  if (notLoaded.length)
    out.push(
      block(
        "불러오지 못한 자료",
        notLoaded.map((x) => `- ${x}`),
      ),
    );
  if (notes.length)
    out.push(
      block(
        "참고",
        notes.map((x) => `- ${x}`),
      ),
    );
  if (synthetic) out.push(SYNTHETIC_NOTE);
  return out;
}

/** The answer's body, the documents it cites and what writing it spent. */
export interface Written {
  body: string;
  cited: Set<number>;
  usage: Partial<StepUsage>;
}

/** No document loaded: why there is no answer. */
const nothingToAnswer = (state: SearchState): Written => ({
  body: isEmptyList(state.searched_list)
    ? `‘${state.query}’에 대해 찾은 뉴스나 공시가 없어 답변할 내용이 없습니다.`
    : "선택한 문서를 불러오지 못해 답변을 만들지 못했습니다.",
  cited: new Set(),
  usage: {},
});

/** The LLM's answer from the loaded documents only; without one, or when it fails, the offline answer. */
export async function writeAnswer(
  state: SearchState,
  docs: readonly ContextDoc[],
  llm: LlmPort | undefined,
): Promise<Written> {
  if (docs.length === 0) return nothingToAnswer(state);
  const company =
    state.selected_documents?.regular[0]?.company_name ?? state.publication_results?.companies[0]?.corp_name;
  const outcome = await askUnlessSure({ llm, rulesSure: false }, (model) => {
    const context = renderContext(docs);
    return model.structured({
      system: GENERATE_SYSTEM_PROMPT,
      prompt: `질문: ${state.query}\n\n불러온 자료:\n${context}`,
      schema: answerSchema(`${context}\n${state.query}`, docs.length),
      tier: "smart",
      maxTokens: 2048,
      deadline: Deadline.from(state.deadlineAt),
    });
  });
  if (outcome.engine === "llm")
    return ledByAskedFact(state.query, docs, company, outcome.value, outcome.usage);
  const offline = { body: offlineAnswer(state.query, docs, company), cited: new Set(docs.map((d) => d.n)) };
  if (outcome.engine === "rules") return { ...offline, usage: { engine: "offline" } };
  const why =
    outcome.failure instanceof LlmOutputError
      ? "LLM의 답변이 두 번 모두 검증(자료에 없는 숫자 등)을 통과하지 못해"
      : `LLM을 쓸 수 없어(${outcome.failure.message})`;
  return {
    ...offline,
    usage: {
      engine: "offline-fallback",
      ...llmUsageOf(outcome.usage),
      warnings: [`답변 생성: ${why} 자료를 그대로 정리한 답변으로 대신했습니다.`],
    },
  };
}

/** The LLM's answer, whose first sentence must hold the asked figure the rules can state: else the rules' sentence leads. */
function ledByAskedFact(
  query: string,
  docs: readonly ContextDoc[],
  company: string | undefined,
  value: z.infer<typeof Answer>,
  usage: TokenUsage,
): Written {
  const cited = new Set([...value.cited, ...citedMarkers(value.answer)]);
  const llm = { engine: "llm" as const, ...llmUsageOf(usage) };
  const lead = leadSentence(query, docs, company);
  const leadNumbers = lead
    ? numbersIn(lead).filter((n) => n.length >= 3 && n.length < 14 && !/^20\d\d$/.test(n))
    : [];
  const firstNumbers = numbersIn(value.answer.split(/(?<=[.?!。])\s|\n/)[0] ?? "");
  if (!lead || !leadNumbers.length || leadNumbers.some((n) => firstNumbers.includes(n)))
    return { body: value.answer, cited, usage: llm };
  return {
    body: `${lead}\n\n${value.answer}`,
    cited: new Set([...cited, ...citedMarkers(lead)]),
    usage: {
      ...llm,
      warnings: ["답변 생성: LLM 답변의 첫 문장에 질문한 값이 없어 규칙으로 찾은 문장을 앞에 두었습니다."],
    },
  };
}

/** The response: an unknown or missing company said first (issue 25), the answer, its end notes; the cited documents. */
export function composeResponse(
  state: SearchState,
  docs: readonly ContextDoc[],
  written: Written,
  missing: { notLoaded: string[]; synthetic: boolean },
): Pick<SearchState, "generated_response" | "citations"> {
  const status = state.search_notes.find((n) => UNKNOWN_COMPANY.test(n) || n === NO_COMPANY_NOTE);
  const notes = state.search_notes.filter((n) => n !== status);
  const ends = endNotes(docs, written.cited, missing.notLoaded, notes, missing.synthetic);
  return {
    generated_response: [...(status ? [status] : []), written.body, ...ends].join("\n\n"),
    citations: docs
      .filter((d) => written.cited.has(d.n))
      .map(({ type, id, title, url }) => ({ type, id, title, url })),
  };
}
