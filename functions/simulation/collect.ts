// Lambda: the slot's decision counts and LLM usage onto the simulation (once per slot).
import { CollectInput, CollectOutput } from "../../shared/simulation/schemas.ts";
import { simulationSteps } from "../../shared/simulation/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const collect = defineStep({
  state: "Collect",
  description: "Simulation: a slot's decision counts and LLM usage",
  input: CollectInput,
  output: CollectOutput,
  lambda: { timeoutSeconds: 30, tables: { simulation: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => simulationSteps(rt).collect(input),
});

export const handler = lambdaHandler(collect);
