// Lambda: the agents who act in this slot (the fan-out's items).
import { SlotInput } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";
import { stepHandler } from "../step.ts";

export const handler = stepHandler("prepare", async (event) =>
  (await simulationRuntime()).prepare(SlotInput.parse(event)),
);
