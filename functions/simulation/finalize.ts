// Lambda: flush the last slot and mark the simulation completed.
import { z } from "zod";
import { simulationRuntime } from "./runtime.ts";

const Input = z.object({ simulationId: z.string(), lastKey: z.string() });
export const handler = async (event: unknown) => (await simulationRuntime()).finalize(Input.parse(event));
