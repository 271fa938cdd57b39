// 003's select_documents: the LLM (003 used HCX-007; here the product's LLM port) reads 003's system
// prompt and user template with all 28 API descriptions and answers 003's JSON. The answer is checked
// against the searched list — every pick must be one of its items and every API key one of that
// report's — so a wrong pick is a validation error the adapter retries once with; a second bad answer
// (or no LLM) gets the offline selector, which follows 003's criteria in order. Nothing found: no call.
import { DART_KEY_APIS, REPORT_APIS } from "../providers/opendart-apis.ts";
import {
  DEFAULT_API_KEYS,
  FACT_LABEL,
  WHY_WORDS,
  apiKeysFor,
  askedFacts,
  keysOfFact,
  type AskedFact,
} from "./query.ts";
import { SelectedDocuments, type NamedPeriod, type SearchedList } from "./schemas.ts";

/** 003's system prompt, word for word. */
export const SELECT_SYSTEM_PROMPT = `당신은 검색된 문서들 중에서 사용자 쿼리에 가장 관련성이 높은 문서들을 선택하는 AI 어시스턴트입니다.

다음 기준으로 문서를 선택하세요:
1. 사용자 쿼리와의 직접적 관련성
2. 정보의 신뢰성 (정기보고서 > 정정보고서 > 뉴스)
3. 정보의 최신성
4. 정보의 구체성

각 문서 유형별로 최대 선택 개수:
- 뉴스: 최대 3개
- 정기보고서: 최대 5개 (관련 API 키도 선별)
- 정정보고서: 최대 5개

반드시 JSON 형태로 응답하세요.`;

/** Added to 003's prompt: the identifiers the answer is checked by. */
export const SELECT_RULES = `
선택한 문서는 반드시 검색된 문서 목록에 있는 것이어야 합니다: 뉴스는 link, 정기보고서는 filename·year·quarter,
정정보고서는 basic_info(rcept_no 포함)를 목록에 있는 그대로 옮기세요. api_keys_to_check는 그 보고서의 api_keys 중에서만 고르세요.`;

export const API_DESCRIPTIONS = [
  ...DART_KEY_APIS.map((a) => `- ${a.key}: ${a.title}`),
  ...REPORT_APIS.filter((a) => !DART_KEY_APIS.includes(a)).map(
    (a) => `- ${a.key}: ${a.title} (${a.endpoint})`,
  ),
].join("\n");

/** 003's user template, with the API list written out in full (the seed elides api_11 … api_28). */
export function selectUserPrompt(query: string, list: SearchedList): string {
  return `사용자 쿼리: "${query}"

검색된 문서 목록:
${JSON.stringify(list, null, 1)}

위 문서들 중에서 사용자 쿼리에 가장 관련성이 높은 문서들을 선택하고, 선택 이유와 우선순위를 포함하여 JSON 형태로 응답해주세요.

정기보고서의 경우 관련성이 높은 API 키들만 선별해서 포함해주세요.
API 키 설명:
${API_DESCRIPTIONS}`;
}

/** The listed report a pick names by its filename, year and quarter. */
export const listedReport = (list: SearchedList, pick: { filename: string; year: number; quarter: number }) =>
  list.regular.find(
    (x) => x.filename === pick.filename && x.year === pick.year && x.quarter === pick.quarter,
  );

/** What is wrong with a selection against the list it was made from (empty: valid). */
export function selectionProblems(sel: SelectedDocuments, list: SearchedList): string[] {
  const problems: string[] = [];
  sel.news.forEach((n, i) => {
    if (!list.news.some((x) => x.link === n.link))
      problems.push(`news[${i}].link is not a link of the listed news`);
  });
  sel.regular.forEach((r, i) => {
    const item = listedReport(list, r);
    if (!item) problems.push(`regular[${i}] (${r.filename} ${r.year} Q${r.quarter}) is not a listed report`);
    else
      r.api_keys_to_check
        .filter((k) => !item.api_keys.includes(k))
        .forEach((k) =>
          problems.push(`regular[${i}].api_keys_to_check: ${k} is not one of that report's api_keys`),
        );
  });
  sel.revision.forEach((r, i) => {
    if (!list.revision.some((x) => x.basic_info.rcept_no === r.basic_info.rcept_no))
      problems.push(`revision[${i}].basic_info.rcept_no ${r.basic_info.rcept_no} is not a listed revision`);
  });
  return problems;
}

