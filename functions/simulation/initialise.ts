// Lambda: create the simulation (once) and list the slots still to run.
import { InitInput } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";
import { stepHandler } from "../step.ts";

export const handler = stepHandler("initialise", async (event) =>
  (await simulationRuntime()).initialise(InitInput.parse(event)),
);
