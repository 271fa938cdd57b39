// Lambda: record why the simulation stopped; it can be resumed from its last completed slot.
import { EndOutput, FailInput } from "../../shared/simulation/schemas.ts";
import { simulationSteps } from "../../shared/simulation/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const markFailed = defineStep({
  state: "MarkFailed",
  description: "Simulation: record why it stopped",
  input: FailInput,
  output: EndOutput,
  lambda: { timeoutSeconds: 30, tables: { simulation: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => simulationSteps(rt).fail(input),
});

export const handler = lambdaHandler(markFailed);
