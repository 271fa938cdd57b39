// Lambda: the slot's decision counts and LLM usage onto the simulation (once per slot).
import { CollectInput, CollectOutput } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const collect = defineStep({
  state: "Collect",
  description: "Simulation: a slot's decision counts and LLM usage",
  input: CollectInput,
  output: CollectOutput,
  lambda: { timeoutSeconds: 30, tables: { simulation: "readwrite" } },
  entry: "simulation/collect.ts",
  run: (input, rt) => simulationSteps(rt).collect(input),
});
