// Lambda: the MapSearch step of the place-search workflows (translator_result → checked plan).
import { z } from "zod";
import { planStep, TranslatedState } from "../../shared/place-search/plan-service.ts";
import { PlanResponse } from "../../shared/place-search/schemas.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const plan = defineStep({
  state: "Plan",
  description: "MapSearch agent: translator_result → checked search plan",
  input: TranslatedState,
  output: PlanResponse.extend({ deadlineAt: z.number().optional() }),
  lambda: { timeoutSeconds: 10 },
  entry: import.meta.url,
  run: (input) => planStep(input),
});

export const handler = lambdaHandler(plan);
