// Lambda: the Translator step of the place-search workflows (query → translator_result).
import { z } from "zod";
import { TranslatedState, translateStep } from "../../shared/place-search/plan-service.ts";
import { PlanRequest } from "../../shared/place-search/schemas.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const translate = defineStep({
  state: "Translate",
  description: "Translator agent: query → translator_result (rules first, the LLM when unsure)",
  input: z.object({
    query: PlanRequest.shape.query,
    location: PlanRequest.shape.location,
    deadlineAt: z.number().optional(),
  }),
  output: TranslatedState,
  lambda: { timeoutSeconds: 60, keys: true },
  entry: import.meta.url,
  run: (input, rt) => translateStep(input.query, rt.llm, Date.now(), input.deadlineAt, input.location),
});

export const handler = lambdaHandler(translate);
