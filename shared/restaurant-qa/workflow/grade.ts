// Lambda: 002's relevance grading — the LLM in one call, or rules and a calibrated threshold.
import { QaState } from "../state.ts";
import { gradeStep } from "../steps.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const grade = defineStep({
  state: "Grade",
  description: "Restaurant QA: relevance grading; sets needsWeb",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 30, keys: true },
  entry: "restaurant-qa/grade.ts",
  run: (input, rt) => gradeStep(input, qaRuntime(rt).deps),
});
