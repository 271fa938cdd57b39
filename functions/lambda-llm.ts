// The Lambda entry of a step that reads the keys secret, and so may call the LLM: the same as
// lambda.ts, with the LLM adapter (the Anthropic SDK) in its bundle — imported when a key is configured,
// so the step's cold start without one never evaluates it.
import type { StepSpec } from "../shared/workflows/step.ts";
import { lambdaHandler } from "./lambda.ts";

const loadLlm = () => import("../shared/llm/index.ts");

export function lambdaHandlerWithLlm<I, O>(spec: StepSpec<I, O>) {
  return lambdaHandler(spec, { loadLlm });
}
