// Lambda: 002's web fallback — Tavily with the user's question, when nothing relevant remains.
import { QaState } from "../../shared/restaurant-qa/state.ts";
import { webSearchStep } from "../../shared/restaurant-qa/steps.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const webSearch = defineStep({
  state: "WebSearch",
  description: "Restaurant QA: web search fallback (Tavily)",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 20, keys: true },
  entry: import.meta.url,
  run: (input, rt) => webSearchStep(input, qaRuntime(rt).deps),
});

export const handler = lambdaHandler(webSearch);
