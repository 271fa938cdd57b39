// Lambda: one agent's turn in one slot (004's process_decision), visits buffered, memory appended.
import { recordMetrics, spendMicroUsd } from "../../platform/metrics.ts";
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
    const tokens = { input: turn.inputTokens, output: turn.outputTokens };
    recordMetrics("simulation-agent", {
      LlmCalls: turn.llmCalls,
      LlmInputTokens: tokens.input,
      LlmOutputTokens: tokens.output,
      LlmSpendMicroUsd: spendMicroUsd(tokens, rt.config.llm.pricePerMTok),
      LlmFailedAgents: turn.decision === "llm_failed" ? 1 : 0,
    });
    return turn;
  },
});
