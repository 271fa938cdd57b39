// Lambda: one agent's turn in one slot (004's process_decision), visits buffered, memory appended.
import { recordMetrics } from "../../platform/metrics.ts";
import { AgentItem, AgentSummary } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const agentTurn = defineStep({
  state: "AgentTurn",
  description: "Simulation: one agent's five steps in one slot",
  input: AgentItem,
  output: AgentSummary,
  lambda: { timeoutSeconds: 600, memoryMb: 1024, keys: true, tables: { simulation: "readwrite" } },
  entry: "simulation/agent.ts",
  run: async (input, rt) => {
    const turn = await simulationSteps(rt).agentTurn(input);
    // the turn's LLM calls, tokens and spend were recorded as each call happened (shared/llm/gated.ts)
    recordMetrics("simulation-agent", {
      LlmFailedAgents: turn.decision === "llm_failed" ? 1 : 0,
    });
    return turn;
  },
});
