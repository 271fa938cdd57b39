// The simulation's workflow steps as plain functions (the Lambdas and the local runner share them):
// initialise → for each day and slot: flush the previous slot → prepare the slot's agents → run every
// agent's turn (the per-agent fan-out) → collect → finalize.
import { z } from "zod";
import type { LlmPort } from "../llm/port.ts";
import type { Place } from "../place-search/place.ts";
import { processDecision } from "./agent.ts";
import { LlmCaller, LlmEngine, OfflineEngine, type DecisionEngine } from "./engines.ts";
import { activeToday, hasArrived, personasFor } from "./personas.ts";
import { slotKey, type SimulationMeta, type SimulationRepository } from "./repository.ts";
import { mangwonStores } from "./stores.ts";
import { TIME_SLOTS, type MemoryEntry, type Persona, type Store, type StoreAggregate } from "./types.ts";

export const SimulationRequest = z.object({
  days: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(14, "must be at most 14"),
  seed: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0)
    .max(2 ** 31 - 1),
  agents: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(500, "must be at most 500")
    .optional(),
  maxConcurrentLlmCalls: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .optional(),
});
export type SimulationRequest = z.infer<typeof SimulationRequest>;

export const SlotItem = z.object({
  day: z.number().int(),
  slot: z.enum(TIME_SLOTS),
  key: z.string(),
  previous: z.string().nullable(),
});
export type SlotItem = z.infer<typeof SlotItem>;

export const InitInput = SimulationRequest.extend({ simulationId: z.string().min(1) });
export const SlotInput = z.object({ simulationId: z.string(), slot: SlotItem });
export const AgentItem = z.object({
  simulationId: z.string(),
  agentId: z.string(),
  day: z.number().int(),
  slot: z.enum(TIME_SLOTS),
  key: z.string(),
});
export type AgentItem = z.infer<typeof AgentItem>;
export const AgentSummary = z.object({
  agent_id: z.string(),
  decision: z.enum(["visit", "stay_home", "llm_failed"]),
  visits: z.number().int(),
  llmCalls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** why the turn failed: the LLM's error, or the Catch of the slot machine when the Lambda failed */
  error: z.unknown().optional(),
});
export type AgentSummary = z.infer<typeof AgentSummary>;
export const CollectInput = z.object({
  simulationId: z.string(),
  slot: SlotItem,
  results: z.array(AgentSummary),
});

export interface SimulationDeps {
  repo: SimulationRepository;
  /** the embedded places the stores come from */
  places: () => readonly Place[];
  llm?: LlmPort;
  /** 429 backoff unit (004: 10 s; shortened in tests) */
  backoffUnitMs?: number;
  /** the LLM cap of a simulation whose request does not set one (004: 10) */
  maxConcurrentLlmCalls?: number;
  /**
   * Every agent of a slot runs in this process behind one LLM gate (local runs): the fan-out lets them
   * all in and the gate caps the calls. In AWS each agent is its own Lambda making one call
   * at a time, so the fan-out itself is the cap: agents in flight = calls in flight.
   */
  sharedLlmGate?: boolean;
  /** a custom persona set (SIM_PERSONAS_FILE) instead of the generated default */
  personas?: Persona[];
  /** test hooks: crash an agent's turn, or a slot's Collect (a simulation stopped midway) */
  faults?: { agentTurn?: (item: AgentItem) => boolean; collect?: (slotKey: string) => boolean };
}

/** Per-process caches: the stores, the persona sets, and one LLM gate per simulation. */
export class SimulationRuntime {
  private storesCache?: Store[];
  private readonly personas = new Map<number, Map<string, Persona>>();
  private readonly engines = new Map<string, DecisionEngine>();
  /** aggregates do not change within a slot (they are flushed after it): read them once per slot */
  private readonly aggregatesBySlot = new Map<string, Promise<Record<string, StoreAggregate>>>();

  constructor(readonly deps: SimulationDeps) {}

  stores(): Store[] {
    this.storesCache ??= mangwonStores(this.deps.places());
    return this.storesCache;
  }

  /** the persona set of a simulation of `agents` agents (the default 160 when absent) */
  personaSet(agents: number | undefined): Map<string, Persona> {
    const key = agents ?? 0;
    if (!this.personas.has(key)) {
      const set = this.deps.personas
        ? this.deps.personas.slice(0, agents ?? this.deps.personas.length)
        : personasFor(agents);
      this.personas.set(key, new Map(set.map((p) => [p.id, p])));
    }
    return this.personas.get(key)!;
  }

