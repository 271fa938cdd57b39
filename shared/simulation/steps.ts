// The simulation's workflow steps as plain functions (the Lambdas and the local runner share them):
// initialise → for each day and slot: flush the previous slot → prepare the slot's agents → run every
// agent's turn (the per-agent fan-out) → collect → finalize. Every step acts only for the execution
// that owns the simulation (the service hands ownership over when it starts or resumes one).
import type { LlmPort } from "../llm/port.ts";
import { processDecision } from "./agent.ts";
import { dayInfo } from "./calendar.ts";
import { RunEngines } from "./engines/runs.ts";
import { inTurn } from "./recordings.ts";
import { decisionRecord, type DecidedTurn } from "./turn-record.ts";
import { BudgetExhaustedError, budgetInForce, budgetStop, type Prices } from "./spend.ts";
import {
  addTally,
  afterTurn,
  batchOf,
  failedTally,
  slotBatches,
  slotRoster,
  tallyOf,
  type BatchSettings,
} from "./batch.ts";
import type { SimulationRepository } from "./repository.ts";
import type { AgentRecord } from "./repository/agents.ts";
import { slotKey } from "./repository/table.ts";
import { emptyTally, type BatchCommit } from "./repository/turns.ts";
import {
  LeaseLostError,
  SimulationRequest,
  type BatchItem,
  type SimulationStatus,
  type SimulationMeta,
  type SlotInput,
  type SlotItem,
} from "./schemas.ts";
import { mapLimit } from "../platform/concurrency.ts";
import { allSlots, type SimulationWorld } from "./world.ts";
import { startPosition } from "./space.ts";
import type { Persona, StoreAggregate } from "./types.ts";
import type { z } from "zod";
import type { CollectInput, EndedInput, FailInput, FinalizeInput, InitInput } from "./schemas.ts";

export interface SimulationDeps extends BatchSettings {
  repo: SimulationRepository;
  /** the stores and persona sets, and the parameters a request makes */
  world: SimulationWorld;
  /** the LLM (without the SDK's own retries: the gate retries with 004's backoff) */
  llm?: LlmPort;
  /** 429 backoff unit (SIM_BACKOFF_UNIT_MS; 004: 10 s, shortened in tests) */
  backoffUnitMs: number;
  /** the cap of a simulation whose request does not set one (SIM_MAX_CONCURRENT_LLM_CALLS) */
  defaultMaxConcurrentLlmCalls: number;
  /** 004's wait after each LLM call, inside the semaphore (SIM_RATE_DELAY_MS) */
  rateDelayMs: number;
  /** the share of llm_failed turns above which a run ends completed_with_failures (SIM_FAILED_TURNS_THRESHOLD) */
  failedTurnsThreshold: number;
  /** LLM prices (LLM_PRICE_*_PER_MTOK) and the server's budget ceiling (SIM_MAX_BUDGET_USD) */
  pricePerMTok: Prices;
  maxBudgetUsd?: number;
  /** `withheld`: every turn sees an empty memory stream (an ablation; SIM_MEMORY) */
  memory?: "kept" | "withheld";
}

/**
 * How a simulation that ran all its slots ended, from its decision counts: a run where no turn was
 * decided did not happen (failed), one with more failed turns than the threshold says so.
 */
export function endState(
  decisions: Record<string, number>,
  threshold: number,
): { status: SimulationStatus; error?: string } {
  const turns = decisions.agent_turns ?? 0;
  const failed = decisions.llm_failed ?? 0;
  if (turns > 0 && failed === turns)
    return { status: "failed", error: `every agent turn failed (${failed} llm_failed)` };
  if (turns > 0 && failed / turns > threshold)
    return {
      status: "completed_with_failures",
      error: `${failed} of ${turns} agent turns failed (llm_failed), more than ${Math.round(threshold * 100)} %`,
    };
  return { status: "completed" };
}

/** Whether an agent who last left Mangwon-dong in slot `leftAt` left on `day` before slot `key`. */
export function leftEarlierToday(leftAt: string | undefined, day: number, key: string): boolean {
  return leftAt !== undefined && leftAt.startsWith(slotKey(day, "")) && leftAt < key;
}

/**
 * Turns of one batch decided at once: an offline turn is CPU only (its awaits are the slot's
 * aggregates, read once), so one after another — what is in flight is what a batch holds, not every
 * agent of every batch at once; an LLM batch's agents wait on their calls together.
 */
const turnsInFlight = (meta: SimulationMeta, size: number) => (meta.engine === "offline" ? 1 : size);

