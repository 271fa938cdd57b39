// The APIPicker executor (seed 000): runs a checked plan step by step, substituting `${stepN.field}`
// from earlier results. Its state is plain JSON so the workflow can stop it at a route fan-out (a Map
// state over sample points) and resume it; run in-process, the fan-out runs inline.
import { z } from "zod";
import type { SamplePoint } from "../geo/route.ts";
import { REF_PATTERN, type ActionName } from "./actions.ts";
import { Place } from "./place.ts";
import { PlanResponse } from "./schemas.ts";
import type { ExecDeps } from "./exec-deps.ts";
import { runAction, searchAtPoint, type FanoutItem, type PointResult } from "./exec-actions.ts";

export const FanoutItemSchema = z.object({
  step: z.number().int(),
  point: z.object({
    lat: z.number(),
    lng: z.number(),
    index: z.number().int(),
    distanceFromStart: z.number(),
  }),
  queries: z.array(z.string()),
  radius: z.number(),
});

export const ExecState = z.object({
  plan: PlanResponse,
  /** step number → that step's result (null when the step failed) */
  results: z.record(z.string(), z.unknown()),
  nextStep: z.number().int(),
  apiCalls: z.number().int(),
  warnings: z.array(z.string()),
  keywordsSearched: z.array(z.string()),
  startedAt: z.number(),
  fanout: z
    .object({ step: z.number().int(), items: z.array(FanoutItemSchema), samplePoints: z.number().int() })
    .optional(),
  fanoutResults: z
    .array(z.object({ places: z.array(Place), apiCalls: z.number().int(), warnings: z.array(z.string()) }))
    .optional(),
});
export type ExecState = z.infer<typeof ExecState>;

export function initialState(plan: PlanResponse, now = Date.now()): ExecState {
  return { plan, results: {}, nextStep: 1, apiCalls: 0, warnings: [], keywordsSearched: [], startedAt: now };
}

export class UnresolvedReference extends Error {}

/** Replaces every whole-value `${stepN.field}` with that step's result field, recursively. */
export function substitute(value: unknown, results: ExecState["results"]): unknown {
  if (typeof value === "string") {
    const m = REF_PATTERN.exec(value);
    if (!m) return value;
    const result = results[m[1]] as Record<string, unknown> | null | undefined;
    if (!result) throw new UnresolvedReference(`step${m[1]} has no result`);
    const field = result[m[2]];
    if (field === undefined || field === null) throw new UnresolvedReference(`step${m[1]}.${m[2]} is empty`);
    return field;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, results));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, results)]));
  }
  return value;
}

export interface ExecuteOptions {
  /** "defer": stop at a route fan-out and return its items (the workflow's Map state runs them) */
  fanout: "inline" | "defer";
}

/** Runs steps from state.nextStep; returns when done, or at a deferred fan-out. Never throws for a failed step. */
/** The step numbers a step's parameters refer to. */
function dependencies(params: unknown, out = new Set<number>()): Set<number> {
  if (typeof params === "string") {
    const m = REF_PATTERN.exec(params);
    if (m) out.add(Number(m[1]));
  } else if (params && typeof params === "object") {
    for (const v of Object.values(params)) dependencies(v, out);
  }
  return out;
}

/**
 * Runs steps from state.nextStep in waves: consecutive steps that don't depend on each other run
 * together (two geocodes, say); a step that needs an earlier one's result waits for it. Returns when
 * done, or at a deferred fan-out. A failed step becomes a warning; it never throws.
 */
export async function execute(input: ExecState, deps: ExecDeps, opts: ExecuteOptions): Promise<ExecState> {
  const state: ExecState = structuredClone(input);
  const counter = { apiCalls: state.apiCalls };
  const ctx = {
    deps,
    counter,
    warnings: state.warnings,
    keywordsSearched: state.keywordsSearched,
    plan: state.plan,
  };
  /** the calls and warnings of a fan-out's points join the execution's */
  const absorb = (points: PointResult[]) => {
    counter.apiCalls += points.reduce((n, r) => n + r.apiCalls, 0);
    for (const w of points.flatMap((r) => r.warnings))
      if (!state.warnings.includes(w)) state.warnings.push(w);
  };

  if (state.fanout && state.fanoutResults) {
    const { step, samplePoints } = state.fanout;
    state.results[step] = mergePointResults(state.fanoutResults, samplePoints);
    absorb(state.fanoutResults);
    state.fanout = undefined;
    state.fanoutResults = undefined;
    state.nextStep = step + 1;
  }

  const steps = state.plan.search_plan;
  while (state.nextStep <= steps.length && !state.fanout) {
    const wave = [steps[state.nextStep - 1]];
    const inWave = new Set([wave[0].step]);
    // a route fan-out closes its wave: whatever follows waits for the sample points' results
    for (let n = state.nextStep + 1; n <= steps.length && wave.at(-1)!.action !== "sample_and_search"; n++) {
      const next = steps[n - 1];
      if ([...dependencies(next.params)].some((d) => inWave.has(d))) break;
      wave.push(next);
      inWave.add(next.step);
    }
    const outcomes = await Promise.all(wave.map((step) => runStep(step)));
    for (const [k, step] of wave.entries()) {
      const out = outcomes[k];
      if (out?.kind === "fanout") {
        if (opts.fanout === "defer") {
          state.fanout = { step: step.step, items: out.items, samplePoints: out.items.length };
          break;
        }
        const perPoint = await deps.mapLimit(out.items, (item: FanoutItem) => searchAtPoint(item, deps));
        state.results[step.step] = mergePointResults(perPoint, out.items.length);
        absorb(perPoint);
      }
      state.nextStep = step.step + 1;
    }
  }
  state.apiCalls = counter.apiCalls;
  return state;

  async function runStep(step: ExecState["plan"]["search_plan"][number]) {
    const action = step.action as ActionName;
    let params: Record<string, unknown>;
    try {
      params = substitute(step.params, state.results) as Record<string, unknown>;
    } catch (err) {
      state.warnings.push(`step ${step.step} (${action}) skipped: ${(err as Error).message}`);
      state.results[step.step] = null;
      return undefined;
    }
    try {
      const out = await runAction(action, params, ctx, step.step);
      if (out.kind === "result") state.results[step.step] = out.result;
      return out;
    } catch (err) {
      state.warnings.push(`step ${step.step} (${action}) failed: ${(err as Error).message}`);
      state.results[step.step] = null;
      return undefined;
    }
  }
}

/** Joins the places found at each sample point; the same place seen from two points counts once here. */
export function mergePointResults(
  perPoint: { places: Place[] }[],
  samplePoints: number,
): { places: Place[]; totalCount: number; samplePoints: number } {
  const seen = new Map<string, Place>();
  for (const { places } of perPoint) {
    for (const p of places) {
      const key = `${p.provider}:${p.id}`;
      const prev = seen.get(key);
      if (!prev || (p.distance ?? Infinity) < (prev.distance ?? Infinity)) seen.set(key, p);
    }
  }
  const places = [...seen.values()];
  return { places, totalCount: places.length, samplePoints };
}

export type { SamplePoint };
