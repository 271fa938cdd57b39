// Lambda: the simulation is running; the slots still to run (a resumed one skips completed slots).
import { InitInput, InitOutput } from "../../shared/simulation/schemas.ts";
import { simulationSteps } from "../../shared/simulation/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const initialise = defineStep({
  state: "Initialise",
  description: "Simulation: create it (console starts), mark it running, list the slots to run",
  input: InitInput,
  output: InitOutput,
  // the keys: a simulation started from the console is created here, and its engine decided here
  lambda: { timeoutSeconds: 30, keys: true, tables: { simulation: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => simulationSteps(rt).initialise(input),
});

export const handler = lambdaHandler(initialise);
