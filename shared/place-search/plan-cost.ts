// What a plan can cost before it runs (issue 26), computed from the plan alone: the worst-case size of
// the workflow's state (Step Functions refuses a state over 256 KB:
// https://docs.aws.amazon.com/step-functions/latest/dg/limits-overview.html) and the work its steps
// ask of the providers within the request's time budget. The plan check refuses a plan past either,
// naming the cause; no plan the planner makes and no seed plan comes near (test/unit/plan-cost.test.ts).
import { MAX_SAMPLE_POINTS } from "../geo/route.ts";
import { REF_PATTERN } from "./actions.ts";
import { MAX_ROUTE_POINTS, placesPerPoint } from "./actions/route.ts";
import type { SearchPlan } from "./schemas.ts";

/** Step Functions' limit on a state's input or output (UTF-8 bytes). */
export const STATE_LIMIT_BYTES = 262_144;
/** Room kept under the limit for what the estimate does not count (warnings, counters, the answer's meta). */
export const STATE_MARGIN_BYTES = 16_384;

/**
 * The most one place takes in a step's result, as JSON: a Kakao or embedded place is ~650 bytes with the
 * fields a search adds (keyword, distance, segment, travel distance), a Google one with its photo ~800.
 */
export const PLACE_BYTES = 1_000;
/** A place with Google's details on it (hours, a review summary, up to five reviews). */
export const ENRICHED_PLACE_BYTES = 6_000;
/** A located point (geocode, midpoint …) or a small result. */
const POINT_BYTES = 400;
/** One Google details answer (google_details / _reviews / _summarize / _check_open). */
const DETAIL_BYTES = 8_000;
/** A route's point as JSON ({"lat":…,"lng":…}, up to 17 digits each) and in the encoded polyline. */
const ROUTE_POINT_BYTES = 60;

/** Kakao answers 15 places a page; a step asking for 45 makes three calls per keyword. */
const KAKAO_PAGE = 15;
const DEFAULT_SIZE = 15;
/** Google's text search answers at most 20 places. */
const GOOGLE_PAGE = 20;
/** google_enrich's default and a Route Matrix call's destinations. */
const ENRICH_LIMIT = 10;
const MATRIX_BATCH = 625;

/**
 * The time one provider call is counted at (a Kakao or Google call answers in 100–400 ms; the embedded
 * data's search of the whole country takes ~60 ms of CPU), and the calls in flight at once.
 */
export const CALL_MS = 250;
/** Provider calls a plan may make at most, whatever the concurrency. */
export const MAX_PLAN_CALLS = 240;

export interface StepCost {
  step: number;
  action: string;
  /** worst-case places in its result */
  places: number;
  /** worst-case bytes it adds to the state */
  bytes: number;
  /** provider calls at most */
  calls: number;
}

export interface PlanCost {
  steps: StepCost[];
  /** worst-case bytes of the workflow's largest state */
  stateBytes: number;
  /** provider calls at most */
  calls: number;
  /** estimated wall time of the calls, at the given concurrency */
  workMs: number;
}

type Params = Record<string, unknown>;
const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const list = (v: unknown) => (Array.isArray(v) ? v.length : 0);
const jsonBytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? "");

/** The places a `places` parameter brings: a reference's step's, or a literal list's. */
function placesIn(v: unknown, byStep: Map<number, StepCost>): number {
  if (typeof v === "string") {
    const m = REF_PATTERN.exec(v);
    return m ? (byStep.get(Number(m[1]))?.places ?? 0) : 0;
  }
  return list(v);
}

function stepCost(action: string, p: Params, provider: string, byStep: Map<number, StepCost>) {
  const size = num(p.size, DEFAULT_SIZE);
  const pages = Math.ceil(size / KAKAO_PAGE);
  // a Kakao search that finds nothing abroad is tried once with Google, for as many places (≤ 20)
  const perKeyword = provider === "google" ? Math.min(size, GOOGLE_PAGE) : size;
  const searches = (n: number) => ({ places: n * perKeyword, calls: n * (pages + 1), extra: 0 });
  switch (action) {
    case "keyword_search":
    case "category_search":
      return searches(1);
    case "multi_keyword_search":
      return searches(list(p.queries));
    case "multi_category_search":
      return searches(list(p.categories) + list(p.queries));
    case "google_text_search":
      return { places: Math.min(size, GOOGLE_PAGE), calls: 1, extra: 0 };
    case "google_search_along_route":
      return { places: GOOGLE_PAGE, calls: 1, extra: 0 };
    case "sample_and_search": {
      const points = Math.min(MAX_SAMPLE_POINTS, num(p.maxPoints, MAX_SAMPLE_POINTS));
      const queries = list(p.queries);
      // the Map state's items (one per point, each with the queries) sit in the state with its results
      const item = 200 + jsonBytes(p.queries);
      return { places: points * placesPerPoint(points), calls: points * queries, extra: points * item };
    }
    case "distance_filter": {
      const n = placesIn(p.places, byStep);
      return { places: n, calls: Math.ceil(n / MATRIX_BATCH), extra: 0 };
    }
    case "google_enrich": {
      const n = placesIn(p.places, byStep);
      const enriched = Math.min(n, num(p.limit, ENRICH_LIMIT));
      return { places: n, calls: 2 * enriched, extra: enriched * (ENRICHED_PLACE_BYTES - PLACE_BYTES) };
    }
    case "route_polyline":
    case "segment_route":
      return { places: 0, calls: 1, extra: MAX_ROUTE_POINTS * ROUTE_POINT_BYTES };
    case "google_details":
    case "google_reviews":
    case "google_summarize":
    case "google_check_open":
      return { places: 0, calls: 1, extra: DETAIL_BYTES };
    case "geocode":
    case "google_find_place":
      // a foreign place Kakao cannot find is tried with Google
      return { places: 0, calls: 2, extra: POINT_BYTES };
    default:
      return { places: 0, calls: 1, extra: POINT_BYTES };
  }
}

