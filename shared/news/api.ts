// What the news routes call: the workflow within the request's budget (NewsService), the state → the
// response, and the response's text rendering (`?format=text`, and the CLI's output).
import { SYNTHETIC_NOTE } from "./generate.ts";
import { type NewsSearchRequest, type NewsSearchResponse, type SearchState } from "./schemas.ts";
import { metaOf } from "./usage.ts";
import { Deadline } from "../platform/deadline.ts";
import { recordMetrics } from "../platform/metrics.ts";
import type { Workflows } from "../workflows/port.ts";
import { SearchState as SearchStateSchema } from "./schemas.ts";

/** The news API, implemented once: the workflow within the request's budget, started either way. */
export class NewsService {
  constructor(
    private readonly workflows: Workflows,
    private readonly opts: { budgetMs: number; pricePerMTok: { input: number; output: number } },
  ) {}

  async search(request: NewsSearchRequest): Promise<NewsSearchResponse> {
    const deadline = Deadline.in(this.opts.budgetMs);
    const state = SearchStateSchema.parse(
      await this.workflows.runSync("news", { ...request, deadlineAt: deadline.at }, deadline),
    );
    const res = toResponse(state);
    // LLM calls, tokens (input and output) and spend are recorded where each call happens
    // (shared/llm/gated.ts), at its tier's price
    recordMetrics("news", {
      ProviderCalls: res.meta.dartCalls + res.meta.naverCalls,
      Latency: res.meta.durationMs,
    });
    return res;
  }
}

export function toResponse(state: SearchState, now = Date.now()): NewsSearchResponse {
  return {
    query: state.query,
    search_preference: state.search_preference,
    news_results: state.news_results,
    publication_results: state.publication_results,
    news_errors: state.news_errors,
    pub_errors: state.pub_errors,
    searched_list: state.searched_list,
    selected_documents: state.selected_documents,
    search_summary: state.search_summary,
    generated_response: state.generated_response,
    search_notes: state.search_notes,
    citations: state.citations,
    meta: metaOf(state, now),
  };
}

/** `?format=text`: 003's summary, then the answer; synthetic data says so in a line of its own. */
export function renderNewsText(res: NewsSearchResponse): string {
  const answer = res.generated_response ?? "";
  const lines = [res.search_summary.trimEnd(), "", answer];
  if (res.meta.synthetic && !answer.includes(SYNTHETIC_NOTE)) lines.push("", SYNTHETIC_NOTE);
  return lines.join("\n") + "\n";
}
