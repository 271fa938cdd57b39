// Lambda: create the simulation (once) and list the slots still to run.
import { InitInput } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";

export const handler = async (event: unknown) =>
  (await simulationRuntime()).initialise(InitInput.parse(event));
