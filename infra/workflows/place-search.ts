// The place-search Express workflow (seeds 000/001), defined once: CDK deploys it with Lambda ARNs,
// the local server runs it with aws-local-stepfunctions, each Task state mapped to the same handler.
// JSONPath only (the local runner ignores JSONata); direct Lambda ARNs so results aren't wrapped in Payload.

export const PLACE_SEARCH_STATES = { translate: "Translate", plan: "Plan" } as const;

export interface PlaceSearchResources {
  translateFunctionArn: string;
  planFunctionArn: string;
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

export function placeSearchDefinition(r: PlaceSearchResources) {
  return {
    Comment: "Place search: natural-language query → Translator → MapSearch plan",
    TimeoutSeconds: 120,
    StartAt: PLACE_SEARCH_STATES.translate,
    States: {
      [PLACE_SEARCH_STATES.translate]: {
        Type: "Task",
        // no Parameters: the handler validates its input with zod; a JSONPath template here costs a
        // third of the local runner's time per execution (bench/)
        Resource: r.translateFunctionArn,
        TimeoutSeconds: 60,
        Retry: LAMBDA_RETRY,
        Next: PLACE_SEARCH_STATES.plan,
      },
      [PLACE_SEARCH_STATES.plan]: {
        Type: "Task",
        Resource: r.planFunctionArn,
        TimeoutSeconds: 30,
        Retry: LAMBDA_RETRY,
        End: true,
      },
    },
  };
}

/** Placeholder ARNs for running the definition locally (the runner never calls them). */
export const LOCAL_PLACE_SEARCH_RESOURCES: PlaceSearchResources = {
  translateFunctionArn: "arn:aws:lambda:ap-northeast-2:000000000000:function:dongne-translate",
  planFunctionArn: "arn:aws:lambda:ap-northeast-2:000000000000:function:dongne-plan",
};
