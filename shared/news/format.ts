// 003's format_results: searched_list in the seed's shapes, search_summary in its "Final Output" text,
// and the raw branch results dropped (003's memory note). It accepts the Parallel state's output as is
// (an array of the two branches' states) or one merged state.
import { REPORT_API_KEYS } from "../providers/opendart-apis.ts";
import { SearchState, type SearchedList, type SearchStateInput } from "./schemas.ts";
import { STEP } from "./usage.ts";

/** The two branches' states → one: each branch's own fields from the branch that ran it. */
export function mergeBranches(outputs: readonly SearchStateInput[]): SearchState {
  const states = outputs.map((o) => SearchState.parse(o));
  const [first] = states;
  if (!first) throw new Error("mergeBranches: no branch output");
  const news = states.find((s) => STEP.news in s.usage) ?? first;
  const pubs = states.find((s) => STEP.publications in s.usage) ?? first;
  return {
    ...first,
    news_results: news.news_results,
    news_errors: news.news_errors,
    publication_results: pubs.publication_results,
    pub_errors: pubs.pub_errors,
    query_analysis: first.query_analysis ?? pubs.query_analysis,
    search_notes: [...new Set(states.flatMap((s) => s.search_notes))],
    usage: Object.assign({}, ...states.map((s) => s.usage)) as SearchState["usage"],
  };
}

export function searchedListOf(state: SearchState): SearchedList {
  return {
    news: (state.news_results?.items ?? []).map((i) => ({
      title: i.title,
      date: i.formatted_date,
      link: i.link,
      description: i.description,
      ...(i.synthetic ? { synthetic: true as const } : {}),
    })),
    regular: (state.publication_results?.regular_results.available_reports ?? []).map((r) => ({
      year: r.year,
      quarter: r.quarter,
      company_name: r.company_name,
      filename: r.filename,
      metadata: r.processed_data.metadata,
      api_keys: [...REPORT_API_KEYS],
    })),
    revision: state.publication_results?.revision_results.revision_documents ?? [],
  };
}

/** How many items each section of the summary lists: two, as in 003's Final Output example. */
export const SUMMARY_ITEMS = 2;

/**
 * 003's Final Output text. Rule (the seed shows counts with only some items): each section gives the
 * count of searched_list's items and lists the first two; a section with none shows only its count;
 * a branch that was not asked for (search_preference) has no section; the error line counts
 * news_errors then pub_errors and lists each on its own line.
 */
export function renderSummary(state: SearchState, list: SearchedList): string {
  const lines = [`=== 검색 결과 요약: '${state.query}' ===`];
  const section = (head: string, sub: string, items: string[]) => {
    lines.push(`${head}: ${items.length}건`);
    if (items.length) {
      lines.push(`   ${sub}:`);
      for (const item of items.slice(0, SUMMARY_ITEMS)) lines.push(`   - ${item}`);
    }
    lines.push("");
  };
  if (state.search_preference !== "publications")
    section(
      "📰 뉴스",
      "뉴스 제목",
      list.news.map((n) => `${n.title} (${n.date})`),
    );
  if (state.search_preference !== "news") {
    section(
      "📊 정기보고서",
      "회사명",
      list.regular.map((r) => `${r.company_name} (${r.year}년 ${r.quarter}분기)`),
    );
    section(
      "🔄 정정보고서",
      "문서 인덱스",
      list.revision.map((r) => `${r.basic_info.date} ${r.basic_info.report_name}`),
    );
  }
  const errors = [...state.news_errors, ...state.pub_errors];
  lines.push(`⚠️ 에러 ${errors.length}건`);
  for (const e of errors) lines.push(`   - ${e}`);
  return lines.join("\n") + "\n";
}
