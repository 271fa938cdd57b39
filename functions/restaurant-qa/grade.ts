// Lambda: 002's relevance grading — the LLM in one call, or rules and a calibrated threshold.
import { QaState } from "../../shared/restaurant-qa/state.ts";
import { gradeStep } from "../../shared/restaurant-qa/steps.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const grade = defineStep({
  state: "Grade",
  description: "Restaurant QA: relevance grading; sets needsWeb",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 30, keys: true },
  entry: import.meta.url,
  run: (input, rt) => gradeStep(input, qaRuntime(rt).deps),
});

export const handler = lambdaHandler(grade);
