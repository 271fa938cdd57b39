// Seed 001's post_processing over the executor's results → seed 000's AgentResponse: dedupe (provider
// + id, then placeUrl), review filters, sorting, max_results, route segments, trips, disclaimers.
import { projectOntoRoute } from "../geo/route.ts";
import type { LatLng } from "../geo/haversine.ts";
import { REF_PATTERN } from "./actions.ts";
import type { ExecState } from "./executor.ts";
import { OVERSEAS_DISCLAIMER } from "./planner.ts";
import type { AgentResponse, Place } from "./place.ts";
import { layoutTrip } from "./trip.ts";

export interface PostProcessContext {
  dataSource: string;
  synthetic: boolean;
  now?: number;
}

// a step's result: the shape its action declares in ACTIONS[…].output
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Result = Record<string, any> | null;

/** Steps whose places a later step took as input (distance_filter, google_enrich): their output replaces them. */
function consumedSteps(state: ExecState): Set<number> {
  const consumed = new Set<number>();
  for (const step of state.plan.search_plan) {
    for (const v of Object.values(step.params)) {
      const m = typeof v === "string" ? REF_PATTERN.exec(v) : null;
      if (m && m[2] === "places") consumed.add(Number(m[1]));
    }
  }
  return consumed;
}

export function dedupePlaces(places: Place[]): { places: Place[]; removed: number } {
  const ids = new Set<string>();
  const urls = new Set<string>();
  const out: Place[] = [];
  for (const p of places) {
    const id = `${p.provider}:${p.id}`;
    if (ids.has(id) || urls.has(p.placeUrl)) continue;
    ids.add(id);
    urls.add(p.placeUrl);
    out.push(p);
  }
  return { places: out, removed: places.length - out.length };
}

const byNumber =
  (f: (p: Place) => number | null | undefined, desc = false) =>
  (a: Place, b: Place) => {
    const x = f(a) ?? Infinity;
    const y = f(b) ?? Infinity;
    return desc ? (f(b) ?? -Infinity) - (f(a) ?? -Infinity) : x - y;
  };

function reviewEvidence(p: Place, keywords: string[]): string[] {
  const text = [p.displayName, ...(p.tags ?? []), ...(p.reviewSnippets ?? [])].join(" ");
  return keywords.filter((k) => text.includes(k));
}

/**
 * A route search cut to max_results in distance_from_start order would show only the first kilometre:
 * take places round-robin over the route's segments (nearest to each sample point first), keep the
 * distance_from_start order among them.
 */
function spreadOverSegments(places: Place[], max: number): Place[] {
  const bySegment = new Map<number, Place[]>();
  for (const p of [...places].sort(byNumber((x) => x.distance))) {
    const list = bySegment.get(p.segment ?? 0) ?? [];
    list.push(p);
    bySegment.set(p.segment ?? 0, list);
  }
  const queues = [...bySegment.entries()].sort((a, b) => a[0] - b[0]).map(([, list]) => list);
  const picked: Place[] = [];
  while (picked.length < max && queues.some((q) => q.length)) {
    for (const q of queues) if (q.length && picked.length < max) picked.push(q.shift()!);
  }
  return picked.sort(byNumber((p) => p.distanceFromStart));
}

