// Lambda: the APIPicker step. Starts from a plan (or resumes after the route fan-out) and runs the
// steps; stops at a route fan-out so the Map state can search the sample points in parallel.
import { z } from "zod";
import { execute, ExecState, initialState } from "../../shared/place-search/executor.ts";
import type { ExecDeps } from "../../shared/place-search/exec-deps.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import { PlanResponse, SearchPlan } from "../../shared/place-search/schemas.ts";
import { runtime } from "../../shared/runtime.ts";
import { stepHandler } from "../step.ts";

const ClientPlan = z.object({ plan: SearchPlan, query: z.string().optional() });

/** A resumed state, a plan from the Plan state, or {plan} from POST /v1/search/execute. */
export function toExecState(event: unknown): ExecState {
  const e = event as Record<string, unknown>;
  if (e && "results" in e) return ExecState.parse(event);
  if (e && "translator_result" in e) return initialState(PlanResponse.parse(event));
  const given = ClientPlan.parse(event);
  return initialState(planFromClient(given.plan, given.query));
}

export function executeHandler(event: unknown, deps: ExecDeps) {
  return execute(toExecState(event), deps, { fanout: "defer" });
}

export const handler = stepHandler("execute", async (event) =>
  executeHandler(event, (await runtime()).exec()),
);
