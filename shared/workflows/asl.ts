// Task states built from step declarations, the same way for every workflow: the step's state name,
// its Lambda (by ARN: CDK's function, or a placeholder the local runner never calls), an explicit
// TimeoutSeconds a little above the Lambda's own (AWS gives a Task none; the local runner would give
// it 60 s), and retries of Lambda's transient faults (domain errors would fail the same way again).
import { DEFAULT_API_BUDGET_MS } from "../platform/config-schema.ts";
import { SYNC_GRACE_MS } from "./port.ts";
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

/**
 * An Express machine the API runs synchronously ends close to the API's budget: its execution timeout
 * is the budget plus the grace the API waits past it (27 s), never the 90–120 s a definition may say,
 * so a run whose caller has already had its 504 stops spending LLM and provider calls. Step Functions
 * cannot stop an Express execution (StopExecution is for Standard ones), so the timeout is the only
 * brake.
 */
export const SYNC_MACHINE_TIMEOUT_SECONDS = Math.ceil((DEFAULT_API_BUDGET_MS + SYNC_GRACE_MS) / 1000);

type AslState = Record<string, unknown> & {
  Type?: string;
  TimeoutSeconds?: number;
  Branches?: { States: Record<string, AslState> }[];
  ItemProcessor?: { States: Record<string, AslState> };
  Iterator?: { States: Record<string, AslState> };
};

/**
 * `definition` as a synchronous machine: its TimeoutSeconds is `seconds`, and no Task (in Parallel
 * branches and Map processors too) waits longer than that — a Task timeout past what the budget
 * leaves could never be reached, and would hide a Lambda still running after the caller gave up.
 */
export function synchronous<D extends { TimeoutSeconds?: number; States: Record<string, unknown> }>(
  definition: D,
  seconds = SYNC_MACHINE_TIMEOUT_SECONDS,
): D {
  const cap = (states: Record<string, AslState>): Record<string, AslState> =>
    Object.fromEntries(
      Object.entries(states).map(([name, s]) => {
        const out: AslState = { ...s };
        if (s.Type === "Task" && (s.TimeoutSeconds ?? Infinity) > seconds) out.TimeoutSeconds = seconds;
        if (s.Branches) out.Branches = s.Branches.map((b) => ({ ...b, States: cap(b.States) }));
        if (s.ItemProcessor) out.ItemProcessor = { ...s.ItemProcessor, States: cap(s.ItemProcessor.States) };
        if (s.Iterator) out.Iterator = { ...s.Iterator, States: cap(s.Iterator.States) };
        return [name, out];
      }),
    );
  return {
    ...definition,
    TimeoutSeconds: seconds,
    States: cap(definition.States as Record<string, AslState>),
  };
}
