// The place-search Express workflows (seeds 000/001), defined once: CDK deploys them with Lambda ARNs,
// the local server runs them with aws-local-stepfunctions, each Task state mapped to the same handler.
// JSONPath only (the local runner ignores JSONata); direct Lambda ARNs so results aren't wrapped in Payload.
//
//  plan:   Translate → Plan                                        (POST /v1/search/plan)
//  search: [HasPlan?] Translate → Plan → Execute ⇄ SearchAlongRoute (Map over sample points) → PostProcess
//          (POST /v1/search; POST /v1/search/execute starts at Execute with a given plan)

export const PLACE_SEARCH_STATES = {
  hasPlan: "HasPlan",
  translate: "Translate",
  plan: "Plan",
  execute: "Execute",
  needsFanout: "NeedsFanout",
  searchAlongRoute: "SearchAlongRoute",
  searchPoint: "SearchPoint",
  postProcess: "PostProcess",
} as const;

export interface PlaceSearchResources {
  translateFunctionArn: string;
  planFunctionArn: string;
  executeFunctionArn: string;
  searchPointFunctionArn: string;
  postProcessFunctionArn: string;
  /** sample points searched at once by the Map state */
  fanoutConcurrency: number;
}

/** Transient Lambda faults are retried; domain errors are not (they would fail the same way again). */
export const LAMBDA_RETRY = [
  {
    ErrorEquals: [
      "Lambda.ServiceException",
      "Lambda.AWSLambdaException",
      "Lambda.SdkClientException",
      "Lambda.TooManyRequestsException",
    ],
    IntervalSeconds: 1,
    MaxAttempts: 2,
    BackoffRate: 2,
  },
];

const S = PLACE_SEARCH_STATES;

// no Parameters on Translate: the handler validates its input with zod; a JSONPath template there cost
// a third of the local runner's time per execution (bench/)
const translateState = (r: PlaceSearchResources) => ({
  Type: "Task",
  Resource: r.translateFunctionArn,
  TimeoutSeconds: 60,
  Retry: LAMBDA_RETRY,
  Next: S.plan,
});

const planState = (r: PlaceSearchResources, next: { Next: string } | { End: true }) => ({
  Type: "Task",
  Resource: r.planFunctionArn,
  TimeoutSeconds: 30,
  Retry: LAMBDA_RETRY,
  ...next,
});

export function planDefinition(r: PlaceSearchResources) {
  return {
    Comment: "Place-search planning: natural-language query → Translator → MapSearch plan",
    TimeoutSeconds: 120,
    StartAt: S.translate,
    States: {
      [S.translate]: translateState(r),
      [S.plan]: planState(r, { End: true }),
    },
  };
}

export function searchDefinition(r: PlaceSearchResources) {
  return {
    Comment:
      "Place search: Translator → MapSearch → APIPicker (route fan-out over sample points) → post-processing",
    TimeoutSeconds: 240,
    StartAt: S.hasPlan,
    States: {
      [S.hasPlan]: {
        Type: "Choice",
        Choices: [{ Variable: "$.plan", IsPresent: true, Next: S.execute }],
        Default: S.translate,
      },
      [S.translate]: translateState(r),
      [S.plan]: planState(r, { Next: S.execute }),
      [S.execute]: {
        Type: "Task",
        Resource: r.executeFunctionArn,
        TimeoutSeconds: 90,
        Retry: LAMBDA_RETRY,
        Next: S.needsFanout,
      },
      [S.needsFanout]: {
        Type: "Choice",
        Choices: [{ Variable: "$.fanout", IsPresent: true, Next: S.searchAlongRoute }],
        Default: S.postProcess,
      },
      [S.searchAlongRoute]: {
        Type: "Map",
        ItemsPath: "$.fanout.items",
        MaxConcurrency: r.fanoutConcurrency,
        ItemProcessor: {
          ProcessorConfig: { Mode: "INLINE" },
          StartAt: S.searchPoint,
          States: {
            [S.searchPoint]: {
              Type: "Task",
              Resource: r.searchPointFunctionArn,
              TimeoutSeconds: 30,
              Retry: LAMBDA_RETRY,
              End: true,
            },
          },
        },
        ResultPath: "$.fanoutResults",
        Next: S.execute,
      },
      [S.postProcess]: {
        Type: "Task",
        Resource: r.postProcessFunctionArn,
        TimeoutSeconds: 30,
        Retry: LAMBDA_RETRY,
        End: true,
      },
    },
  };
}

/** Placeholder ARNs for running the definitions locally (the runner never calls them). */
const localArn = (name: string) => `arn:aws:lambda:ap-northeast-2:000000000000:function:dongne-${name}`;
export const LOCAL_PLACE_SEARCH_RESOURCES: PlaceSearchResources = {
  translateFunctionArn: localArn("translate"),
  planFunctionArn: localArn("plan"),
  executeFunctionArn: localArn("execute"),
  searchPointFunctionArn: localArn("search-point"),
  postProcessFunctionArn: localArn("post-process"),
  fanoutConcurrency: 10,
};
