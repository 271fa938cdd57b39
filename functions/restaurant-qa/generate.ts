// Lambda: 002's generation — a Korean answer from the documents with [place_id] citations.
import { QaState } from "../../shared/restaurant-qa/state.ts";
import { generateStep } from "../../shared/restaurant-qa/steps.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const generate = defineStep({
  state: "Generate",
  description: "Restaurant QA: the answer, with citations",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 40, keys: true, tables: { qa: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => generateStep(input, qaRuntime(rt).deps),
});

export const handler = lambdaHandler(generate);
