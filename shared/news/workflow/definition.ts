// News & disclosures (seed 003) as an Express workflow, defined once for CDK and the local runner:
//
//   AnalyzeQuery → Parallel(SearchNews ∥ SearchPublications) → FormatResults → SelectDocuments →
//   GenerateResponse
//
// Each branch writes its own fields; a branch whose Lambda fails outright (after Lambda's retries)
// becomes {failed_branch, error, state}, which FormatResults turns into a line of that branch's errors:
// the flow goes on, as 003 wants. Each branch starts with a Choice on `search_preference`: a branch not
// asked for goes to a Pass state and its Lambda is never invoked (issue 11: "skipped, not run and
// discarded"). The Pass gives what the step itself gives when skipped — the state as it came, with
// `usage.<step>` = {skipped: true} — so FormatResults merges it like any branch output.
import { NEWS_STEPS as S } from "./steps.ts";
import { task, type ArnOf } from "../../workflows/asl.ts";

/** The preference that leaves a branch out: news only skips publications, and the reverse. */
const SKIPPED_BY = { news: "publications", publications: "news" } as const;

const branch = (spec: typeof S.searchNews, name: "news" | "publications", arnOf: ArnOf) => ({
  StartAt: `${spec.state}Wanted`,
  States: {
    [`${spec.state}Wanted`]: {
      Type: "Choice",
      Choices: [
        {
          And: [
            { Variable: "$.search_preference", IsPresent: true },
            { Variable: "$.search_preference", StringEquals: SKIPPED_BY[name] },
          ],
          Next: `${spec.state}Skipped`,
        },
      ],
      Default: spec.state,
    },
    // JSONPath only (the local runner ignores JSONata): the input state, its usage marked skipped
    [`${spec.state}Skipped`]: {
      Type: "Pass",
      Result: { skipped: true },
      ResultPath: `$.usage.${spec.state}`,
      End: true,
    },
    [spec.state]: task(spec, arnOf, {
      End: true,
      Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.lambdaError", Next: `${spec.state}Failed` }],
    }),
    [`${spec.state}Failed`]: {
      Type: "Pass",
      Parameters: { failed_branch: name, "error.$": "$.lambdaError.Error", "state.$": "$" },
      End: true,
    },
  },
});

export function newsDefinition(arnOf: ArnOf) {
  return {
    Comment: "News & disclosures (seed 003): news ∥ OpenDART, formatting, document selection, an answer",
    TimeoutSeconds: 90,
    StartAt: S.analyzeQuery.state,
    States: {
      [S.analyzeQuery.state]: task(S.analyzeQuery, arnOf, { Next: "Search" }),
      Search: {
        Type: "Parallel",
        Branches: [branch(S.searchNews, "news", arnOf), branch(S.searchPublications, "publications", arnOf)],
        Next: S.formatResults.state,
      },
      [S.formatResults.state]: task(S.formatResults, arnOf, { Next: S.selectDocuments.state }),
      [S.selectDocuments.state]: task(S.selectDocuments, arnOf, { Next: S.generateResponse.state }),
      [S.generateResponse.state]: task(S.generateResponse, arnOf, { End: true }),
    },
  };
}