export const selectionSummary = (news: number, regular: number, revision: number) =>
  `총 ${news + regular + revision}개 문서 선택: 뉴스 ${news}건, 정기보고서 ${regular}건, 정정보고서 ${revision}건`;

/** The valid picks with the list's own fields (titles, dates, basic_info), duplicates dropped, summary counted. */
export function canonical(sel: SelectedDocuments, list: SearchedList): SelectedDocuments {
  const news = sel.news.flatMap((n) => {
    const item = list.news.find((x) => x.link === n.link);
    return item ? [{ ...n, title: item.title, date: item.date }] : [];
  });
  const regular = sel.regular.flatMap((r) => {
    const item = listedReport(list, r);
    if (!item) return [];
    const keys = [...new Set(r.api_keys_to_check.filter((k) => item.api_keys.includes(k)))];
    return keys.length ? [{ ...r, company_name: item.company_name, api_keys_to_check: keys }] : [];
  });
  const revision = sel.revision.flatMap((r) => {
    const item = list.revision.find((x) => x.basic_info.rcept_no === r.basic_info.rcept_no);
    return item ? [{ ...r, basic_info: item.basic_info }] : [];
  });
  const unique = <T>(xs: T[], id: (x: T) => string) =>
    xs.filter((x, i) => xs.findIndex((y) => id(y) === id(x)) === i);
  const n = unique(news, (x) => x.link);
  const g = unique(regular, (x) => `${x.filename}#${x.year}#${x.quarter}`);
  const v = unique(revision, (x) => x.basic_info.rcept_no);
  return {
    news: n,
    regular: g,
    revision: v,
    selection_summary: selectionSummary(n.length, g.length, v.length),
  };
}

// ---- the offline selector: 003's criteria in order ----

const PARTICLE_END = /(의|은|는|이|가|을|를|과|와|도|에|에서|으로|로)$/;
const queryWords = (query: string) =>
  query
    .split(/[\s,.?!·]+/)
    .map((w) => w.replace(PARTICLE_END, ""))
    .filter((w) => w.length >= 2);

const hits = (text: string, words: string[]) => words.filter((w) => text.includes(w)).length;

interface Candidate {
  pick: () =>
    | SelectedDocuments["news"][number]
    | SelectedDocuments["regular"][number]
    | SelectedDocuments["revision"][number];
  kind: "news" | "regular" | "revision";
  /** 1. relevance: 2 the question's topic, 1 its company only, 0 neither */
  relevance: number;
  /** 2. reliability: 정기보고서 > 정정보고서 > 뉴스 */
  reliability: number;
  /** 3. recency: a sortable date */
  recency: string;
  /** 4. specificity */
  specificity: number;
}

