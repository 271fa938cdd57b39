// Lambda: the simulation is running; the slots still to run (a resumed one skips completed slots).
import { InitInput, InitOutput } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const initialise = defineStep({
  state: "Initialise",
  description: "Simulation: create it (console starts), mark it running, list the slots to run",
  input: InitInput,
  output: InitOutput,
  // the keys: a simulation started from the console is created here, and its engine decided here
  lambda: { timeoutSeconds: 30, keys: true, tables: { simulation: "readwrite" } },
  entry: "simulation/initialise.ts",
  run: (input, rt) => simulationSteps(rt).initialise(input),
});
