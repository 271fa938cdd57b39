// Place search end to end, in-process: plan (Translate → Plan) → execute → post-process. The workflow
// runs the same functions as separate states; the API and the CLI go through the workflow (the
// services over it), and only the tests and the bench call this directly.
import type { LlmPort } from "../llm/port.ts";
import type { ExecDeps } from "../providers/exec-deps.ts";
import { execute, initialState } from "./executor.ts";
import type { AgentResponse } from "../places/place.ts";
import { postProcess } from "./postprocess.ts";
import { planStep, translateStep } from "./steps.ts";
import type { LatLngInput, PlanResponse } from "./schemas.ts";

export async function executePlan(
  plan: PlanResponse,
  deps: ExecDeps,
  startedAt = Date.now(),
  deadlineAt?: number,
): Promise<AgentResponse> {
  const state = await execute(initialState(plan, startedAt, deadlineAt), deps, { fanout: "inline" });
  return postProcess(state, { dataSource: deps.places.dataSource, synthetic: deps.places.synthetic });
}

export async function searchPlaces(
  query: string,
  deps: ExecDeps,
  llm?: LlmPort,
  deadlineAt?: number,
  userLocation?: LatLngInput,
): Promise<AgentResponse> {
  const started = Date.now();
  const plan = planStep(await translateStep(query, llm, started, deadlineAt, userLocation));
  return executePlan(plan, deps, started, deadlineAt);
}