  engine(simulationId: string, maxConcurrent: number): DecisionEngine {
    if (!this.deps.llm) return new OfflineEngine();
    let engine = this.engines.get(simulationId);
    if (!engine) {
      engine = new LlmEngine(
        new LlmCaller(this.deps.llm, { maxConcurrent, backoffUnitMs: this.deps.backoffUnitMs }),
      );
      this.engines.set(simulationId, engine);
    }
    return engine;
  }

  aggregates(simulationId: string, key: string) {
    const k = `${simulationId}#${key}`;
    if (!this.aggregatesBySlot.has(k)) {
      // a new slot: the simulation's earlier slots are done with (in AWS Collect runs elsewhere)
      this.forgetAggregates(simulationId);
      const read = this.deps.repo.aggregates(simulationId);
      read.catch(() => this.aggregatesBySlot.delete(k)); // a failed read is tried again by the next agent
      this.aggregatesBySlot.set(k, read);
    }
    return this.aggregatesBySlot.get(k)!;
  }

  private forgetAggregates(simulationId: string) {
    for (const k of this.aggregatesBySlot.keys())
      if (k.startsWith(`${simulationId}#`)) this.aggregatesBySlot.delete(k);
  }

  /** A finished simulation's caches go (a long-running local server runs many). */
  private forget(simulationId: string) {
    this.forgetAggregates(simulationId);
    this.engines.delete(simulationId);
    this.params.delete(simulationId);
  }

  // ------------------------------------------------------------------ workflow steps

  /** Creates the simulation (once) and lists the slots still to run: a resumed run skips completed ones. */
  async initialise(input: z.infer<typeof InitInput>) {
    const { simulationId, days, seed, agents } = input;
    const maxConcurrentLlmCalls = input.maxConcurrentLlmCalls ?? this.deps.maxConcurrentLlmCalls ?? 10;
    const all: SlotItem[] = [];
    for (let day = 1; day <= days; day++) {
      for (const slot of TIME_SLOTS)
        all.push({ day, slot, key: slotKey(day, slot), previous: all.at(-1)?.key ?? null });
    }
    await this.deps.repo.create({
      id: simulationId,
      status: "running",
      days,
      seed,
      agents: this.personaSet(agents).size,
      maxConcurrentLlmCalls,
      engine: this.deps.llm ? "llm" : "offline",
      totalSlots: all.length,
      createdAt: new Date().toISOString(),
    });
    const meta = (await this.deps.repo.get(simulationId))!;
    if (meta.status !== "running") await this.deps.repo.setStatus(simulationId, "running");
    const done = new Set(meta.completedSlots);
    return { simulationId, slots: all.filter((s) => !done.has(s.key)), lastKey: all.at(-1)!.key };
  }

  /** 004: flush_pending_ratings() before the slot — the previous slot's ratings reach the aggregates. */
  async flush(input: z.infer<typeof SlotInput>) {
    if (input.slot.previous) await this.deps.repo.flushSlot(input.simulationId, input.slot.previous);
    return input;
  }

  /** The agents who act in this slot: residents, today's floating sample once arrived, none who left. */
  async prepare(input: z.infer<typeof SlotInput>) {
    const meta = await this.deps.repo.get(input.simulationId);
    if (!meta) throw new Error(`no simulation ${input.simulationId}`);
    const { day, slot, key } = input.slot;
    const candidates = activeToday([...this.personaSet(meta.agents).values()], day, meta.seed).filter((p) =>
      hasArrived(p, slot),
    );
    const left = await this.deps.repo.agentsWhoLeft(input.simulationId);
    const agents = candidates
      // out: who left in an earlier slot (a slot run again keeps the agents who left in it)
      .filter((p) => (left.get(p.id) ?? key) >= key)
      .map((p) => ({ simulationId: input.simulationId, agentId: p.id, day, slot, key }));
    // the offline engine calls no LLM: nothing to cap
    const everyone = this.deps.sharedLlmGate || meta.engine === "offline";
    const agentsInFlight = everyone ? Math.max(1, agents.length) : meta.maxConcurrentLlmCalls;
    return { ...input, agents, agentsInFlight };
  }

