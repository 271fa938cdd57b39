// The place-search Express workflows (seeds 000/001), defined once: CDK deploys them with Lambda ARNs,
// the local server runs them with aws-local-stepfunctions, each Task state mapped to the same step.
// JSONPath only (the local runner ignores JSONata); direct Lambda ARNs so results aren't wrapped in Payload.
//
//  plan:   Translate → Plan                                        (POST /v1/search/plan)
//  search: [HasPlan?] Translate → Plan → Execute ⇄ SearchAlongRoute (Map over sample points) → PostProcess
//          (POST /v1/search; POST /v1/search/execute starts at Execute with a given plan)
//
// A sample point that fails (its Lambda, after retries) becomes a warning and the search goes on.
import { PLACE_SEARCH_STEPS as S } from "./steps.ts";
import { task, type ArnOf } from "../../workflows/asl.ts";

/** Sample points searched at once by the Map state (each point runs its keywords concurrently too). */
export const FANOUT_CONCURRENCY = 10;

export const PLACE_SEARCH_STATES = {
  hasPlan: "HasPlan",
  needsFanout: "NeedsFanout",
  searchAlongRoute: "SearchAlongRoute",
  pointFailed: "PointFailed",
} as const;
const N = PLACE_SEARCH_STATES;

export function planDefinition(arnOf: ArnOf) {
  return {
    Comment: "Place-search planning: natural-language query → Translator → MapSearch plan",
    TimeoutSeconds: 90,
    StartAt: S.translate.state,
    States: {
      // no Parameters on Translate: the step validates its input with zod; a JSONPath template there
      // cost a third of the local runner's time per execution (bench/)
      [S.translate.state]: task(S.translate, arnOf, { Next: S.plan.state }),
      [S.plan.state]: task(S.plan, arnOf, { End: true }),
    },
  };
}

export function searchDefinition(arnOf: ArnOf) {
  return {
    Comment:
      "Place search: Translator → MapSearch → APIPicker (route fan-out over sample points) → post-processing",
    TimeoutSeconds: 120,
    StartAt: N.hasPlan,
    States: {
      [N.hasPlan]: {
        Type: "Choice",
        Choices: [{ Variable: "$.plan", IsPresent: true, Next: S.execute.state }],
        Default: S.translate.state,
      },
      [S.translate.state]: task(S.translate, arnOf, { Next: S.plan.state }),
      [S.plan.state]: task(S.plan, arnOf, { Next: S.execute.state }),
      [S.execute.state]: task(S.execute, arnOf, { Next: N.needsFanout }),
      [N.needsFanout]: {
        Type: "Choice",
        Choices: [{ Variable: "$.fanout", IsPresent: true, Next: N.searchAlongRoute }],
        Default: S.postProcess.state,
      },
      [N.searchAlongRoute]: {
        Type: "Map",
        ItemsPath: "$.fanout.items",
        MaxConcurrency: FANOUT_CONCURRENCY,
        ItemProcessor: {
          ProcessorConfig: { Mode: "INLINE" },
          StartAt: S.searchPoint.state,
          States: {
            [S.searchPoint.state]: task(S.searchPoint, arnOf, {
              End: true,
              Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: N.pointFailed }],
            }),
            // the point's places are lost, not the search: a warning says which point and why
            [N.pointFailed]: {
              Type: "Pass",
              Parameters: {
                places: [],
                apiCalls: 0,
                "warnings.$":
                  "States.Array(States.Format('경로 위 {}번 지점은 검색하지 못해 그 지점의 장소는 빠졌습니다 (오류: {})', $.point.index, $.error.Error))",
              },
              End: true,
            },
          },
        },
        ResultPath: "$.fanoutResults",
        Next: S.execute.state,
      },
      [S.postProcess.state]: task(S.postProcess, arnOf, { End: true }),
    },
  };
}
