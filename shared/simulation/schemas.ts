// The simulation's contracts: the API's request, the workflow steps' inputs and outputs, and the
// simulation record as stored. Every step input names the execution that runs it: a simulation has one
// owner at a time, and a step of any other execution refuses to act.
import { z } from "zod";
import { DongneError } from "../platform/errors.ts";
import {
  FIRST_START_DATE,
  LAST_START_DATE,
  MAX_AGENTS,
  MAX_BUDGET_USD,
  MAX_DAYS,
  MIN_BUDGET_USD,
} from "./limits.ts";
import { Scenario } from "./scenario.ts";
import { Provenance } from "./provenance.ts";
import { Position } from "./space.ts";
import { DecisionResult, Generation, TIME_SLOTS } from "./types.ts";

/** A run's LLM spend limit in USD (SIM_MAX_BUDGET_USD caps it server-side). */
const BudgetUsd = z
  .number({ error: "숫자(USD)여야 합니다" })
  .positive("0보다 커야 합니다")
  .min(MIN_BUDGET_USD, `${MIN_BUDGET_USD} USD 이상이어야 합니다`)
  .max(MAX_BUDGET_USD, `${MAX_BUDGET_USD} USD 이하여야 합니다`);

const wholeNumber = (min: number, max: number, minMessage = `${min} 이상이어야 합니다`) =>
  z
    .number({ error: "숫자여야 합니다" })
    .int("정수여야 합니다")
    .min(min, minMessage)
    .max(max, `${max} 이하여야 합니다`);

/** A start date: a real calendar day (YYYY-MM-DD) within the years the calendar reads. */
const StartDate = z.iso
  .date("날짜(YYYY-MM-DD)여야 합니다")
  .refine(
    (d) => d >= FIRST_START_DATE && d <= LAST_START_DATE,
    `${FIRST_START_DATE}부터 ${LAST_START_DATE}까지의 날짜여야 합니다`,
  );

export const SimulationRequest = z.object({
  days: wholeNumber(1, MAX_DAYS),
  seed: wholeNumber(0, 2 ** 31 - 1, "0 이상이어야 합니다"),
  /** the baseline's persona set (residents and floating visitors); a scenario's floatingPool replaces its visitors */
  agents: wholeNumber(1, MAX_AGENTS).optional(),
  maxConcurrentLlmCalls: wholeNumber(1, 100).optional(),
  /** day 1's date (YYYY-MM-DD); today in Korea when absent */
  startDate: StartDate.optional(),
  /** the world changed against the baseline (stores, visitors); absent: the baseline */
  scenario: Scenario.optional(),
  /** keep every LLM call of the run (REC# items) so it can be replayed */
  record: z.boolean({ error: "true 또는 false여야 합니다" }).optional(),
  budgetUsd: BudgetUsd.optional(),
});
export type SimulationRequest = z.infer<typeof SimulationRequest>;

/** A simulation id: what the API accepts in a path (and what the service generates). */
export const SimulationId = z
  .string()
  .regex(/^[\w-]{1,80}$/, "시뮬레이션 id가 아닙니다 (영문자, 숫자, -, _로 최대 80자)");

/** What a replay may set beside the recorded run's id: the rest comes from the recorded run. */
const REPLAY_FIELDS = new Set(["replayOf", "maxConcurrentLlmCalls"]);

/**
 * POST /v1/simulations (and /estimate): a new run ({days, seed, …}), or a replay of a recorded one
 * ({replayOf}), which takes the recorded run's parameters and refuses any other.
 */
export const SimulationStart = SimulationRequest.partial({ days: true, seed: true })
  .extend({ replayOf: SimulationId.optional() })
  .superRefine((r, ctx) => {
    if (r.replayOf) {
      for (const [field, value] of Object.entries(r))
        if (value !== undefined && !REPLAY_FIELDS.has(field))
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: "재실행은 기록된 시뮬레이션의 설정으로 돌아갑니다: 이 항목은 빼 주세요",
          });
      return;
    }
    for (const field of ["days", "seed"] as const)
      if (r[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: "필수 항목입니다" });
  });
