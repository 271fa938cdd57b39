// Lambda: flush the previous slot's buffered ratings into the store aggregates (idempotent).
import { SlotInput } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const flush = defineStep({
  state: "Flush",
  description: "Simulation: flush the previous slot's ratings (exactly once)",
  input: SlotInput,
  output: SlotInput,
  lambda: { timeoutSeconds: 120, tables: { simulation: "readwrite" } },
  entry: "simulation/flush.ts",
  run: (input, rt) => simulationSteps(rt).flush(input),
});
