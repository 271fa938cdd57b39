// LLM spend (issue 15): what a run will cost before it starts (POST /v1/simulations/estimate, and the
// start's 202), and its budget — checked before each slot from the record's token counters (Collect
// adds each slot's), so an LLM run stops cleanly (budget_exhausted, resumable) instead of passing it.
// Offline and replayed runs call no model: they cost nothing and ignore budgets.
import { z } from "zod";
import { DongneError } from "../platform/errors.ts";
import { spendMicroUsd } from "../platform/metrics.ts";
import type { SimulationParams } from "./schemas.ts";
import { TIME_SLOTS, type TimeSlot } from "./types.ts";

/**
 * The measured figures every estimate is made from, and where they came from. Re-measure with
 * `npx tsx bench/simulation-spend.ts` after a prompt or a step changes.
 *
 * - turnsPerAgentDay: agent turns per agent of the persona set per day, by slot (residents act in every
 *   slot; 53 of 113 floating visitors a day, from their entry slot, until they leave);
 * - callsPerTurn: LLM calls per agent turn, by slot, counted in a run of the fake simulation LLM
 *   (test/helpers/fake-sim-llm.ts). It eats out in two turns of three whatever the slot, so a model that
 *   follows step 1's reference rates (아침 약 30 % …) likely makes fewer calls at 07:00 and 22:00 (an overestimate there);
 * - tokens per call: from the sizes of the prompts that run sent (system prompt included) and of its
 *   answers, at one token per Hangul syllable and one per 3.5 other characters — an assumption, as no
 *   Claude tokenizer is available offline. A real run's record has the model's own counts.
 */
export const SPEND_FIGURES = {
  measured:
    "2026-11-25: the fake simulation LLM, 3 days × 160 agents, seed 42 (2,869 calls; bench/simulation-spend.ts)",
  turnsPerAgentDay: { "07:00": 0.36, "12:00": 0.423, "18:00": 0.45, "22:00": 0.39 },
  callsPerTurn: { "07:00": 3.757, "12:00": 3.759, "18:00": 4.074, "22:00": 3.08 },
  inputTokensPerCall: 681,
  outputTokensPerCall: 22,
};

/** USD per million input and output tokens (LLM_PRICE_*_PER_MTOK). */
export interface Prices {
  input: number;
  output: number;
}

export const costUsd = (tokens: { inputTokens: number; outputTokens: number }, prices: Prices): number =>
  spendMicroUsd({ input: tokens.inputTokens, output: tokens.outputTokens }, prices) / 1e6;

/** The budget in force: the run's own, capped by the server's ceiling (SIM_MAX_BUDGET_USD); none: no limit. */
export function budgetInForce(requested?: number, ceiling?: number): number | undefined {
  const limits = [requested, ceiling].filter((n): n is number => n !== undefined);
  return limits.length ? Math.min(...limits) : undefined;
}

const Usage = z.object({
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number(),
});

/** An estimate of a run's LLM use and cost (what POST /v1/simulations/estimate and the start's 202 carry). */
export const SpendEstimate = Usage.extend({
  /** the engine the run would use: only llm spends */
  engine: z.enum(["llm", "offline", "replay"]),
  agentDays: z.number().int(),
  /** the budget in force (null: none); offline and replayed runs ignore it */
  budgetUsd: z.number().nullable(),
  /** what the LLM engine would need for this run, whichever engine runs it */
  withLlm: Usage,
  /** USD per million tokens */
  prices: z.object({ input: z.number(), output: z.number() }),
  /** where the per-agent-day figures come from */
  basis: z.string(),
});
export type SpendEstimate = z.infer<typeof SpendEstimate>;

/** LLM calls and tokens of `turns` agent turns in `slot`, by the measured figures. */
export function turnsUsage(turns: number, slot: TimeSlot) {
  const calls = turns * SPEND_FIGURES.callsPerTurn[slot];
  return {
    calls,
    inputTokens: calls * SPEND_FIGURES.inputTokensPerCall,
    outputTokens: calls * SPEND_FIGURES.outputTokensPerCall,
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function estimateSpend(
  run: Pick<SimulationParams, "days" | "agents" | "engine">,
  prices: Prices,
  budgetUsd?: number,
): SpendEstimate {
  const agentDays = run.days * run.agents;
  let calls = 0;
  for (const slot of TIME_SLOTS)
    calls += turnsUsage(agentDays * SPEND_FIGURES.turnsPerAgentDay[slot], slot).calls;
  const withLlm = {
    calls: Math.round(calls),
    inputTokens: Math.round(calls * SPEND_FIGURES.inputTokensPerCall),
    outputTokens: Math.round(calls * SPEND_FIGURES.outputTokensPerCall),
    costUsd: 0,
  };
  withLlm.costUsd = round(costUsd(withLlm, prices), 4);
  const spends = run.engine === "llm";
  return {
    engine: run.engine,
    agentDays,
    calls: spends ? withLlm.calls : 0,
    inputTokens: spends ? withLlm.inputTokens : 0,
    outputTokens: spends ? withLlm.outputTokens : 0,
    costUsd: spends ? withLlm.costUsd : 0,
    budgetUsd: spends ? (budgetUsd ?? null) : null,
    withLlm,
    prices,
    basis: SPEND_FIGURES.measured,
  };
}

/** A run stopped before a slot its budget would not cover (the workflow's clean stop matches the name). */
export class BudgetExhaustedError extends DongneError {
  constructor(message: string) {
    super("quota", message);
    this.name = "BudgetExhausted";
  }
}

const usd = (n: number) => `$${n.toFixed(4)}`;

/**
 * Why a slot of `turns` agent turns may not start: the spend so far reached the budget, or with the
 * slot's estimate it would pass it. Null when it may (and always for offline and replayed runs).
 */
export function budgetStop(
  meta: Pick<SimulationParams, "engine"> & { inputTokens: number; outputTokens: number },
  budget: number | undefined,
  next: { turns: number; slot: TimeSlot },
  prices: Prices,
): string | null {
  if (meta.engine !== "llm" || budget === undefined) return null;
  const spent = costUsd(meta, prices);
  const slot = costUsd(turnsUsage(next.turns, next.slot), prices);
  if (spent < budget && spent + slot <= budget) return null;
  return spent >= budget
    ? `spent ${usd(spent)} of a ${usd(budget)} budget`
    : `spent ${usd(spent)} of a ${usd(budget)} budget; the ${next.slot} slot (${next.turns} agents, ~${usd(slot)}) would pass it`;
}
