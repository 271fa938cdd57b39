// The two steps of the planning workflow, as plain functions the Lambdas and the local runner share:
// translate (query → translator_result) and plan (translator_result → checked MapSearch plan).
import { z } from "zod";
import type { LlmPort } from "../llm/port.ts";
import { checkPlan } from "./plan-check.ts";
import { planSearch } from "./planner.ts";
import { PlanResponse, TranslatorResult } from "./schemas.ts";
import { translate } from "./translator/index.ts";

/** Workflow state after Translate: what Plan needs, and the running meta. */
export const TranslatedState = z.object({
  query: z.string(),
  translator_result: TranslatorResult,
  meta: z.object({
    engine: z.enum(["rules", "llm", "rules-fallback"]),
    confidence: z.number(),
    llmCalls: z.number().int(),
    llmTokens: z.object({ input: z.number().int(), output: z.number().int() }),
    warnings: z.array(z.string()),
    startedAt: z.number(),
  }),
});
export type TranslatedState = z.infer<typeof TranslatedState>;

export async function translateStep(
  query: string,
  llm?: LlmPort,
  now = Date.now(),
): Promise<TranslatedState> {
  const t = await translate(query, llm);
  return {
    query,
    translator_result: t.result,
    meta: {
      engine: t.engine,
      confidence: t.confidence,
      llmCalls: t.usage.calls,
      llmTokens: { input: t.usage.inputTokens, output: t.usage.outputTokens },
      warnings: t.warnings,
      startedAt: now,
    },
  };
}

export class InvalidPlanError extends Error {
  constructor(readonly problems: { path: string; message: string }[]) {
    super(`plan failed its check: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`);
    this.name = "InvalidPlanError";
  }
}

export function planStep(state: TranslatedState, now = Date.now()): PlanResponse {
  const checked = checkPlan(planSearch(state.translator_result));
  if (!checked.ok) throw new InvalidPlanError(checked.problems);
  const { startedAt, ...meta } = state.meta;
  return {
    query: state.query,
    translator_result: state.translator_result,
    ...checked.plan,
    meta: { ...meta, durationMs: Math.max(0, now - startedAt) },
  };
}
