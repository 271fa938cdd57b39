// 003's select_documents: the LLM (003 used HCX-007; here the product's LLM port) reads 003's system
// prompt and user template with all 28 API descriptions and answers 003's JSON. The answer is checked
// against the searched list — every pick must be one of its items and every API key one of that
// report's — so a wrong pick is a validation error the adapter retries once with; a second bad answer
// (or no LLM) gets the offline selector (offline-selection.ts), which follows 003's criteria in order;
// either way the selection is then kept to what is asked (asked-selection.ts). Nothing found: no call.
import { DART_KEY_APIS, REPORT_APIS } from "../providers/opendart-apis.ts";
import { SelectedDocuments, type SearchedList } from "./schemas.ts";

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