export type SimulationStart = z.infer<typeof SimulationStart>;

/** POST /v1/simulations/{id}/resume: optionally a new budget (a run that stopped at its budget). */
export const ResumeRequest = z.object({ budgetUsd: BudgetUsd.optional() });

/**
 * completed: every slot ran and (almost) every turn was decided; completed_with_failures: every slot
 * ran but more than SIM_FAILED_TURNS_THRESHOLD of the turns are llm_failed; failed: the execution
 * stopped (resumable), or not one turn was decided; budget_exhausted: the LLM spend reached the run's
 * budget before a slot (a clean stop, resumable with a higher budget).
 */
export const SimulationStatus = z.enum([
  "pending",
  "running",
  "completed",
  "completed_with_failures",
  "failed",
  "budget_exhausted",
]);
/** A simulation in one of these states has run all its slots: resuming it is refused. */
export const FINISHED: readonly SimulationStatus[] = ["completed", "completed_with_failures"];
export type SimulationStatus = z.infer<typeof SimulationStatus>;

export const SimulationParams = z.object({
  days: z.number().int(),
  seed: z.number().int(),
  agents: z.number().int(),
  maxConcurrentLlmCalls: z.number().int(),
  /**
   * decided once, where the keys are (the API), and the same in every step; replay: the LLM engine
   * answered from another run's recording (replayOf)
   */
  engine: z.enum(["llm", "offline", "replay"]),
  /** every LLM call is kept (REC# items) for a replay */
  record: z.boolean().optional(),
  /** the recorded simulation a replay answers from */
  replayOf: z.string().optional(),
  /** the requested LLM spend limit (USD); a resume may raise it */
  budgetUsd: z.number().optional(),
  /** what produced the run, fixed when the record was created; absent on older records */
  provenance: Provenance.optional(),
  totalSlots: z.number().int(),
  /** day 1's date; absent on records made before simulations had dates (no calendar then) */
  startDate: z.string().optional(),
  /** the scenario the simulation runs (its store and persona sets); absent: the baseline */
  scenario: Scenario.optional(),
});
export type SimulationParams = z.infer<typeof SimulationParams>;

