// The simulation's part of the one config schema (seed 004): its variables as zod fields with their
// defaults, and the settings read from them. It belongs to the platform layer (the platform's config
// composes it) and imports only platform code; the feature takes these settings in its wiring.
import { z } from "zod";
import { int, optionalSecret } from "../platform/config-fields.ts";

/** The most agents one run may have unless SIM_MAX_AGENTS says otherwise: the scale measured (docs/performance.md). */
export const DEFAULT_MAX_AGENTS = 10_000;
/** What no configuration may raise SIM_MAX_AGENTS past: a slot's batches (≤ 1,000 of ≤ 200 agents) hold this many. */
export const AGENTS_CEILING = 100_000;
/** Agents one batch (one Lambda invocation) runs in an offline slot, unless SIM_BATCH_SIZE says otherwise. */
export const DEFAULT_BATCH_SIZE = 100;
/** Agent batches in flight at once: the agent function's reserved concurrency in production (infra/profile.ts). */
export const DEFAULT_AGENT_CONCURRENCY = 100;
/**
 * Agent batches one local process runs at once, unless SIM_LOCAL_BATCHES_IN_FLIGHT says otherwise. In
 * AWS each batch is its own Lambda with its own memory; locally every batch shares one heap, so a slot's
 * ~63 batches at once held every acting agent's item (memory stream included) at the same time, and a
 * 10,000-agent run outgrew the server's heap on day 14. Four keep two cores busy (docs/performance.md).
 */
export const DEFAULT_LOCAL_BATCHES_IN_FLIGHT = 4;

export const SimulationEnv = {
  SIM_PERSONAS_FILE: optionalSecret,
  SIM_BACKOFF_UNIT_MS: int(0, 120_000, 10_000),
  SIM_MAX_CONCURRENT_LLM_CALLS: int(1, 100, 10),
  SIM_STORE: z.enum(["disk", "memory"]).default("disk"),
  /** agent-days one caller may start per UTC day (a 160-agent, 7-day simulation is 1,120) */
  SIM_MAX_AGENT_DAYS_PER_CALLER: int(1, 10_000_000, 10_000),
  /** the most agents one run may have, residents and scenario visitors together */
  SIM_MAX_AGENTS: int(1, AGENTS_CEILING, DEFAULT_MAX_AGENTS),
  /** agents one batch (one invocation of the agent function) runs in an offline slot */
  SIM_BATCH_SIZE: int(1, 200, DEFAULT_BATCH_SIZE),
  /** agent batches (invocations of the agent function) in flight at once: the stack sets its reserved concurrency */
  SIM_AGENT_CONCURRENCY: int(1, 10_000, DEFAULT_AGENT_CONCURRENCY),
  /** agent batches one local process (the local server, the CLI, the benches) runs at once: they share its heap */
  SIM_LOCAL_BATCHES_IN_FLIGHT: int(1, 10_000, DEFAULT_LOCAL_BATCHES_IN_FLIGHT),
  /** above this share of llm_failed turns a run ends completed_with_failures */
  SIM_FAILED_TURNS_THRESHOLD: z.coerce.number().min(0).max(1).default(0.05),
  /** 004 waits 0.5 s after each LLM call, inside the semaphore */
  SIM_RATE_DELAY_MS: int(0, 60_000, 500),
  /** the most one LLM simulation may spend (USD): a request's budgetUsd is capped by it; unset: no cap */
  SIM_MAX_BUDGET_USD: z.coerce.number().positive().max(1_000_000).optional(),
  /** an ablation for measuring what memory does: `withheld` gives every turn an empty memory stream */
  SIM_MEMORY: z.enum(["kept", "withheld"]).default("kept"),
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
  /** the most agents one run may have (residents and scenario visitors) */
  maxAgents: number;
  /** agents one batch runs in an offline slot */
  batchSize: number;
  /** batches in flight at once (the agent function's reserved concurrency) */
  agentConcurrency: number;
  /** batches one local process runs at once, whatever the slot allows (they share one heap) */
  localBatchesInFlight: number;
  /** above this share of llm_failed turns a run ends completed_with_failures */
  failedTurnsThreshold: number;
  /** 004's wait after each LLM call, inside the semaphore */
  rateDelayMs: number;
  /** the most one LLM simulation may spend (USD); undefined: no cap */
  maxBudgetUsd?: number;
  /** `withheld`: every turn sees an empty memory stream (the calibration bench's ablation) */
  memory: SimulationEnvValues["SIM_MEMORY"];
}

export const simulationConfig = (env: SimulationEnvValues): SimulationConfig => ({
  personasFile: env.SIM_PERSONAS_FILE,
  backoffUnitMs: env.SIM_BACKOFF_UNIT_MS,
  maxConcurrentLlmCalls: env.SIM_MAX_CONCURRENT_LLM_CALLS,
  store: env.SIM_STORE,
  maxAgentDaysPerCaller: env.SIM_MAX_AGENT_DAYS_PER_CALLER,
  maxAgents: env.SIM_MAX_AGENTS,
  batchSize: env.SIM_BATCH_SIZE,
  agentConcurrency: env.SIM_AGENT_CONCURRENCY,
  localBatchesInFlight: env.SIM_LOCAL_BATCHES_IN_FLIGHT,
  failedTurnsThreshold: env.SIM_FAILED_TURNS_THRESHOLD,
  rateDelayMs: env.SIM_RATE_DELAY_MS,
  maxBudgetUsd: env.SIM_MAX_BUDGET_USD,
  memory: env.SIM_MEMORY,
});
