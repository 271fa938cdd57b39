// The APIPicker executor (seed 000): runs a checked plan step by step, substituting `${stepN.field}`
// from earlier results. Its state is plain JSON so the workflow can stop it at a route fan-out (a Map
// state over sample points) and resume it; run in-process, the fan-out runs inline. It keeps to the
// request's time budget: a step that would start after it is skipped with a warning, and the places
// found so far are the answer.
import { z } from "zod";
import { Deadline } from "../platform/deadline.ts";
import { ACTIONS, type ActionName } from "./actions.ts";
import { dependencies, substitute } from "./references.ts";
import type { ExecContext, FanoutItem, PointResult } from "./actions/context.ts";
import { searchAtPoint } from "./actions/route.ts";
import { dedupePlaces, nearer } from "./dedupe.ts";
import type { ExecDeps } from "../providers/exec-deps.ts";
import { Place } from "../places/place.ts";
import { PlanResponse } from "./schemas.ts";
import { budgetSkipped, invalidStepParam, stepFailed, stepSkipped } from "./warnings.ts";

export const FanoutItemSchema = z.object({
  step: z.number().int(),
  point: z.object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    index: z.number().int(),
    distanceFromStart: z.number(),
  }),
  queries: z.array(z.string()),
  radius: z.number(),
  keep: z.number().int().min(1).max(45).optional(),
  deadlineAt: z.number().optional(),
});

export const PointResultSchema = z.object({
  places: z.array(Place),
  apiCalls: z.number().int(),
  providerFailures: z.number().int().optional(),
  duplicatesRemoved: z.number().int().optional(),
  warnings: z.array(z.string()),
});

export const ExecState = z.object({
  plan: PlanResponse,
  /** step number → that step's result (null when the step failed) */
  results: z.record(z.string(), z.unknown()),
  nextStep: z.number().int(),
  apiCalls: z.number().int(),
  /** provider calls that failed (retried or not) */
  providerFailures: z.number().int().default(0),
  warnings: z.array(z.string()),
  keywordsSearched: z.array(z.string()),
  /** places removed as duplicates inside steps (000's meta.duplicatesRemoved counts them too) */
  duplicatesRemoved: z.number().int().default(0),
  startedAt: z.number(),
  /** the request's time budget (epoch ms); absent: none */
  deadlineAt: z.number().optional(),
  /** the page of the answer a cursor asked for (1 when absent), and the places earlier pages showed */
  page: z.number().int().min(1).optional(),
  seen: z.array(z.string()).optional(),
  fanout: z
    .object({ step: z.number().int(), items: z.array(FanoutItemSchema), samplePoints: z.number().int() })
    .optional(),
  fanoutResults: z.array(PointResultSchema).optional(),
});
export type ExecState = z.infer<typeof ExecState>;

/** Post-processing and the workflow's own transitions need this much of the budget. */
export const POST_PROCESS_RESERVE_MS = 1500;

export function initialState(
  plan: PlanResponse,
  now = Date.now(),
  deadlineAt?: number,
  more?: { page: number; seen: string[] },
): ExecState {
  return {
    ...(more && more.page > 1 ? { page: more.page, seen: more.seen } : {}),
    plan,
    results: {},
    nextStep: 1,
    apiCalls: 0,
    providerFailures: 0,
    warnings: [],
    keywordsSearched: [],
    duplicatesRemoved: 0,
    startedAt: now,
    ...(deadlineAt ? { deadlineAt } : {}),
  };
}

export interface ExecuteOptions {
  /** "defer": stop at a route fan-out and return its items (the workflow's Map state runs them) */
  fanout: "inline" | "defer";
}

/** One run of a plan: its state, and the context its actions share (calls, warnings, the budget). */
interface Run {
  state: ExecState;
  ctx: ExecContext;
  deadline: Deadline;
}

type PlanStep = ExecState["plan"]["search_plan"][number];

/**
 * Runs steps from state.nextStep in waves: consecutive steps that don't depend on each other run
 * together (two geocodes, say); a step that needs an earlier one's result waits for it. Returns when
 * done, or at a deferred fan-out. A failed step becomes a warning; it never throws.
 */
export async function execute(input: ExecState, deps: ExecDeps, opts: ExecuteOptions): Promise<ExecState> {
  const run = startRun(input, deps);
  const { state } = run;
  if (state.fanout && state.fanoutResults) resumeAfterFanout(run, state.fanout, state.fanoutResults);
  const steps = state.plan.search_plan;
  while (state.nextStep <= steps.length && !state.fanout) {
    if (run.deadline.expired(POST_PROCESS_RESERVE_MS)) {
      skipTheRest(state);
      break;
    }
    const wave = nextWave(steps, state.nextStep);
    if (!wave.length) break; // only a state this code never writes (nextStep < 1) has no next step
    const outcomes = await Promise.all(wave.map((step) => runPlanStep(run, step)));
    await settleWave(run, wave, outcomes, opts);
  }
  state.apiCalls = run.ctx.counter.apiCalls;
  state.providerFailures = run.ctx.counter.failures ?? 0;
  return state;
}

