// Lambda: record why the simulation stopped; it can be resumed from its last completed slot.
import { z } from "zod";
import { simulationRuntime } from "./runtime.ts";
import { stepHandler } from "../step.ts";

const Input = z.object({
  simulationId: z.string(),
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});
export const handler = stepHandler("fail", async (event) =>
  (await simulationRuntime()).fail(Input.parse(event)),
);
