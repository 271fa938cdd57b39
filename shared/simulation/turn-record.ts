// What an agent's turn leaves behind once decided: the summary its slot collects and the decision
// record the export streams, both with error causes cut short.
import type { DayInfo } from "./calendar.ts";
import type { processDecision } from "./agent.ts";
import { MAX_ERROR_CHARS } from "./repository/table.ts";
import type { AgentItem, AgentSummary, DecisionRecord } from "./schemas.ts";
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

/** What a turn tells its slot (it travels through the slot's state, 256 KB for every agent of it). */
export function turnSummary(item: AgentItem, result: DecidedTurn["result"]): AgentSummary {
  return {
    agent_id: item.agentId,
    decision: result.decision,
    visits: result.visits.length,
    llmCalls: result.usage.calls,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    // the cause is cut to keep the slot's state small
    ...(result.error ? { error: result.error.slice(0, MAX_ERROR_CHARS) } : {}),
  };
}

/** The turn's decision record (what the export streams): 004's result with its engine, usage and start. */
export function decisionRecord(
  item: AgentItem,
  persona: Persona,
  { result, calendar, from, engine }: DecidedTurn,
): DecisionRecord {
  const { usage, ...decision } = result;
  return {
    agent_id: item.agentId,
    agent_type: persona.type,
    generation: persona.generation,
    day: item.day,
    time_slot: item.slot,
    key: item.key,
    ...(calendar ? { date: calendar.date } : {}),
    engine,
    llm_calls: usage.calls,
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    from,
    result: { ...decision, error: decision.error?.slice(0, MAX_ERROR_CHARS) ?? null },
  };
}
