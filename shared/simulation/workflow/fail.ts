// Lambda: record why the simulation stopped; it can be resumed from its last completed slot.
import { EndOutput, FailInput } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const markFailed = defineStep({
  state: "MarkFailed",
  description: "Simulation: record why it stopped",
  input: FailInput,
  output: EndOutput,
  lambda: { timeoutSeconds: 30, tables: { simulation: "readwrite" } },
  entry: "simulation/fail.ts",
  run: (input, rt) => simulationSteps(rt).fail(input),
});
