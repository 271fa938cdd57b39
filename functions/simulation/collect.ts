// Lambda: the slot's decision counts and LLM usage onto the simulation (once per slot).
import { CollectInput } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";

export const handler = async (event: unknown) =>
  (await simulationRuntime()).collect(CollectInput.parse(event));
