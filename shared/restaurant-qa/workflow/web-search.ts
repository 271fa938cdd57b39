// Lambda: 002's web fallback — Tavily with the user's question, when nothing relevant remains.
import { QaState } from "../state.ts";
import { webSearchStep } from "../steps.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const webSearch = defineStep({
  state: "WebSearch",
  description: "Restaurant QA: web search fallback (Tavily)",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 20, keys: true },
  entry: "restaurant-qa/web-search.ts",
  run: (input, rt) => webSearchStep(input, qaRuntime(rt).deps),
});
