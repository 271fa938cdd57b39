// Lambda: flush the last slot and mark the simulation completed.
import { EndOutput, FinalizeInput } from "../../shared/simulation/schemas.ts";
import { simulationSteps } from "../../shared/simulation/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const finalize = defineStep({
  state: "Finalize",
  description: "Simulation: flush the last slot, mark completed",
  input: FinalizeInput,
  output: EndOutput,
  lambda: { timeoutSeconds: 120, tables: { simulation: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => simulationSteps(rt).finalize(input),
});

export const handler = lambdaHandler(finalize);