function startRun(input: ExecState, deps: ExecDeps): Run {
  const state: ExecState = structuredClone(input);
  const deadline = Deadline.from(state.deadlineAt);
  const ctx: ExecContext = {
    deps,
    counter: { apiCalls: state.apiCalls, failures: state.providerFailures, deadline },
    warnings: state.warnings,
    keywordsSearched: state.keywordsSearched,
    plan: state.plan,
  };
  return { state, ctx, deadline };
}

/** The Map state's sample points have been searched: their places become the fan-out step's result. */
function resumeAfterFanout(
  run: Run,
  fanout: NonNullable<ExecState["fanout"]>,
  results: NonNullable<ExecState["fanoutResults"]>,
): void {
  const { step, items } = fanout;
  absorb(run, step, results, items);
  run.state.fanout = undefined;
  run.state.fanoutResults = undefined;
  run.state.nextStep = step + 1;
}

/** A fan-out's sample points become the step's result; their calls and warnings join the execution's. */
function absorb({ state, ctx }: Run, step: number, points: PointResult[], items: FanoutItem[]): void {
  const merged = dedupePlaces(
    points.flatMap((r) => r.places),
    nearer,
  );
  const [a, b] = items;
  state.results[step] = {
    places: merged.places,
    totalCount: merged.places.length,
    samplePoints: items.length,
    interval: a && b ? b.point.distanceFromStart - a.point.distanceFromStart : null,
  };
  state.duplicatesRemoved += merged.removed + points.reduce((n, r) => n + (r.duplicatesRemoved ?? 0), 0);
  ctx.counter.apiCalls += points.reduce((n, r) => n + r.apiCalls, 0);
  ctx.counter.failures =
    (ctx.counter.failures ?? 0) + points.reduce((n, r) => n + (r.providerFailures ?? 0), 0);
  for (const w of points.flatMap((r) => r.warnings)) if (!state.warnings.includes(w)) state.warnings.push(w);
}

/** The budget is spent: the steps not run yet are skipped, said so, and the answer has what was found. */
function skipTheRest(state: ExecState): void {
  const steps = state.plan.search_plan;
  const skipped = steps.slice(state.nextStep - 1).map((s) => s.step);
  state.warnings.push(budgetSkipped(skipped));
  for (const n of skipped) state.results[n] = null;
  state.nextStep = steps.length + 1;
}

/** The steps from `next` on that can run together: none needs another's result; a fan-out closes it. */
function nextWave(steps: PlanStep[], next: number): PlanStep[] {
  const first = steps[next - 1];
  if (!first) return [];
  const wave = [first];
  const inWave = new Set([first.step]);
  for (const step of steps.slice(next)) {
    // a route fan-out closes its wave: whatever follows waits for the sample points' results
    if (wave.at(-1)!.action === "sample_and_search") break;
    if ([...dependencies(step.params)].some((d) => inWave.has(d))) break;
    wave.push(step);
    inWave.add(step.step);
  }
  return wave;
}

/** A wave's outcomes in step order: a fan-out is deferred to the Map state, or searched here. */
async function settleWave(
  run: Run,
  wave: PlanStep[],
  outcomes: Awaited<ReturnType<typeof runPlanStep>>[],
  opts: ExecuteOptions,
): Promise<void> {
  const { state, ctx } = run;
  for (const [k, step] of wave.entries()) {
    const out = outcomes[k];
    if (out?.kind === "fanout") {
      if (opts.fanout === "defer") {
        state.fanout = { step: step.step, items: out.items, samplePoints: out.items.length };
        return;
      }
      const perPoint = await ctx.deps.mapLimit(out.items, (item: FanoutItem) =>
        searchAtPoint(item, ctx.deps),
      );
      absorb(run, step.step, perPoint, out.items);
    }
    state.nextStep = step.step + 1;
  }
}

/** One step: its references filled in and checked, its action run; a failure is a warning and a null result. */
async function runPlanStep({ state, ctx }: Run, step: PlanStep) {
  const action = step.action as ActionName;
  const skip = (warning: string) => {
    state.warnings.push(warning);
    state.results[step.step] = null;
    return undefined;
  };
  let params: unknown;
  try {
    params = substitute(step.params, state.results);
  } catch (err) {
    return skip(stepSkipped(step.step, action, (err as Error).message));
  }
  const def = ACTIONS[action];
  // the values references brought in are checked like the plan's own, and the schema's defaults
  // (000: sample_and_search's searchRadius 5000) filled in
  const checked = def.params.safeParse(params);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return skip(
      stepSkipped(step.step, action, invalidStepParam(issue?.path.join(".") ?? "", issue?.message ?? "")),
    );
  }
  try {
    const out = await def.run(checked.data as never, ctx, step.step);
    if (out.kind === "result") state.results[step.step] = withStepDuplicatesRemoved(state, out.result);
    return out;
  } catch (err) {
    return skip(stepFailed(step.step, action, err));
  }
}

/** A step that gathers from several searches counts its duplicates once, here. */
function withStepDuplicatesRemoved(state: ExecState, result: Record<string, unknown>) {
  const places = result.places;
  if (!Array.isArray(places)) return result;
  const deduped = dedupePlaces(places as Place[]);
  state.duplicatesRemoved += deduped.removed;
  result.places = deduped.places;
  result.totalCount = deduped.places.length;
  return result;
}
