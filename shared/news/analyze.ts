// 003's analyze_query: the preference defaults to "both" and the error lists start empty; here it also
// reads the query once (periods, report keys, "latest") for both branches and stamps the start time.
import type { NewsDeps } from "./deps.ts";
import { analyzeQueryText } from "./query.ts";
import { SearchState, type SearchStateInput } from "./schemas.ts";
import { STEP, withUsage } from "./usage.ts";

export async function analyzeQueryStep(
  input: SearchStateInput,
  deps: Pick<NewsDeps, "now">,
): Promise<SearchState> {
  const state = SearchState.parse(input);
  const now = deps.now();
  return withUsage(
    {
      ...state,
      news_errors: [],
      pub_errors: [],
      query_analysis: analyzeQueryText(state.query, now),
      startedAt: state.startedAt ?? now.getTime(),
    },
    STEP.analyze,
    {},
  );
}
