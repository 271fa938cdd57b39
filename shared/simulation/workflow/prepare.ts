// Lambda: the batches of the agents who act in this slot (the fan-out's items) and how many run at once.
import { PreparedSlot, SlotInput } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const prepare = defineStep({
  state: "PrepareSlot",
  description: "Simulation: the batches of a slot's agents",
  input: SlotInput,
  output: PreparedSlot,
  lambda: { timeoutSeconds: 30, tables: { simulation: "readwrite" } },
  entry: "simulation/prepare.ts",
  run: (input, rt) => simulationSteps(rt).prepare(input),
});
