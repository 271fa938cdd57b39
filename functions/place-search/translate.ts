// Lambda: the Translator step of the place-search workflow.
import { z } from "zod";
import type { LlmPort } from "../../shared/llm/port.ts";
import { translateStep } from "../../shared/place-search/plan-service.ts";
import { PlanRequest } from "../../shared/place-search/schemas.ts";
import { runtime } from "../../shared/runtime.ts";
import { stepHandler } from "../step.ts";

const Input = z.object({ query: PlanRequest.shape.query });

export function translateHandler(event: unknown, llm: LlmPort | undefined) {
  const { query } = Input.parse(event);
  return translateStep(query, llm);
}

export const handler = stepHandler("translate", async (event) =>
  translateHandler(event, (await runtime()).llm),
);
