// Lambda: flush the previous slot's buffered ratings into the store aggregates (idempotent).
import { SlotInput } from "../../shared/simulation/schemas.ts";
import { simulationSteps } from "../../shared/simulation/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const flush = defineStep({
  state: "Flush",
  description: "Simulation: flush the previous slot's ratings (exactly once)",
  input: SlotInput,
  output: SlotInput,
  lambda: { timeoutSeconds: 120, tables: { simulation: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => simulationSteps(rt).flush(input),
});

export const handler = lambdaHandler(flush);
