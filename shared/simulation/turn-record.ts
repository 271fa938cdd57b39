// What an agent's turn leaves behind once decided: the decision record its batch commits and the
// export streams, its error cause cut short.
import type { DayInfo } from "./calendar.ts";
import type { processDecision } from "./agent.ts";
import { MAX_ERROR_CHARS } from "./repository/table.ts";
import type { DecisionRecord, SlotItem } from "./schemas.ts";
import type { Position } from "./space.ts";
import type { Persona } from "./types.ts";

/** A turn as decided: 004's result, the day it fell on and where the agent started it. */
export interface DecidedTurn {
  result: Awaited<ReturnType<typeof processDecision>>;
  calendar?: DayInfo;
  from: Position;
  /** the engine that decided: a replay's is the recorded run's (the LLM's calls or the offline steps) */
  engine: "offline" | "llm";
}

/** The turn's decision record (what the export streams): 004's result with its engine, usage and start. */
export function decisionRecord(
  slot: SlotItem,
  persona: Persona,
  { result, calendar, from, engine }: DecidedTurn,
): DecisionRecord {
  const { usage, ...decision } = result;
  return {
    agent_id: persona.id,
    agent_type: persona.type,
    generation: persona.generation,
    day: slot.day,
    time_slot: slot.slot,
    key: slot.key,
    ...(calendar ? { date: calendar.date } : {}),
    engine,
    llm_calls: usage.calls,
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    from,
    result: { ...decision, error: decision.error?.slice(0, MAX_ERROR_CHARS) ?? null },
  };
}
