// Lambda: one batch of a slot's agents (004's process_decision for each), committed once and applied.
import { recordMetrics } from "../../platform/metrics.ts";
import { BatchItem, BatchOutput } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const agentTurn = defineStep({
  state: "AgentTurn",
  description: "Simulation: a batch of agents' five steps in one slot",
  input: BatchItem,
  output: BatchOutput,
  // an LLM batch is one agent (up to ten past 1,000 agents a slot), each call up to 30 s with 429 back-off
  lambda: { timeoutSeconds: 600, memoryMb: 1024, keys: true, tables: { simulation: "readwrite" } },
  entry: "simulation/agent.ts",
  run: async (input, rt) => {
    const out = await simulationSteps(rt).agentTurn(input);
    // the turns' LLM calls, tokens and spend were recorded as each call happened (shared/llm/gated.ts)
    recordMetrics("simulation-agent", { LlmFailedAgents: out.llm_failed });
    return out;
  },
});
