// Lambda: one iteration of the route fan-out (Map state): every query at one sample point.
import type { ExecDeps } from "../../shared/place-search/exec-deps.ts";
import { searchAtPoint } from "../../shared/place-search/exec-actions.ts";
import { FanoutItemSchema } from "../../shared/place-search/executor.ts";
import { runtime } from "../../shared/runtime.ts";

export function searchPointHandler(event: unknown, deps: ExecDeps) {
  return searchAtPoint(FanoutItemSchema.parse(event), deps);
}

export const handler = async (event: unknown) => searchPointHandler(event, (await runtime()).exec());
