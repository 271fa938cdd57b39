// Lambda: 002's query rewrite — the structured query (rules, then the LLM when unsure) and a follow-up's restaurants.
import { QaState } from "../state.ts";
import { rewriteStep } from "../steps.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const rewrite = defineStep({
  state: "Rewrite",
  description: "Restaurant QA: the question → 002's structured query",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 30, keys: true, index: "read", tables: { qa: "read" } },
  entry: "restaurant-qa/rewrite.ts",
  run: (input, rt) => rewriteStep(input, qaRuntime(rt).deps),
});
