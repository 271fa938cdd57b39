// Lambda: the MapSearch step of the place-search workflows (translator_result → checked plan).
import { z } from "zod";
import { planStep, TranslatedState } from "../steps.ts";
import { PlanResponse } from "../schemas.ts";
import { defineStep } from "../../runtime/port.ts";

export const plan = defineStep({
  state: "Plan",
  description: "MapSearch agent: translator_result → checked search plan",
  input: TranslatedState,
  output: PlanResponse.extend({ deadlineAt: z.number().optional() }),
  lambda: { timeoutSeconds: 10 },
  entry: "place-search/plan.ts",
  run: (input) => planStep(input),
});