/** The step bodies, with their per-process caches: one LLM gate per simulation, a slot's aggregates. */
export class SimulationSteps {
  /** aggregates do not change within a slot (they are flushed after it): read them once per slot */
  private readonly aggregatesBySlot = new Map<string, Promise<Record<string, StoreAggregate>>>();
  /** a slot's roster, computed once per slot and process (every batch of the slot reads it) */
  private readonly rosterBySlot = new Map<string, Persona[]>();

  /** the decision engine each simulation asks (its own LLM gate) */
  private readonly engines: RunEngines;

  constructor(readonly deps: SimulationDeps) {
    this.engines = new RunEngines(deps);
  }

  private aggregates(simulationId: string, key: string) {
    const k = `${simulationId}#${key}`;
    let read = this.aggregatesBySlot.get(k);
    if (!read) {
      // a new slot: the simulation's earlier slots are done with (in AWS Collect runs elsewhere)
      if (!this.rosterBySlot.has(k)) this.forgetAggregates(simulationId);
      read = this.deps.repo.visits.aggregates(simulationId);
      read.catch(() => this.aggregatesBySlot.delete(k)); // a failed read is tried again by the next agent
      this.aggregatesBySlot.set(k, read);
    }
    return read;
  }

  private forgetAggregates(simulationId: string) {
    for (const cache of [this.aggregatesBySlot, this.rosterBySlot])
      for (const k of cache.keys()) if (k.startsWith(`${simulationId}#`)) cache.delete(k);
  }

  /** The agents who may act in the slot, in the order its batches cut them. */
  private roster(meta: SimulationMeta, slot: SlotItem): Persona[] {
    const k = `${meta.id}#${slot.key}`;
    let roster = this.rosterBySlot.get(k);
    if (!roster) {
      if (!this.aggregatesBySlot.has(k)) this.forgetAggregates(meta.id);
      roster = slotRoster(this.deps.world.population(meta).values(), meta, slot);
      this.rosterBySlot.set(k, roster);
    }
    return roster;
  }

  /** A finished simulation's caches go (a long-running local server runs many). */
  private forget(simulationId: string) {
    this.forgetAggregates(simulationId);
    this.engines.forget(simulationId);
  }

  /** The record, read consistently, if `execution` owns it; a LeaseLost error if not. */
  private async owned(simulationId: string, execution: string): Promise<SimulationMeta> {
    const meta = await this.deps.repo.runs.get(simulationId);
    if (!meta) throw new Error(`no simulation ${simulationId}`);
    if (meta.owner !== execution) throw new LeaseLostError(simulationId, execution);
    return meta;
  }

  // ------------------------------------------------------------------ workflow steps

  /**
   * Marks the simulation running and lists the slots still to run: a resumed run skips completed ones.
   * Started from the Step Functions console with {simulationId, days, seed, …} and no record yet, it
   * creates the record (this step reads the keys, so the engine is decided here).
   */
  async initialise(input: z.infer<typeof InitInput>) {
    const request = SimulationRequest.safeParse(input.request ?? {});
    if (request.success && !(await this.deps.repo.runs.get(input.simulationId))) {
      const params = this.deps.world.paramsFor(
        request.data,
        this.deps.llm ? "llm" : "offline",
        this.deps.defaultMaxConcurrentLlmCalls,
      );
      await this.deps.repo.runs.create(input.simulationId, params, {
        owner: input.execution,
        createdBy: "console",
      });
    }
    const meta = await this.owned(input.simulationId, input.execution);
    if (meta.status !== "running") await this.deps.repo.runs.setStatus(meta.id, input.execution, "running");
    const all = allSlots(meta.days);
    const done = new Set(meta.completedSlots);
    return {
      simulationId: input.simulationId,
      execution: input.execution,
      slots: all.filter((s) => !done.has(s.key)),
      lastKey: all.at(-1)!.key,
    };
  }

  /** 004: flush_pending_ratings() before the slot — the previous slot's ratings reach the aggregates. */
  async flush(input: SlotInput) {
    await this.owned(input.simulationId, input.execution);
    if (input.slot.previous) await this.deps.repo.visits.flushSlot(input.simulationId, input.slot.previous);
    return input;
  }

  /**
   * The slot's batches: its roster (residents, today's floating sample once arrived) cut into batches
   * the Map runs, so many at once. Only batch numbers go into the state, however many agents.
   */
  async prepare(input: SlotInput) {
    const meta = await this.owned(input.simulationId, input.execution);
    const roster = this.roster(meta, input.slot);
    await this.stopAtBudget(meta, input.execution, { turns: roster.length, slot: input.slot.slot });
    return { ...input, ...slotBatches(meta, roster.length, this.deps) };
  }

