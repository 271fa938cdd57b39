// An experiment's contracts: the API's request (a baseline, a scenario, the seeds both arms run) and
// the record as stored.
import { z } from "zod";
import { Scenario } from "./scenario.ts";
import { SimulationId, SimulationRequest } from "./schemas.ts";

/** Student's t is tabled to 30 degrees of freedom; 20 seeds × 2 arms is already 40 simulations. */
export const MAX_SEEDS = 20;
export const ARMS = ["baseline", "scenario"] as const;

export const ExperimentRequest = z.object({
  baseline: z.object(
    {
      days: SimulationRequest.shape.days,
      agents: SimulationRequest.shape.agents,
      /** day 1 of every arm; today in Korea when absent (fixed when the experiment starts) */
      startDate: SimulationRequest.shape.startDate,
      /** the experiment's LLM cap, shared by its arms (each gets its share, at least 1) */
      maxConcurrentLlmCalls: SimulationRequest.shape.maxConcurrentLlmCalls,
    },
    { error: "{days: 7} 같은 객체여야 합니다" },
  ),
  scenario: Scenario,
  seeds: z
    .array(SimulationRequest.shape.seed, { error: "[1, 2, 3] 같은 seed 목록이어야 합니다" })
    .min(1, "seed가 하나 이상 있어야 합니다")
    .max(MAX_SEEDS, `seed는 최대 ${MAX_SEEDS}개입니다`)
    .refine((s) => new Set(s).size === s.length, "같은 seed가 두 번 있으면 안 됩니다"),
});
export type ExperimentRequest = z.infer<typeof ExperimentRequest>;

/** An experiment id, as the API accepts it in a path. */
export const ExperimentId = SimulationId;

export const ExperimentRecord = z.object({
  id: z.string(),
  /** as started: the baseline's start date fixed, so every arm runs the same days */
  request: ExperimentRequest,
  arms: z.array(z.object({ seed: z.number().int(), arm: z.enum(ARMS), simulationId: z.string() })),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ExperimentRecord = z.infer<typeof ExperimentRecord>;
