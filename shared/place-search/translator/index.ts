// The Translator: rules first; an LLM only where the rules are unsure and a model is configured.
// Whatever goes wrong with the model, the rules answer and the response says so.
import {
  LlmOutputError,
  LlmUnavailableError,
  noUsage,
  type LlmPort,
  type TokenUsage,
} from "../../llm/port.ts";
import { TranslatorResult } from "../schemas.ts";
import { TRANSLATOR_SYSTEM, translatorPrompt } from "./prompt.ts";
import { translateWithRules } from "./rules.ts";

/** Below this the rules ask the LLM (when there is one). */
export const CONFIDENCE_FOR_RULES = 0.7;

export interface Translation {
  result: TranslatorResult;
  engine: "rules" | "llm" | "rules-fallback";
  confidence: number;
  warnings: string[];
  usage: TokenUsage;
}

export async function translate(query: string, llm?: LlmPort): Promise<Translation> {
  const rules = translateWithRules(query);
  if (!llm || rules.confidence >= CONFIDENCE_FOR_RULES) {
    return { ...rules, engine: "rules", usage: noUsage() };
  }
  try {
    const answer = await llm.structured({
      system: TRANSLATOR_SYSTEM,
      prompt: translatorPrompt(query, rules.result),
      schema: TranslatorResult,
      tier: "fast",
    });
    return { result: answer.value, engine: "llm", confidence: 0.9, warnings: [], usage: answer.usage };
  } catch (err) {
    if (!(err instanceof LlmOutputError || err instanceof LlmUnavailableError)) throw err;
    return {
      ...rules,
      engine: "rules-fallback",
      warnings: [...rules.warnings, `LLM translator unavailable (${err.message}); the rules answered`],
      usage: err.usage,
    };
  }
}