  /**
   * Before a slot: an LLM run whose spend reached its budget, or would pass it with this slot, stops
   * here — its status set, then BudgetExhausted, which the workflow ends on as a clean stop.
   */
  private async stopAtBudget(
    meta: SimulationMeta,
    execution: string,
    next: Parameters<typeof budgetStop>[2],
  ) {
    const budget = budgetInForce(meta.budgetUsd, this.deps.maxBudgetUsd);
    const why = budgetStop(meta, budget, next, this.deps.pricePerMTok);
    if (!why) return;
    if (!(await this.deps.repo.runs.setStatus(meta.id, execution, "budget_exhausted", why)))
      throw new LeaseLostError(meta.id, execution);
    this.forget(meta.id);
    throw new BudgetExhaustedError(why);
  }

  /**
   * A batch of the slot's agents: each one's five steps (004's process_decision; who left Mangwon-dong
   * earlier today takes no turn), committed together once (a conditional put of the batch's turns and
   * tally), then applied: every agent's item, decision record and visits put whole. Idempotent: a batch
   * already committed (a retried task, a resumed slot, an attempt that lost the race) applies the
   * committed turns again — the same items — instead of deciding anew.
   */
  async agentTurn(item: BatchItem) {
    const meta = await this.owned(item.simulationId, item.execution);
    const agents = batchOf(this.roster(meta, item.slot), item.batch, item.size);
    const { simulationId: id, slot, batch } = item;
    const committed = await this.deps.repo.turns.get(id, slot.key, batch);
    const ours = committed ? undefined : await this.decideBatch(item, meta, agents);
    const commit = ours && (await this.deps.repo.turns.commit(id, slot.key, batch, ours.commit));
    const applied = commit
      ? ours.commit
      : (committed ?? (await this.deps.repo.turns.get(id, slot.key, batch))!);
    await this.applyBatch(id, slot.key, applied, commit ? ours.states : undefined);
    const { agent_turns, llm_failed, visits } = applied.tally;
    return { batch, agent_turns, llm_failed, visits };
  }

  /** Every agent's turn of a batch, from its item (read 100 a call), with the batch's tally. */
  private async decideBatch(item: BatchItem, meta: SimulationMeta, agents: Persona[]) {
    const { slot } = item;
    const states = await this.deps.repo.agents.getMany(
      item.simulationId,
      agents.map((p) => p.id),
    );
    const aggregates = this.aggregates(item.simulationId, slot.key);
    aggregates.catch(() => undefined); // an agent who stays home never awaits it; one who goes on sees the error
    // out: who left earlier today (004: 이후 타임슬롯 전부 스킵 — for that day: the next day's sample may
    // bring them back); a slot run again keeps the agents who left in it
    const acting = agents.filter((p) => !leftEarlierToday(states.get(p.id)!.leftAt, slot.day, slot.key));
    const decisions = await mapLimit(acting, turnsInFlight(meta, item.size), async (p) =>
      decisionRecord(slot, p, await this.decide(slot, meta, p, states.get(p.id)!, aggregates)),
    );
    const commit: BatchCommit = { tally: tallyOf(decisions, acting, slot.slot), decisions };
    return { commit, states };
  }

  /** A committed batch's agents, decisions and visits written (an agent already applied keeps its item). */
  private async applyBatch(id: string, key: string, commit: BatchCommit, read?: Map<string, AgentRecord>) {
    const ids = commit.decisions.map((d) => d.agent_id);
    const states = read ?? (await this.deps.repo.agents.getMany(id, ids));
    const agents = commit.decisions
      .filter((d) => !states.get(d.agent_id)!.slots?.includes(key))
      .map((d) => [d.agent_id, afterTurn(states.get(d.agent_id)!, d)] as [string, AgentRecord]);
    await this.deps.repo.agents.putTurns(id, agents, commit.decisions);
  }