export function postProcess(state: ExecState, ctx: PostProcessContext): AgentResponse {
  const { plan } = state;
  const pp = plan.post_processing;
  const warnings = [...plan.meta.warnings, ...state.warnings];
  const results = state.results as Record<string, Result>;
  const consumed = consumedSteps(state);

  const collected: Place[] = [];
  for (const step of plan.search_plan) {
    const r = results[step.step];
    if (r && Array.isArray(r.places) && !consumed.has(step.step)) collected.push(...(r.places as Place[]));
  }
  const deduped = pp.deduplicate === false ? { places: collected, removed: 0 } : dedupePlaces(collected);
  const removed = deduped.removed;
  let places = deduped.places;

  // route searches: how far along the route each place is, from the route the plan used
  const route = plan.search_plan.map((s) => results[s.step]).find((r) => r && Array.isArray(r.decodedPoints));
  if (route) {
    const line = route.decodedPoints as LatLng[];
    places = places.map((p) => ({ ...p, distanceFromStart: Math.round(projectOntoRoute(p, line).along) }));
  }

  if (pp.filter_by_review && pp.review_keywords?.length) {
    const keywords = pp.review_keywords;
    places = places.map((p) => ({ ...p, reviewMatches: reviewEvidence(p, keywords) }));
    const confirmed = places.filter((p) => p.reviewMatches!.length > 0);
    // evidence exists for the embedded data (attribute tags) and for Google places with reviews;
    // Kakao has none, so its places stay, with 000's hint to check the placeUrl
    const checkable = ctx.dataSource.startsWith("embedded") || places.some((p) => p.reviewSnippets?.length);
    if (checkable && confirmed.length > 0) {
      places = confirmed;
    } else {
      warnings.push(
        `${keywords.join(", ")}: map APIs give no reviews to check this; see each place's placeUrl before going`,
      );
    }
  }

  switch (pp.sort_by) {
    case "distance":
      places.sort(byNumber((p) => p.distance));
      break;
    case "distance_from_start":
      places.sort(byNumber((p) => p.distanceFromStart));
      break;
    case "travelDistance":
      places.sort(byNumber((p) => p.travelDistance));
      break;
    case "rating":
      places.sort(byNumber((p) => p.rating, true));
      break;
    case "relevance":
      places.sort(
        (a, b) =>
          (b.reviewMatches?.length ?? 0) - (a.reviewMatches?.length ?? 0) ||
          byNumber((p) => p.distance)(a, b),
      );
      break;
  }

  const center = plan.search_plan
    .map((s) => results[s.step])
    .find((r) => r && typeof r.lat === "number" && typeof r.lng === "number");
  let itinerary: AgentResponse["itinerary"];
  if (pp.group_by_day && plan.travel_plan) {
    const origin = center ? { lat: center.lat as number, lng: center.lng as number } : places[0];
    if (origin) {
      const trip = layoutTrip(
        places,
        origin,
        plan.travel_plan.days,
        plan.travel_plan.nights,
        pp.max_per_day ?? 5,
        pp.optimize_route_per_day ?? true,
      );
      places = trip.places;
      itinerary = trip.itinerary;
    }
  }

  if (pp.max_results && pp.group_by_segment && places.length > pp.max_results) {
    places = spreadOverSegments(places, pp.max_results);
  } else if (pp.max_results) {
    places = places.slice(0, pp.max_results);
  }

  const segments = pp.group_by_segment
    ? [...new Set(places.map((p) => p.segment ?? 0))]
        .sort((a, b) => a - b)
        .map((segment) => ({
          segment,
          places: places.filter((p) => (p.segment ?? 0) === segment).map((p) => p.id),
        }))
    : undefined;

  if (plan.provider === "google")
    places = places.map((p) => (p.provider === "google" ? { ...p, disclaimer: OVERSEAS_DISCLAIMER } : p));
  if (ctx.synthetic && places.some((p) => p.synthetic)) {
    warnings.push(
      "the places are the built-in SYNTHETIC demo set (generated, not real shops); load the store registry with `dongne import-stores` or set KAKAO_REST_API_KEY",
    );
  }

  const firstSearch = plan.search_plan.find(
    (s) => s.params.radius !== undefined || s.params.searchRadius !== undefined,
  );
  return {
    query: plan.query,
    searchParams: {
      location: center
        ? { name: String(center.name ?? ""), lat: center.lat as number, lng: center.lng as number }
        : null,
      radius: (firstSearch?.params.radius ?? firstSearch?.params.searchRadius ?? null) as number | null,
      keywords: plan.translator_result.search_keywords,
      categoryCode: plan.translator_result.category_codes[0] ?? null,
      sort: pp.sort_by ?? "accuracy",
    },
    places,
    totalCount: places.length,
    meta: {
      apiCalls: state.apiCalls,
      strategyUsed: plan.strategy_type,
      duplicatesRemoved: removed,
      keywordsSearched: state.keywordsSearched,
      provider: plan.provider,
      warnings: [...new Set(warnings)],
      engine: plan.meta.engine,
      llmCalls: plan.meta.llmCalls,
      llmTokens: plan.meta.llmTokens,
      dataSource:
        plan.provider === "google" && !places.length
          ? ctx.dataSource
          : places[0]?.provider === "google"
            ? "google"
            : ctx.dataSource,
      synthetic: ctx.synthetic && places.some((p) => p.synthetic),
      durationMs: Math.max(0, (ctx.now ?? Date.now()) - state.startedAt),
    },
    ...(pp.disclaimer ? { disclaimer: pp.disclaimer } : {}),
    ...(itinerary ? { itinerary } : {}),
    ...(segments ? { segments } : {}),
  };
}
