// Lambda: flush the previous slot's buffered ratings into the store aggregates (idempotent).
import { SlotInput } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";

export const handler = async (event: unknown) => (await simulationRuntime()).flush(SlotInput.parse(event));