export function offlineSelection(query: string, list: SearchedList): SelectedDocuments {
  const words = queryWords(query);
  const names = [
    ...list.regular.map((r) => r.company_name),
    ...list.revision.map((v) => v.basic_info.company),
  ];
  // words naming a company say which company; the others say what about it
  const companyWords = words.filter((w) => names.some((n) => n.includes(w) || w.includes(n)));
  const topicWords = words.filter((w) => !companyWords.includes(w));
  const asked = apiKeysFor(query);
  const candidates: Candidate[] = [];
  // 1. relevance, in tiers comparable across kinds: 2 the question's topic, 1 only its company, 0 neither
  const tier = (text: string) => (hits(text, topicWords) ? 2 : hits(text, companyWords) ? 1 : 0);

  // news: words in the title count twice; with no word matching anywhere, Naver's own order (sort=sim)
  const news = list.news.map((n, i) => ({
    n,
    i,
    score: 2 * hits(n.title, words) + hits(n.description, words),
  }));
  const anyNews = news.some((x) => x.score > 0);
  news
    .filter((x) => !anyNews || x.score > 0)
    .sort((a, b) => b.score - a.score || b.n.date.localeCompare(a.n.date) || a.i - b.i)
    .slice(0, 3)
    .forEach(({ n }) =>
      candidates.push({
        kind: "news",
        relevance: tier(`${n.title} ${n.description}`),
        reliability: 1,
        recency: n.date,
        specificity: n.description.length,
        pick: () => ({
          title: n.title,
          date: n.date,
          link: n.link,
          reason: newsReason(n.title, words),
          priority: 1,
        }),
      }),
    );

  list.regular
    .map((r) => {
      const keys = asked.filter((k) => r.api_keys.includes(k));
      return {
        r,
        topical: keys.length > 0,
        keys: keys.length ? keys : DEFAULT_API_KEYS.filter((k) => r.api_keys.includes(k)),
      };
    })
    .filter((x) => x.keys.length)
    .sort((a, b) => b.r.year - a.r.year || b.r.quarter - a.r.quarter)
    .slice(0, 5)
    .forEach(({ r, keys, topical }) =>
      candidates.push({
        kind: "regular",
        relevance: topical ? 2 : 1,
        reliability: 3,
        recency: `${r.year}-${r.quarter}`,
        specificity: keys.length,
        pick: () => ({
          company_name: r.company_name,
          year: r.year,
          quarter: r.quarter,
          filename: r.filename,
          api_keys_to_check: keys,
          reason: `${r.company_name} ${r.year}년 ${r.quarter}분기 정기보고서의 ${keys
            .map((k) => REPORT_APIS.find((a) => a.key === k)?.title ?? k)
            .join(", ")}`,
          priority: 1,
        }),
      }),
    );

  // 정정보고서: those whose title shares the question's topic, then the company's newest two
  const revisions = list.revision.map((v) => ({
    v,
    topical: hits(v.basic_info.report_name, topicWords) > 0,
  }));
  const newest = revisions
    .filter((x) => !x.topical)
    .sort((a, b) => b.v.basic_info.date.localeCompare(a.v.basic_info.date));
  [...revisions.filter((x) => x.topical), ...newest.slice(0, 2)].slice(0, 5).forEach(({ v, topical }) =>
    candidates.push({
      kind: "revision",
      relevance: topical ? 2 : 1,
      reliability: 2,
      recency: v.basic_info.date.replaceAll(".", "-"),
      specificity: v.content_length,
      pick: () => ({
        basic_info: v.basic_info,
        reason: topical ? "질문과 관련된 정정 공시" : `${v.basic_info.company}의 최근 정정 공시`,
        priority: 1,
      }),
    }),
  );

  // priorities: 003's criteria in order over all the picks
  candidates.sort(
    (a, b) =>
      b.relevance - a.relevance ||
      b.reliability - a.reliability ||
      b.recency.localeCompare(a.recency) ||
      b.specificity - a.specificity,
  );
  const out: SelectedDocuments = { news: [], regular: [], revision: [], selection_summary: "" };
  candidates.forEach((c, i) => {
    const pick = { ...c.pick(), priority: i + 1 };
    (out[c.kind] as (typeof pick)[]).push(pick);
  });
  out.selection_summary = selectionSummary(out.news.length, out.regular.length, out.revision.length);
  return out;
}

function newsReason(title: string, words: string[]): string {
  const found = words.filter((w) => title.includes(w));
  return found.length ? `제목에 ‘${found.join("’, ‘")}’이(가) 있는 뉴스` : "검색 순위가 높은 뉴스";
}

// ---- selection by what is asked (issue 25)

const REPORT_FACTS: AskedFact[] = ["periodic", "dividend", "executives", "major_holder", "other"];
const DOWN = /하락|떨어|내려|내린|약세|급락|부진|밀려|빠졌|빠진|빠짐|우려/;
const UP = /상승|올라|오른|올랐|오름|강세|급등|호조|뛰었|뛴/;

/**
 * The selection kept to what the question asks: news only when news is asked (or a price move's
 * reason, or any question but a list of filings), a regular report only with the keys of the asked
 * facts and of the asked period (all found when none is named), 정정 filings only when asked — then all of them found, newest
 * first, up to five. An asked fact the selection missed is added from the list. Each reason names the
 * asked fact. A question asking nothing in particular keeps the selection as it was. News stay beside
 * a report fact (003's "삼성전자 매출" shows them), not beside a list of filings.
 */
