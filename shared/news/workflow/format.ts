// Lambda: 003's format_results over the Parallel state's two branch outputs. A branch whose Lambda
// failed outright arrives as {failed_branch, error, state}: its error goes into that branch's error
// list (003: a failing branch is an error line, and the flow goes on).
import { z } from "zod";
import { formatResultsStep } from "../steps.ts";
import { SearchState, type SearchStateInput } from "../schemas.ts";
import { defineStep } from "../../runtime/port.ts";

export const FailedBranch = z.object({
  failed_branch: z.enum(["news", "publications"]),
  error: z.string(),
  state: SearchState,
});
const BranchOutput = z.union([FailedBranch, SearchState]);

/** The branch outputs with a failed branch's error in its own list, on the state it was given. */
export function withBranchFailures(outputs: z.infer<typeof BranchOutput>[]): SearchStateInput[] {
  return outputs.map((o) => {
    if (!("failed_branch" in o)) return o;
    // the sentence is for people; the workflow's own error is the notice's
    const line = `${o.failed_branch === "news" ? "뉴스" : "공시"} 검색 단계가 실패해 그 자료 없이 답했습니다`;
    const usage = { warnings: [line], notices: [{ code: "branch_failed", detail: o.error }] };
    return o.failed_branch === "news"
      ? {
          ...o.state,
          news_errors: [...o.state.news_errors, line],
          usage: { ...o.state.usage, SearchNews: usage },
        }
      : {
          ...o.state,
          pub_errors: [...o.state.pub_errors, line],
          usage: { ...o.state.usage, SearchPublications: usage },
        };
  });
}

export const formatResults = defineStep({
  state: "FormatResults",
  description: "News: 003's searched_list and search summary; the raw results dropped",
  input: z.array(BranchOutput).min(1).max(2),
  output: SearchState,
  lambda: { timeoutSeconds: 10 },
  entry: "news/format.ts",
  run: (input) => formatResultsStep(withBranchFailures(input)),
});
