// Lambda: flush the last slot and mark the simulation completed.
import { EndOutput, FinalizeInput } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const finalize = defineStep({
  state: "Finalize",
  description: "Simulation: flush the last slot, mark completed",
  input: FinalizeInput,
  output: EndOutput,
  lambda: { timeoutSeconds: 120, tables: { simulation: "readwrite" } },
  entry: "simulation/finalize.ts",
  run: (input, rt) => simulationSteps(rt).finalize(input),
});
