// Lambda: the APIPicker step. Starts from a plan (or resumes after the route fan-out) and runs the
// steps; stops at a route fan-out so the Map state can search the sample points in parallel.
import { z } from "zod";
import { MAX_PAGE, Seen } from "../cursor.ts";
import { execute, ExecState, initialState } from "../executor.ts";
import { planFromClient } from "../given-plan.ts";
import { PlanResponse, SearchPlan } from "../schemas.ts";
import { defineStep } from "../../runtime/port.ts";

const deadlineAt = z.number().optional();
/**
 * A resumed state, a plan from the Plan state, {plan, page} from a cursor (the next page of an earlier
 * answer: its own plan, not planned again), or {plan} from POST /v1/search/execute.
 */
const ExecuteInput = z.union([
  ExecState,
  PlanResponse.extend({ deadlineAt }),
  z.object({ plan: PlanResponse, page: z.number().int().min(2).max(MAX_PAGE), seen: Seen, deadlineAt }),
  z.object({ plan: SearchPlan, query: z.string().max(500).optional(), deadlineAt }),
]);

export function toExecState(event: z.infer<typeof ExecuteInput>): ExecState {
  if ("results" in event) return event;
  if ("translator_result" in event) {
    const { deadlineAt, ...plan } = event;
    return initialState(plan, Date.now(), deadlineAt);
  }
  if ("page" in event)
    return initialState(event.plan, Date.now(), event.deadlineAt, { page: event.page, seen: event.seen });
  return initialState(planFromClient(event.plan, event.query), Date.now(), event.deadlineAt);
}

export const executeStep = defineStep({
  state: "Execute",
  description: "APIPicker agent: runs the plan's steps against the providers",
  input: ExecuteInput,
  output: ExecState,
  lambda: { timeoutSeconds: 60, memoryMb: 1024, keys: true },
  entry: "place-search/execute.ts",
  run: (input, rt) => execute(toExecState(input), rt.exec(), { fanout: "defer" }),
});