/** GET /v1/simulations/{id}: the record, as the API shows it. */
export const SimulationMeta = SimulationParams.extend({
  id: z.string(),
  status: SimulationStatus,
  completedSlots: z.array(z.string()),
  decisions: z.record(z.string(), z.number()),
  llmCalls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  error: z.string().optional(),
  /** the execution that owns the simulation now (its Step Functions execution name) */
  owner: z.string().optional(),
  /** the key id that started it: shown only to that caller (asSeenBy), omitted for every other reader */
  createdBy: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SimulationMeta = z.infer<typeof SimulationMeta>;

export const SlotItem = z.object({
  day: z.number().int(),
  slot: z.enum(TIME_SLOTS),
  key: z.string(),
  previous: z.string().nullable(),
});
export type SlotItem = z.infer<typeof SlotItem>;

const owned = { simulationId: SimulationId, execution: z.string().min(1) };

/**
 * Initialise's input: the simulation and its execution, and — when it was started from the Step
 * Functions console rather than the API — the request it is to be created with.
 */
export const InitInput = z.object({
  ...owned,
  request: SimulationRequest.partial().passthrough().optional(),
});
export const InitOutput = z.object({
  ...owned,
  slots: z.array(SlotItem),
  lastKey: z.string(),
});
export const SlotInput = z.object({ ...owned, slot: SlotItem });
export type SlotInput = z.infer<typeof SlotInput>;

/**
 * One item of a slot's Map: a batch of the slot's agents (the `batch`-th `size` of its roster, which
 * every step computes alike from the simulation's parameters), run by one invocation of the agent
 * function. Nothing per agent travels through the state: each batch writes its turns to the table.
 */
export const BatchItem = z.object({
  ...owned,
  slot: SlotItem,
  batch: z.number().int().min(0),
  size: z.number().int().min(1),
});
export type BatchItem = z.infer<typeof BatchItem>;

/** What a batch answers its Map with: a few numbers (the Map's output is at most MAX_BATCHES of these). */
export const BatchOutput = z.object({
  batch: z.number().int(),
  agent_turns: z.number().int(),
  llm_failed: z.number().int(),
  visits: z.number().int(),
});

export const PreparedSlot = SlotInput.extend({
  /** the batch numbers the slot's Map runs (0 … n − 1; at most MAX_BATCHES, whatever the agents) */
  batches: z.array(z.number().int().min(0)),
  /** agents a batch runs */
  batchSize: z.number().int().min(1),
  /**
   * batches in flight at once (the Map's MaxConcurrencyPath): at most the agent function's reserved
   * concurrency, and for an LLM run the batches whose agents together make the run's LLM cap
   */
  batchesInFlight: z.number().int().min(1),
});

/** Why a turn failed: the LLM's error, or the Catch of the slot machine when a batch's Lambda failed. */
export const AgentSummary = z.object({
  agent_id: z.string(),
  decision: z.enum(["visit", "stay_home", "llm_failed"]),
  visits: z.number().int(),
  llmCalls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  error: z.unknown().optional(),
});
export type AgentSummary = z.infer<typeof AgentSummary>;

/**
 * One agent turn as kept for the export: 004's process_decision result (every step with its reason,
 * step 1's choice, step 5's action, walking speed and destination), who decided, with which engine
 * and LLM usage, and where the agent was when the turn began.
 */
export const DecisionRecord = z.object({
  agent_id: z.string(),
  agent_type: z.enum(["resident", "floating"]),
  generation: Generation,
  day: z.number().int(),
  time_slot: z.enum(TIME_SLOTS),
  key: z.string(),
  /** the day's date (YYYY-MM-DD) where the simulation has dates */
  date: z.string().optional(),
  /** the engine that decided: a replay's turns are the recorded run's engine, answered from the recording */
  engine: z.enum(["llm", "offline"]),
  llm_calls: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  from: Position,
  result: DecisionResult,
});
export type DecisionRecord = z.infer<typeof DecisionRecord>;

/** What a slot's collect keeps for the report's calibration: its decisions and who acted. */
export const SlotSummary = z.object({
  day: z.number().int(),
  slot: z.string(),
  agent_turns: z.number().int(),
  visit: z.number().int(),
  stay_home: z.number().int(),
  llm_failed: z.number().int(),
  residents: z.number().int(),
  floating: z.number().int(),
  /** floating visitors whose day starts at this slot (their entry slot) */
  arrived: z.number().int(),
});
export type SlotSummary = z.infer<typeof SlotSummary>;

/** Collect reads the slot's batch tallies from the table: the state carries only which batches ran. */
export const CollectInput = z.object({
  ...owned,
  slot: SlotItem,
  batches: z.array(z.number().int().min(0)),
  batchSize: z.number().int().min(1),
});
export const CollectOutput = z.object({ simulationId: z.string(), slot: z.string() }).catchall(z.number());
export const FinalizeInput = z.object({ ...owned, lastKey: z.string() });
export const FailInput = z.object({
  ...owned,
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});
export const EndOutput = z.object({ simulationId: z.string(), status: SimulationStatus });

/**
 * EventBridge's "Step Functions Execution Status Change" event, as far as it is read: the execution's
 * name (the run's owner), how it ended, its input (the run's id) and its error.
 */
export const EndedInput = z.object({
  detail: z.object({
    name: z.string(),
    status: z.enum(["FAILED", "TIMED_OUT", "ABORTED"]),
    input: z.string().nullable().optional(),
    error: z.string().nullable().optional(),
    cause: z.string().nullable().optional(),
  }),
});
export const EndedOutput = z.object({ simulationId: z.string().nullable(), marked: z.boolean() });

/** A step of an execution that no longer owns the simulation: it must not act. */
export class LeaseLostError extends DongneError {
  constructor(simulationId: string, execution: string) {
    super("conflict", `simulation ${simulationId} is owned by another execution than ${execution}`);
    // the state machines match this name: nothing retries a lost lease
    this.name = "LeaseLost";
  }
}
