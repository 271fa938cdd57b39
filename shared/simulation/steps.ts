// The simulation's workflow steps as plain functions (the Lambdas and the local runner share them):
// initialise → for each day and slot: flush the previous slot → prepare the slot's agents → run every
// agent's turn (the per-agent fan-out) → collect → finalize. Every step acts only for the execution
// that owns the simulation (the service hands ownership over when it starts or resumes one).
import type { LlmPort } from "../llm/port.ts";
import { processDecision } from "./agent.ts";
import { dayInfo } from "./calendar.ts";
import { RunEngines } from "./engines/runs.ts";
import { inTurn } from "./recordings.ts";
import { decisionRecord, turnSummary, type DecidedTurn } from "./turn-record.ts";
import { BudgetExhaustedError, budgetInForce, budgetStop, type Prices } from "./spend.ts";
import { activeToday, hasArrived } from "./personas.ts";
import type { SimulationRepository } from "./repository.ts";
import type { AgentRecord } from "./repository/agents.ts";
import { slotKey } from "./repository/table.ts";
import {
  AgentSummary,
  LeaseLostError,
  SimulationRequest,
  type SimulationStatus,
  type AgentItem,
  type SimulationMeta,
  type SlotInput,
} from "./schemas.ts";
import { memoryEntriesOf } from "./memory.ts";
import { allSlots, type SimulationWorld } from "./world.ts";
import { startPosition } from "./space.ts";
import { TIME_SLOTS, type Persona, type StoreAggregate } from "./types.ts";
import type { z } from "zod";
import type { CollectInput, FailInput, FinalizeInput, InitInput } from "./schemas.ts";