  /** 004's process_decision for the agent, from where its last turn left it. */
  private async decide(
    slot: SlotItem,
    meta: SimulationMeta,
    persona: Persona,
    state: AgentRecord,
    aggregates: Promise<Record<string, StoreAggregate>>,
  ): Promise<DecidedTurn> {
    const calendar = meta.startDate ? await dayInfo(meta.startDate, slot.day) : undefined;
    // a day starts from home (or the entry point); within it the agent is where its last turn left it
    const from =
      state.position?.day === slot.day
        ? { name: state.position.name, lat: state.position.lat, lng: state.position.lng }
        : startPosition(persona);
    const engine = await this.engines.for(meta);
    const decide = () =>
      processDecision({
        persona,
        calendar,
        day: slot.day,
        slot: slot.slot,
        stores: this.deps.world.stores(meta),
        aggregates,
        memory: this.deps.memory === "withheld" ? [] : state.memory,
        position: from,
        populationEatOutTendency: this.deps.world.meanEatOutTendency(meta),
        engine,
        seed: meta.seed,
      });
    // a recorded or replayed turn's identity goes with its LLM calls (or offline steps); only those
    // runs carry it, as an async context makes every promise of the process dearer
    const result =
      meta.record || meta.engine === "replay" ? await inTurn(slot.key, persona.id, decide) : await decide();
    return { result, calendar, from, engine: engine.name };
  }

  /**
   * The slot's counts from its batches' tallies in the table (a batch whose Lambda failed as a whole
   * has none: each of its agents counts as llm_failed), onto the simulation once.
   */
  async collect(input: z.infer<typeof CollectInput>) {
    const meta = await this.owned(input.simulationId, input.execution);
    const tallies = await this.deps.repo.turns.tallies(input.simulationId, input.slot.key);
    const sum = emptyTally();
    for (const b of input.batches) {
      const failed = () =>
        failedTally(batchOf(this.roster(meta, input.slot), b, input.batchSize), input.slot.slot);
      addTally(sum, tallies.get(b) ?? failed());
    }
    await this.deps.repo.runs.saveSlotSummary(input.simulationId, input.slot.key, {
      day: input.slot.day,
      slot: input.slot.slot,
      agent_turns: sum.agent_turns,
      visit: sum.visit,
      stay_home: sum.stay_home,
      llm_failed: sum.llm_failed,
      residents: sum.residents,
      floating: sum.floating,
      // a visitor of the day's sample acts first at its entry slot: these add up to the day's visitors
      arrived: sum.arrived,
    });
    // the counts a record keeps (decision_<name>): a decision no turn made is left out
    const counts: Record<string, number> = {};
    for (const d of ["stay_home", "visit", "llm_failed"] as const) if (sum[d]) counts[d] = sum[d];
    Object.assign(counts, { agent_turns: sum.agent_turns, visits: sum.visits });
    const usage = { calls: sum.llmCalls, input: sum.inputTokens, output: sum.outputTokens };
    await this.deps.repo.runs.completeSlot(input.simulationId, input.slot.key, counts, usage);
    return { simulationId: input.simulationId, slot: input.slot.key, ...counts };
  }

  /** The last slot's ratings reach the aggregates; the simulation ends in the state its turns earned. */
  async finalize(input: z.infer<typeof FinalizeInput>) {
    const meta = await this.owned(input.simulationId, input.execution);
    await this.deps.repo.visits.flushSlot(input.simulationId, input.lastKey);
    const end = endState(meta.decisions, this.deps.failedTurnsThreshold);
    await this.deps.repo.runs.setStatus(input.simulationId, input.execution, end.status, end.error);
    this.forget(input.simulationId);
    return { simulationId: input.simulationId, status: end.status };
  }

  /** Records why the execution stopped (only if it still owns the simulation); it can be resumed. */
  /**
   * An execution that ended without succeeding: its run, if that execution still owns it and it is
   * still running, is marked failed with how the execution ended (its error and cause).
   */
  async executionEnded({ detail }: z.infer<typeof EndedInput>) {
    let simulationId: string | null = null;
    try {
      const input = JSON.parse(detail.input ?? "null") as { simulationId?: unknown } | null;
      simulationId = typeof input?.simulationId === "string" ? input.simulationId : null;
    } catch {
      // an input that is not JSON names no run
    }
    if (!simulationId) return { simulationId, marked: false };
    const why = detail.error ?? (detail.status === "TIMED_OUT" ? "States.Timeout" : detail.status);
    const marked = await this.deps.repo.runs.failIfRunning(
      simulationId,
      detail.name,
      `${why}: ${detail.cause ?? `the execution ended ${detail.status.toLowerCase()}`}`,
    );
    if (marked) this.forget(simulationId);
    return { simulationId, marked };
  }

  async fail(input: z.infer<typeof FailInput>) {
    const cause = input.error?.Cause ?? "";
    await this.deps.repo.runs.setStatus(
      input.simulationId,
      input.execution,
      "failed",
      `${input.error?.Error ?? "error"}: ${cause}`,
    );
    this.forget(input.simulationId);
    return { simulationId: input.simulationId, status: "failed" as const };
  }
}
