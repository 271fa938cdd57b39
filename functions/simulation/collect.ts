// Lambda: the slot's decision counts and LLM usage onto the simulation (once per slot).
import { CollectInput } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";
import { stepHandler } from "../step.ts";

export const handler = stepHandler("collect", async (event) =>
  (await simulationRuntime()).collect(CollectInput.parse(event)),
);
