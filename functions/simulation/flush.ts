// Lambda: flush the previous slot's buffered ratings into the store aggregates (idempotent).
import { SlotInput } from "../../shared/simulation/service.ts";
import { simulationRuntime } from "./runtime.ts";
import { stepHandler } from "../step.ts";

export const handler = stepHandler("flush", async (event) =>
  (await simulationRuntime()).flush(SlotInput.parse(event)),
);
