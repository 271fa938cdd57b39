// The Translator: rules first; an LLM only where the rules are unsure and a model is configured.
// Whatever goes wrong with the model, the rules answer and the response says so.
import { askUnlessSure, CONFIDENCE_FOR_RULES } from "../../llm/fallback.ts";
import type { LlmPort, TokenUsage } from "../../llm/port.ts";
import type { Deadline } from "../../platform/deadline.ts";
import { TranslatorResult } from "../schemas.ts";
import { TRANSLATOR_SYSTEM, translatorPrompt } from "./prompt.ts";
import type { ReadSpan } from "../../places/query-terms.ts";
import { translateWithRules } from "./rules.ts";
import { translatorFailed } from "../warnings.ts";

export interface Translation {
  result: TranslatorResult;
  engine: "rules" | "llm" | "rules-fallback";
  confidence: number;
  warnings: string[];
  usage: TokenUsage;
  /** the rules' reading of every word (absent when the model answered: it read the query itself) */
  reading?: ReadSpan[];
  /** the content words the answer leaves unread */
  unread: string[];
}

/** The rules' typo corrections ("합점역 → 합정역으로 찾았어요") that the model's reading agrees with. */
function correctionsKept(warnings: string[], result: TranslatorResult): string[] {
  const read = JSON.stringify([result.locations, result.search_keywords]);
  return warnings.filter((w) => {
    const m = /→ (\S+?)(?:으로|로) 찾았어요$/.exec(w);
    return m !== null && read.includes(m[1]!.replace(/역$/, ""));
  });
}

export async function translate(query: string, llm?: LlmPort, deadline?: Deadline): Promise<Translation> {
  const rules = translateWithRules(query);
  // the deadline goes to the call, not to askUnlessSure: with little time left the model adapter
  // refuses the call itself, and the answer says so as a fallback (as it always has)
  const asked = await askUnlessSure({ llm, rulesSure: rules.confidence >= CONFIDENCE_FOR_RULES }, (model) =>
    model.structured({
      system: TRANSLATOR_SYSTEM,
      prompt: translatorPrompt(query, rules.result),
      schema: TranslatorResult,
      tier: "fast",
      deadline,
    }),
  );
  switch (asked.engine) {
    case "rules":
      return { ...rules, engine: "rules", usage: asked.usage };
    case "llm":
      return {
        result: asked.value,
        engine: "llm",
        confidence: 0.9,
        warnings: correctionsKept(rules.warnings, asked.value),
        usage: asked.usage,
        unread: [],
      };
    case "rules-fallback":
      return {
        ...rules,
        engine: "rules-fallback",
        warnings: [...rules.warnings, translatorFailed(asked.failure.message)],
        usage: asked.usage,
      };
  }
}
