// The Lambda entry of every workflow step: the process's runtime (configuration, keys from Secrets
// Manager re-read after their TTL, adapters), then the step on the event. Errors propagate: Step
// Functions' Retry and Catch decide what a failure means. A step that reads the keys (and so may be
// given an LLM key) enters through lambda-llm.ts, which brings the LLM adapter; every other step's
// bundle never contains the Anthropic SDK (test/unit/lambda-entries.test.ts keeps the two apart).
import { runtime, type RuntimeAdapters } from "../shared/runtime/runtime.ts";
import { runStep, type StepSpec } from "../shared/workflows/step.ts";

export function lambdaHandler<I, O>(spec: StepSpec<I, O>, adapters: RuntimeAdapters = {}) {
  return async (event: unknown, context?: { awsRequestId?: string }): Promise<O> =>
    runStep(spec, event, await runtime(adapters), context?.awsRequestId);
}
