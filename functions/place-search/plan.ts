// Lambda: the MapSearch step of the place-search workflow (translator_result → checked plan).
import { planStep, TranslatedState } from "../../shared/place-search/plan-service.ts";
import { stepHandler } from "../step.ts";

export function planHandler(event: unknown) {
  return planStep(TranslatedState.parse(event));
}

export const handler = stepHandler("plan", planHandler);
