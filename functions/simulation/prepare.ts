// Lambda: the agents who act in this slot (the fan-out's items).
import { SlotInput } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";

export const handler = async (event: unknown) => (await simulationRuntime()).prepare(SlotInput.parse(event));
