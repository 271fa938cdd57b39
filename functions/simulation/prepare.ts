// Lambda: the agents who act in this slot (the fan-out's items) and how many run at once.
import { PreparedSlot, SlotInput } from "../../shared/simulation/schemas.ts";
import { simulationSteps } from "../../shared/simulation/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const prepare = defineStep({
  state: "PrepareSlot",
  description: "Simulation: the agents of a slot",
  input: SlotInput,
  output: PreparedSlot,
  lambda: { timeoutSeconds: 30, tables: { simulation: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => simulationSteps(rt).prepare(input),
});

export const handler = lambdaHandler(prepare);
