// Lambda: 002's generation — a Korean answer from the documents with [place_id] citations.
import { QaState } from "../state.ts";
import { generateStep } from "../steps.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const generate = defineStep({
  state: "Generate",
  description: "Restaurant QA: the answer, with citations",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 40, keys: true, tables: { qa: "readwrite" } },
  entry: "restaurant-qa/generate.ts",
  run: (input, rt) => generateStep(input, qaRuntime(rt).deps),
});
