// Lambda: one agent's turn in one slot (004's process_decision), visits buffered, memory appended.
import { AgentItem } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";

export const handler = async (event: unknown) =>
  (await simulationRuntime()).agentTurn(AgentItem.parse(event));
