// Place search end to end, in-process: plan (Translate → Plan) → execute → post-process, the route
// fan-out run inline (the provider calls gated by the deps' own concurrency, as the benches measure
// it). The state machines (workflow/definition.ts) run the same step bodies as separate states; the
// API and the CLI go through them, the tests and the benches call this. The order of steps is the
// definitions': test/unit/place-search-parity.test.ts runs both machines (plan, search) and this on
// the same inputs and compares the answers.
import type { LlmPort } from "../llm/port.ts";
import type { ExecDeps } from "../providers/exec-deps.ts";
import { execute, initialState } from "./executor.ts";
import type { AgentResponse } from "../places/place.ts";
import { postProcess } from "./postprocess.ts";
import { planStep, translateStep, type PlannedState } from "./steps.ts";
import type { LatLngInput, PlanResponse } from "./schemas.ts";

/** The plan machine in-process: Translate → Plan. */
export async function planQuery(
  query: string,
  llm?: LlmPort,
  deadlineAt?: number,
  userLocation?: LatLngInput,
  now = Date.now(),
): Promise<PlannedState> {
  return planStep(await translateStep(query, llm, now, deadlineAt, userLocation));
}

/** The search machine from Execute on: a plan's steps, then post-processing. */
export async function executePlan(
  plan: PlanResponse,
  deps: ExecDeps,
  startedAt = Date.now(),
  deadlineAt?: number,
): Promise<AgentResponse> {
  const state = await execute(initialState(plan, startedAt, deadlineAt), deps, { fanout: "inline" });
  return postProcess(state, {
    dataSource: deps.places.dataSource,
    synthetic: deps.places.synthetic,
    google: deps.google !== undefined,
  });
}

/** The search machine in-process: the query planned, then executed. */
export async function searchPlaces(
  query: string,
  deps: ExecDeps,
  llm?: LlmPort,
  deadlineAt?: number,
  userLocation?: LatLngInput,
): Promise<AgentResponse> {
  const started = Date.now();
  const plan = await planQuery(query, llm, deadlineAt, userLocation, started);
  return executePlan(plan, deps, started, deadlineAt);
}
