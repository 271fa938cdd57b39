// The Lambda entry of every workflow step: the process's runtime (configuration, keys from Secrets
// Manager re-read after their TTL, adapters), then the step on the event. Errors propagate: Step
// Functions' Retry and Catch decide what a failure means.
import { runtime } from "../shared/runtime/runtime.ts";
import { runStep, type StepSpec } from "../shared/workflows/step.ts";

export function lambdaHandler<I, O>(spec: StepSpec<I, O>) {
  return async (event: unknown, context?: { awsRequestId?: string }): Promise<O> =>
    runStep(spec, event, await runtime(), context?.awsRequestId);
}
