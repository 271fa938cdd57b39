// The simulation's part of the one config schema (seed 004): its variables as zod fields with their
// defaults, and the settings read from them. It belongs to the platform layer (the platform's config
// composes it) and imports only platform code; the feature takes these settings in its wiring.
import { z } from "zod";
import { int, optionalSecret } from "../platform/config-fields.ts";

export const SimulationEnv = {
  SIM_PERSONAS_FILE: optionalSecret,
  SIM_BACKOFF_UNIT_MS: int(0, 120_000, 10_000),
  SIM_MAX_CONCURRENT_LLM_CALLS: int(1, 100, 10),
  SIM_STORE: z.enum(["disk", "memory"]).default("disk"),
  /** agent-days one caller may start per UTC day (a 160-agent, 7-day simulation is 1,120) */
  SIM_MAX_AGENT_DAYS_PER_CALLER: int(1, 1_000_000, 10_000),
  /** above this share of llm_failed turns a run ends completed_with_failures */
  SIM_FAILED_TURNS_THRESHOLD: z.coerce.number().min(0).max(1).default(0.05),
  /** 004 waits 0.5 s after each LLM call, inside the semaphore */
  SIM_RATE_DELAY_MS: int(0, 60_000, 500),
  /** the most one LLM simulation may spend (USD): a request's budgetUsd is capped by it; unset: no cap */
  SIM_MAX_BUDGET_USD: z.coerce.number().positive().max(1_000_000).optional(),
};
export const SimulationEnvSchema = z.object(SimulationEnv);
export type SimulationEnvValues = z.infer<typeof SimulationEnvSchema>;

export interface SimulationConfig {
  /** a JSON array of personas replacing the default set */
  personasFile?: string;
  /** 004: a 429 waits (attempt + 1) × this */
  backoffUnitMs: number;
  /** 004's max_concurrent_llm_calls when a request does not say */
  maxConcurrentLlmCalls: number;
  /** local runs: dynalite on disk under DATA_DIR/dynamodb (survives a restart), or in memory */
  store: SimulationEnvValues["SIM_STORE"];
  maxAgentDaysPerCaller: number;
  /** above this share of llm_failed turns a run ends completed_with_failures */
  failedTurnsThreshold: number;
  /** 004's wait after each LLM call, inside the semaphore */
  rateDelayMs: number;
  /** the most one LLM simulation may spend (USD); undefined: no cap */
  maxBudgetUsd?: number;
}

export const simulationConfig = (env: SimulationEnvValues): SimulationConfig => ({
  personasFile: env.SIM_PERSONAS_FILE,
  backoffUnitMs: env.SIM_BACKOFF_UNIT_MS,
  maxConcurrentLlmCalls: env.SIM_MAX_CONCURRENT_LLM_CALLS,
  store: env.SIM_STORE,
  maxAgentDaysPerCaller: env.SIM_MAX_AGENT_DAYS_PER_CALLER,
  failedTurnsThreshold: env.SIM_FAILED_TURNS_THRESHOLD,
  rateDelayMs: env.SIM_RATE_DELAY_MS,
  maxBudgetUsd: env.SIM_MAX_BUDGET_USD,
});