export interface SimulationDeps {
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

/** The step bodies, with their per-process caches: one LLM gate per simulation, a slot's aggregates. */
export class SimulationSteps {
  /** aggregates do not change within a slot (they are flushed after it): read them once per slot */
  private readonly aggregatesBySlot = new Map<string, Promise<Record<string, StoreAggregate>>>();

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
      this.forgetAggregates(simulationId);
      read = this.deps.repo.visits.aggregates(simulationId);
      read.catch(() => this.aggregatesBySlot.delete(k)); // a failed read is tried again by the next agent
      this.aggregatesBySlot.set(k, read);
    }
    return read;
  }

  private forgetAggregates(simulationId: string) {
    for (const k of this.aggregatesBySlot.keys())
      if (k.startsWith(`${simulationId}#`)) this.aggregatesBySlot.delete(k);
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

  /** The agents who act in this slot: residents, today's floating sample once arrived, none who left. */
  async prepare(input: SlotInput) {
    const meta = await this.owned(input.simulationId, input.execution);
    const { day, slot, key } = input.slot;
    const candidates = activeToday(
      [...this.deps.world.population(meta).values()],
      day,
      meta.seed,
      meta.scenario?.visitors?.floatingPerDay,
    ).filter((p) => hasArrived(p, slot));
    const left = await this.deps.repo.agents.whoLeft(input.simulationId);
    const agents: AgentItem[] = candidates
      // out: who left earlier today (004: 이후 타임슬롯 전부 스킵 — for that day: the next day's sample
      // may bring them back); a slot run again keeps the agents who left in it
      .filter((p) => !leftEarlierToday(left.get(p.id), day, key))
      .map((p) => ({
        simulationId: input.simulationId,
        execution: input.execution,
        agentId: p.id,
        day,
        slot,
        key,
      }));
    // an agent is one Lambda making one LLM call at a time, so agents in flight = LLM calls in flight;
    // the offline engine calls no LLM: nothing to cap
    const agentsInFlight =
      meta.engine === "offline" ? Math.max(1, agents.length) : meta.maxConcurrentLlmCalls;
    await this.stopAtBudget(meta, input.execution, { turns: agents.length, slot });
    return { ...input, agents, agentsInFlight };
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
   * One agent's turn: the five steps, then two writes — the turn committed on the agent (memory,
   * summary, visits, decision, position), then its visits (buffered for the flush) and its decision
   * record in one batch. Idempotent: a turn already committed (a retried task, a resumed slot) writes
   * the committed visits and decision again (the same items: nothing added) and returns its summary
   * without deciding again; a turn cut off between the writes is completed the same way.
   */
  async agentTurn(item: AgentItem): Promise<AgentSummary> {
    // the lease check reads the record (its parameters come with it); the agent's own item is read
    // at the same time, as nothing of it depends on the record
    const [meta, state] = await Promise.all([
      this.owned(item.simulationId, item.execution),
      this.deps.repo.agents.get(item.simulationId, item.agentId),
    ]);
    const persona = this.deps.world.population(meta).get(item.agentId);
    if (!persona) throw new Error(`no persona ${item.agentId}`);
    const aggregates = this.aggregates(item.simulationId, item.key);
    aggregates.catch(() => undefined); // an agent who stays home never awaits it; one who goes on sees the error
    const done = await this.committed(item, state);
    if (done) return done;
    const turn = await this.decide(item, meta, persona, state, aggregates);
    const summary = turnSummary(item, turn.result);
    const record = decisionRecord(item, persona, turn);
    const won = await this.deps.repo.agents.recordSlot(
      item.simulationId,
      item.agentId,
      item.key,
      memoryEntriesOf(turn.result, item.day, item.slot),
      turn.result.left_mangwon,
      { summary, visits: turn.result.visits, decision: record },
      turn.result.position ? { ...turn.result.position, day: item.day } : undefined,
    );
    // another attempt committed this slot first: its turn is the one that happened
    if (!won)
      return (
        (await this.committed(item, await this.deps.repo.agents.get(item.simulationId, item.agentId))) ??
        summary
      );
    await this.deps.repo.agents.saveTurn(item.simulationId, turn.result.visits, record);
    return summary;
  }

  /** The summary of the turn already committed for this slot (its writes done again), or null. */
  private async committed(item: AgentItem, state: AgentRecord): Promise<AgentSummary | null> {
    if (state.lastTurn?.key !== item.key) return null;
    await this.deps.repo.agents.saveTurn(item.simulationId, state.lastTurn.visits, state.lastTurn.decision);
    return AgentSummary.parse(state.lastTurn.summary);
  }

  /** 004's process_decision for the agent, from where its last turn left it. */
  private async decide(
    item: AgentItem,
    meta: SimulationMeta,
    persona: Persona,
    state: AgentRecord,
    aggregates: Promise<Record<string, StoreAggregate>>,
  ): Promise<DecidedTurn> {
    const calendar = meta.startDate ? await dayInfo(meta.startDate, item.day) : undefined;
    // a day starts from home (or the entry point); within it the agent is where its last turn left it
    const from =
      state.position?.day === item.day
        ? { name: state.position.name, lat: state.position.lat, lng: state.position.lng }
        : startPosition(persona);
    const engine = await this.engines.for(meta);
    const decide = () =>
      processDecision({
        persona,
        calendar,
        day: item.day,
        slot: item.slot,
        stores: this.deps.world.stores(meta),
        aggregates,
        memory: state.memory,
        position: from,
        populationEatOutTendency: this.deps.world.meanEatOutTendency(meta),
        engine,
        seed: meta.seed,
      });
    // a recorded or replayed turn's identity goes with its LLM calls (or offline steps); only those
    // runs carry it, as an async context makes every promise of the process dearer
    const result =
      meta.record || meta.engine === "replay" ? await inTurn(item.key, item.agentId, decide) : await decide();
    return { result, calendar, from, engine: engine.name };
  }

  async collect(input: z.infer<typeof CollectInput>) {
    const meta = await this.owned(input.simulationId, input.execution);
    const counts: Record<string, number> = {};
    for (const r of input.results) counts[r.decision] = (counts[r.decision] ?? 0) + 1;
    counts.agent_turns = input.results.length;
    const acting = input.results.map((r) => this.deps.world.population(meta).get(r.agent_id));
    const floating = acting.filter((p) => p?.type === "floating");
    await this.deps.repo.runs.saveSlotSummary(input.simulationId, input.slot.key, {
      day: input.slot.day,
      slot: input.slot.slot,
      agent_turns: counts.agent_turns,
      visit: counts.visit ?? 0,
      stay_home: counts.stay_home ?? 0,
      llm_failed: counts.llm_failed ?? 0,
      residents: input.results.length - floating.length,
      floating: floating.length,
      // a visitor of the day's sample acts first at its entry slot: these add up to the day's visitors
      arrived: floating.filter((p) => (p!.entry_time_slot ?? TIME_SLOTS[0]) === input.slot.slot).length,
    });
    counts.visits = input.results.reduce((n, r) => n + r.visits, 0);
    const usage = input.results.reduce(
      (u, r) => ({
        calls: u.calls + r.llmCalls,
        input: u.input + r.inputTokens,
        output: u.output + r.outputTokens,
      }),
      { calls: 0, input: 0, output: 0 },
    );
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
