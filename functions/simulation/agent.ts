// Lambda: one agent's turn in one slot (004's process_decision), visits buffered, memory appended.
import { recordMetrics } from "../../shared/metrics.ts";
import { AgentItem } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";
import { stepHandler } from "../step.ts";

export const handler = stepHandler("agent-turn", async (event) => {
  const turn = await (await simulationRuntime()).agentTurn(AgentItem.parse(event));
  recordMetrics("simulation-agent", {
    LlmCalls: turn.llmCalls,
    LlmInputTokens: turn.inputTokens,
    LlmOutputTokens: turn.outputTokens,
    LlmFailedAgents: turn.decision === "llm_failed" ? 1 : 0,
  });
  return turn;
});