  /** A simulation's parameters never change after it is created: read them once per process. */
  private readonly params = new Map<string, Promise<SimulationMeta>>();
  private simulationParams(id: string): Promise<SimulationMeta> {
    if (!this.params.has(id)) {
      const read = this.deps.repo.get(id).then((meta) => {
        if (!meta) throw new Error(`no simulation ${id}`);
        return meta;
      });
      read.catch(() => this.params.delete(id));
      this.params.set(id, read);
    }
    return this.params.get(id)!;
  }

  /**
   * One agent's turn: the five steps, then two writes — the turn committed on the agent (memory,
   * summary, visits), then its visits buffered for the flush. Idempotent: a turn already committed (a
   * retried task, a resumed slot) re-buffers its visits (conditional, so at most once) and returns its
   * summary without deciding again; a turn cut off between the writes is completed the same way.
   */
  async agentTurn(item: AgentItem): Promise<AgentSummary> {
    if (this.deps.faults?.agentTurn?.(item)) throw new Error(`agent ${item.agentId} crashed (test hook)`);
    const meta = await this.simulationParams(item.simulationId);
    const persona = this.personaSet(meta.agents).get(item.agentId);
    if (!persona) throw new Error(`no persona ${item.agentId}`);
    const aggregates = this.aggregates(item.simulationId, item.key);
    aggregates.catch(() => undefined); // an agent who stays home never awaits it; one who goes on sees the error
    const state = await this.deps.repo.agent(item.simulationId, item.agentId);
    if (state.lastTurn?.key === item.key) {
      await this.deps.repo.saveVisits(item.simulationId, state.lastTurn.visits);
      return AgentSummary.parse(state.lastTurn.summary);
    }
    const result = await processDecision({
      persona,
      day: item.day,
      slot: item.slot,
      stores: this.stores(),
      aggregates,
      memory: state.memory,
      engine: this.engine(item.simulationId, meta.maxConcurrentLlmCalls),
      seed: meta.seed,
    });
    const memory: MemoryEntry[] = result.visits.map((v) => ({
      day: v.day,
      time_slot: v.time_slot,
      text: `${v.store_name}(${v.category})에서 먹음, ${v.rating}점 "${v.comment.slice(0, 40)}"`,
    }));
    if (result.decision !== "visit")
      memory.push({
        day: item.day,
        time_slot: item.slot,
        text:
          result.decision === "stay_home" ? `망원동에서 먹지 않음 (${result.reason ?? ""})` : "결정하지 못함",
      });
    const summary: AgentSummary = {
      agent_id: item.agentId,
      decision: result.decision,
      visits: result.visits.length,
      llmCalls: result.usage.calls,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      ...(result.error ? { error: result.error } : {}),
    };
    await this.deps.repo.recordAgentSlot(
      item.simulationId,
      item.agentId,
      item.key,
      memory,
      result.left_mangwon,
      { summary, visits: result.visits },
    );
    await this.deps.repo.saveVisits(item.simulationId, result.visits);
    return summary;
  }

  async collect(input: z.infer<typeof CollectInput>) {
    if (this.deps.faults?.collect?.(input.slot.key)) throw new Error(`collect crashed (test hook)`);
    const counts: Record<string, number> = {};
    for (const r of input.results) counts[r.decision] = (counts[r.decision] ?? 0) + 1;
    counts.agent_turns = input.results.length;
    counts.visits = input.results.reduce((n, r) => n + r.visits, 0);
    const usage = input.results.reduce(
      (u, r) => ({
        calls: u.calls + r.llmCalls,
        input: u.input + r.inputTokens,
        output: u.output + r.outputTokens,
      }),
      { calls: 0, input: 0, output: 0 },
    );
    await this.deps.repo.completeSlot(input.simulationId, input.slot.key, counts, usage);
    return { simulationId: input.simulationId, slot: input.slot.key, ...counts };
  }

  /** The last slot's ratings reach the aggregates; the simulation is done. */
  async finalize(input: { simulationId: string; lastKey: string }) {
    await this.deps.repo.flushSlot(input.simulationId, input.lastKey);
    await this.deps.repo.setStatus(input.simulationId, "completed");
    this.forget(input.simulationId);
    return { simulationId: input.simulationId, status: "completed" };
  }

  async fail(input: { simulationId: string; error?: { Error?: string; Cause?: string } }) {
    await this.deps.repo.setStatus(
      input.simulationId,
      "failed",
      `${input.error?.Error ?? "error"}: ${input.error?.Cause ?? ""}`,
    );
    this.forget(input.simulationId);
    return { simulationId: input.simulationId, status: "failed" };
  }
}
