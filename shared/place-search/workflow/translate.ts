// Lambda: the Translator step of the place-search workflows (query → translator_result).
import { z } from "zod";
import { TranslatedState, translateStep } from "../steps.ts";
import { PlanRequest } from "../schemas.ts";
import { defineStep } from "../../runtime/port.ts";

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
  entry: "place-search/translate.ts",
  run: (input, rt) => translateStep(input.query, rt.llm, Date.now(), input.deadlineAt, input.location),
});