export function selectForAsked(
  sel: SelectedDocuments,
  list: SearchedList,
  query: string,
  periods: readonly NamedPeriod[] = [],
): SelectedDocuments {
  const facts = askedFacts(query);
  if (!facts.size) return sel;
  const reportFacts = REPORT_FACTS.filter((f) => facts.has(f));
  const listings = facts.has("correction") || facts.has("disclosures");
  // news beside a figure, as 003's own "삼성전자 매출" shows it; not beside a list of filings
  const wantNews = facts.has("news") || !listings;
  const why = WHY_WORDS.test(query);
  const dir = DOWN.test(query) ? DOWN : UP.test(query) ? UP : undefined;

  // news: the selection's, else the list's; for "왜 떨어짐", news about that move first
  let news = wantNews ? sel.news : [];
  if (wantNews && !news.length)
    news = [...list.news]
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, 3)
      .map((n) => ({ title: n.title, date: n.date, link: n.link, reason: "", priority: 1 }));
  if (dir) {
    const moved = list.news.filter((n) => dir.test(n.title));
    const picked = [...moved, ...news.map((n) => list.news.find((x) => x.link === n.link)!).filter(Boolean)];
    news = picked
      .filter((n, i) => picked.findIndex((x) => x.link === n.link) === i)
      .slice(0, 3)
      .map((n) => ({ title: n.title, date: n.date, link: n.link, reason: "", priority: 1 }));
  }
  news = news.map((n) => ({
    ...n,
    reason: why ? "질문한 주가 움직임의 이유를 다룬 뉴스" : `질문한 ${FACT_LABEL.news}(최신순)`,
  }));

  // regular reports: the asked facts' keys, of the asked period, else the newest filed report
  const askedKeys = apiKeysFor(query).filter((k) => reportFacts.some((f) => keysOfFact(f, [k]).length));
  const inPeriod = (r: { year: number; quarter: number }) =>
    periods.some((p) => (p.year === null || p.year === r.year) && (p.quarter ?? 4) === r.quarter);
  const candidates = list.regular
    .filter((r) => askedKeys.some((k) => r.api_keys.includes(k)))
    .sort((a, b) => b.year - a.year || b.quarter - a.quarter);
  // the selection's own picks, kept to the asked keys and period; else the list's, newest first
  const own = sel.regular
    .map((r) => listedReport(list, r))
    .filter(
      (r): r is NonNullable<typeof r> => r !== undefined && askedKeys.some((k) => r.api_keys.includes(k)),
    )
    .filter((r) => !periods.length || inPeriod(r));
  const periodic = own.length ? own : periods.length ? candidates.filter(inPeriod) : candidates;
  const regular = (reportFacts.length ? (periodic.length ? periodic : candidates.slice(0, 1)) : [])
    .slice(0, 5)
    .map((r) => {
      const keys = askedKeys.filter((k) => r.api_keys.includes(k));
      const facts = reportFacts.filter((f) => keysOfFact(f, keys).length).map((f) => FACT_LABEL[f]);
      return {
        company_name: r.company_name,
        year: r.year,
        quarter: r.quarter,
        filename: r.filename,
        api_keys_to_check: keys,
        reason: `질문한 ${facts.join("·")}: ${r.year}년 ${r.quarter}분기 보고서의 ${keys
          .map((k) => REPORT_APIS.find((a) => a.key === k)?.title ?? k)
          .join(", ")}`,
        priority: 1,
      };
    });

  // 정정 filings: all found, newest first, up to five
  const revision = listings
    ? [...list.revision]
        .sort((a, b) => b.basic_info.date.localeCompare(a.basic_info.date))
        .slice(0, 5)
        .map((v) => ({
          basic_info: v.basic_info,
          reason: `질문한 ${FACT_LABEL[facts.has("correction") ? "correction" : "disclosures"]}(최신순)`,
          priority: 1,
        }))
    : [];
  let priority = 0;
  const number = <T extends { priority: number }>(xs: T[]) => xs.map((x) => ({ ...x, priority: ++priority }));
  const g = number(regular);
  const v = number(revision);
  const n = number(news);
  return {
    news: n,
    regular: g,
    revision: v,
    selection_summary: selectionSummary(n.length, g.length, v.length),
  };
}

/** The selection's schema for this list: a pick outside it fails validation (the adapter retries with why). */
export const selectionSchema = (list: SearchedList) =>
  SelectedDocuments.superRefine((sel, ctx) => {
    for (const message of selectionProblems(sel, list)) ctx.addIssue({ code: "custom", message });
  });

/** The selection from an empty list. */
export const emptySelection = (): SelectedDocuments => ({
  news: [],
  regular: [],
  revision: [],
  selection_summary: selectionSummary(0, 0, 0),
});

/** Nothing searched: no list, or one without news, reports or revisions. */
export const isEmptyList = (list: SearchedList | null) =>
  !list || list.news.length + list.regular.length + list.revision.length === 0;