/** The worst case of a checked plan: every step's places, the state's bytes, the calls and their time. */
export function planCost(plan: SearchPlan, concurrency = 8): PlanCost {
  const byStep = new Map<number, StepCost>();
  const steps: StepCost[] = [];
  for (const s of plan.search_plan) {
    const c = stepCost(s.action, s.params, plan.provider, byStep);
    const cost = { step: s.step, action: s.action, places: c.places, calls: c.calls, bytes: 0 };
    cost.bytes = c.places * PLACE_BYTES + c.extra;
    byStep.set(s.step, cost);
    steps.push(cost);
  }
  // the state holds the plan (twice at most: a cursor's plan and the derived one) and every step's result
  const stateBytes = 2 * jsonBytes(plan) + steps.reduce((n, s) => n + s.bytes, 0);
  const calls = steps.reduce((n, s) => n + s.calls, 0);
  // steps that wait on each other run one after another; a step's calls share the concurrency
  const workMs = steps.reduce((n, s) => n + Math.ceil(s.calls / Math.max(1, concurrency)) * CALL_MS, 0);
  return { steps, stateBytes, calls, workMs };
}

export interface CostProblem {
  path: string;
  message: string;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)}KB`;

/** The plan's cost against the limits: [] when it fits, else what to change, in Korean. */
export function costProblems(plan: SearchPlan, budgetMs: number, concurrency = 8): CostProblem[] {
  const cost = planCost(plan, concurrency);
  const problems: CostProblem[] = [];
  const limit = STATE_LIMIT_BYTES - STATE_MARGIN_BYTES;
  if (cost.stateBytes > limit) {
    const worst = [...cost.steps].sort((a, b) => b.bytes - a.bytes)[0];
    problems.push({
      path: "search_plan",
      message:
        `계획이 너무 큽니다: 최악의 경우 워크플로 상태가 약 ${kb(cost.stateBytes)}로 한도 ${kb(limit)}를 넘습니다 ` +
        `(가장 큰 단계: step ${worst?.step} ${worst?.action}, 장소 최대 ${worst?.places}개). ` +
        "검색어 수, size, 단계 수를 줄여 주세요",
    });
  }
  if (cost.calls > MAX_PLAN_CALLS) {
    problems.push({
      path: "search_plan",
      message: `계획의 작업량이 너무 많습니다: 외부 API 호출이 최대 ${cost.calls}회로 한도 ${MAX_PLAN_CALLS}회를 넘습니다. 검색어 수나 단계 수를 줄여 주세요`,
    });
  } else if (cost.workMs > budgetMs) {
    problems.push({
      path: "search_plan",
      message: `계획의 작업량이 너무 많습니다: 예상 소요 시간 약 ${Math.ceil(cost.workMs / 1000)}초로 요청 시간 예산 ${Math.round(budgetMs / 1000)}초를 넘습니다. 검색어 수나 단계 수를 줄여 주세요`,
    });
  }
  return problems;
}

const SIZED = new Set(["keyword_search", "category_search", "multi_keyword_search", "multi_category_search"]);

/**
 * A plan the planner made, fitted to the state: when its worst case would pass the limit (six keywords
 * of 30 places each, then a travel-distance filter over them), each search asks for fewer places, down
 * to 5; `size` is the cap used, or null when the plan fitted as it was.
 */
export function fitToState<P extends SearchPlan>(plan: P): { plan: P; size: number | null } {
  const fits = (p: SearchPlan) => planCost(p).stateBytes <= STATE_LIMIT_BYTES - STATE_MARGIN_BYTES;
  if (fits(plan)) return { plan, size: null };
  for (const most of [30, 20, 15, 10, 5]) {
    const candidate = {
      ...plan,
      search_plan: plan.search_plan.map((s) =>
        SIZED.has(s.action)
          ? { ...s, params: { ...s.params, size: Math.min(num(s.params.size, DEFAULT_SIZE), most) } }
          : s,
      ),
    };
    if (fits(candidate)) return { plan: candidate, size: most };
  }
  return { plan, size: null };
}
