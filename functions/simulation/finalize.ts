// Lambda: flush the last slot and mark the simulation completed.
import { z } from "zod";
import { simulationRuntime } from "./runtime.ts";
import { stepHandler } from "../step.ts";

const Input = z.object({ simulationId: z.string(), lastKey: z.string() });
export const handler = stepHandler("finalize", async (event) =>
  (await simulationRuntime()).finalize(Input.parse(event)),
);
