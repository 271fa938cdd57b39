// Lambda: 002's query rewrite — the structured query (rules, then the LLM when unsure) and a follow-up's restaurants.
import { QaState } from "../../shared/restaurant-qa/state.ts";
import { rewriteStep } from "../../shared/restaurant-qa/steps.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const rewrite = defineStep({
  state: "Rewrite",
  description: "Restaurant QA: the question → 002's structured query",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 30, keys: true, index: "read", tables: { qa: "read" } },
  entry: import.meta.url,
  run: (input, rt) => rewriteStep(input, qaRuntime(rt).deps),
});

export const handler = lambdaHandler(rewrite);
