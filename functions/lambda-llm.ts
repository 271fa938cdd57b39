// The Lambda entry of a step that reads the keys secret, and so may call the LLM: the same as
// lambda.ts, with the LLM adapter (the Anthropic SDK) in its bundle.
import { createLlm } from "../shared/llm/index.ts";
import type { StepSpec } from "../shared/workflows/step.ts";
import { lambdaHandler } from "./lambda.ts";

export function lambdaHandlerWithLlm<I, O>(spec: StepSpec<I, O>) {
  return lambdaHandler(spec, { createLlm });
}
