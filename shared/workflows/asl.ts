// Task states built from step declarations, the same way for every workflow: the step's state name,
// its Lambda (by ARN: CDK's function, or a placeholder the local runner never calls), an explicit
// TimeoutSeconds a little above the Lambda's own (AWS gives a Task none; the local runner would give
// it 60 s), and retries of Lambda's transient faults (domain errors would fail the same way again).
import { taskTimeoutSeconds, type StepSpec } from "./step.ts";

/** How a definition finds a step's Lambda: CDK maps it to the function it built. */
export type ArnOf = (spec: StepSpec) => string;

/** The local runner's placeholder ARNs (tasks are mapped to handlers by state name). */
export const localArn: ArnOf = (spec) =>
  `arn:aws:lambda:ap-northeast-2:000000000000:function:dongne-${spec.state}`;

export const LAMBDA_RETRY = [
  {
    ErrorEquals: [
      "Lambda.ServiceException",
      "Lambda.AWSLambdaException",
      "Lambda.SdkClientException",
      "Lambda.TooManyRequestsException",
    ],
    IntervalSeconds: 1,
    MaxAttempts: 3,
    BackoffRate: 2,
  },
];

export function task(spec: StepSpec, arnOf: ArnOf, extra: Record<string, unknown>) {
  return {
    Type: "Task",
    Resource: arnOf(spec),
    TimeoutSeconds: taskTimeoutSeconds(spec),
    Retry: LAMBDA_RETRY,
    ...extra,
  };
}
