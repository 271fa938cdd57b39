// Lambda: one iteration of the route fan-out (Map state): every query at one sample point.
import type { ExecDeps } from "../../shared/place-search/exec-deps.ts";
import { searchAtPoint } from "../../shared/place-search/exec-actions.ts";
import { FanoutItemSchema } from "../../shared/place-search/executor.ts";
import { runtime } from "../../shared/runtime.ts";
import { stepHandler } from "../step.ts";

export function searchPointHandler(event: unknown, deps: ExecDeps) {
  return searchAtPoint(FanoutItemSchema.parse(event), deps);
}

export const handler = stepHandler("search-point", async (event) =>
  searchPointHandler(event, (await runtime()).exec()),
);
