// A slot's agents in batches: who may act in a slot (its roster, the same wherever it is computed),
// how many agents a batch runs and how many batches run at once, what a batch tells Collect (its
// tally) and what each committed turn makes of its agent's item.
import { MAX_BATCHES } from "./limits.ts";
import { memoryEntriesOf } from "./memory.ts";
import { activeToday, hasArrived } from "./personas.ts";
import type { AgentRecord } from "./repository/agents.ts";
import { emptyTally, type BatchTally } from "./repository/turns.ts";
import type { DecisionRecord, SimulationMeta, SlotItem } from "./schemas.ts";
import { TIME_SLOTS, type Persona } from "./types.ts";

/**
 * The agents who may act in a slot, in a fixed order: every resident, and today's floating sample once
 * arrived (004). Who left Mangwon-dong earlier that day is still listed: the batch reads it on the
 * agent's item and that agent takes no turn.
 */
export function slotRoster(population: Iterable<Persona>, meta: SimulationMeta, slot: SlotItem): Persona[] {
  const perDay = meta.scenario?.visitors?.floatingPerDay;
  return activeToday([...population], slot.day, meta.seed, perDay).filter((p) => hasArrived(p, slot.slot));
}

/** The settings that size a slot's batches. */
export interface BatchSettings {
  /** agents a batch runs in an offline slot (SIM_BATCH_SIZE) */
  batchSize: number;
  /** batches in flight at once: the agent function's reserved concurrency (SIM_AGENT_CONCURRENCY) */
  agentConcurrency: number;
}

/**
 * How a slot of `agents` agents is cut: an offline batch runs `batchSize` agents; an LLM one, one agent
 * (it spends seconds a call, and a batch waits for its slowest agent) — unless the slot would then have
 * more than MAX_BATCHES batches, when batches grow so that they are at most that many. Batches in
 * flight: at most the agent function's reserved concurrency, and for a run that calls the LLM as many as
 * hold its LLM cap of agents (an agent makes one call at a time).
 */
export function slotBatches(meta: SimulationMeta, agents: number, settings: BatchSettings) {
  const llm = meta.engine !== "offline";
  const size = Math.max(llm ? 1 : settings.batchSize, Math.ceil(agents / MAX_BATCHES));
  const count = Math.ceil(agents / size);
  const forLlm = llm ? Math.max(1, Math.floor(meta.maxConcurrentLlmCalls / size)) : Infinity;
  return {
    batches: Array.from({ length: count }, (_, i) => i),
    batchSize: size,
    batchesInFlight: Math.max(1, Math.min(count, settings.agentConcurrency, forLlm)),
  };
}

/** A batch's agents: the `batch`-th `size` of the roster. */
export const batchOf = <T>(roster: readonly T[], batch: number, size: number): T[] =>
  roster.slice(batch * size, (batch + 1) * size);

const entrySlot = (p: Persona) => p.entry_time_slot ?? TIME_SLOTS[0];

/** Who acted, as the slot's summary counts them: residents, floating visitors and who arrived now. */
function countActors(tally: BatchTally, personas: readonly Persona[], slot: string) {
  for (const p of personas) {
    if (p.type === "floating") {
      tally.floating++;
      if (entrySlot(p) === slot) tally.arrived++;
    } else tally.residents++;
  }
}

/** A batch's tally from its committed turns (`personas`: the agents who took them). */
export function tallyOf(decisions: readonly DecisionRecord[], personas: readonly Persona[], slot: string) {
  const tally = emptyTally();
  for (const d of decisions) {
    tally.agent_turns++;
    tally[d.result.decision]++;
    tally.visits += d.result.visits.length;
    tally.llmCalls += d.llm_calls;
    tally.inputTokens += d.input_tokens;
    tally.outputTokens += d.output_tokens;
  }
  countActors(tally, personas, slot);
  return tally;
}

/** A batch whose Lambda failed as a whole (caught by the slot machine): each of its agents llm_failed. */
export function failedTally(personas: readonly Persona[], slot: string): BatchTally {
  const tally = { ...emptyTally(), agent_turns: personas.length, llm_failed: personas.length };
  countActors(tally, personas, slot);
  return tally;
}

export function addTally(sum: BatchTally, t: BatchTally): BatchTally {
  for (const k of Object.keys(sum) as (keyof BatchTally)[]) sum[k] += t[k];
  return sum;
}

/** An agent's item after a committed turn: its memory appended, the slot applied, where it is now. */
export function afterTurn(state: AgentRecord, d: DecisionRecord): AgentRecord {
  const slot = d.time_slot;
  return {
    memory: [...state.memory, ...memoryEntriesOf(d.result, d.day, slot)],
    slots: [...(state.slots ?? []), d.key],
    // the latest slot it left in: leaving ends that day's visit, not the person (004 samples 53 of
    // 113 visitors anew each day)
    leftAt: d.result.left_mangwon ? d.key : state.leftAt,
    position: d.result.position ? { ...d.result.position, day: d.day } : state.position,
  };
}
