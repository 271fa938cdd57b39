// Seed 001's post_processing over the executor's results → seed 000's AgentResponse, as passes: what
// the steps found (found-places.ts: dedupe by provider + id, then placeUrl; detail and reverse-geocode
// facts on the places they describe), distances, review filters and conditions, sorting
// (place-filters.ts), trips, the page of max_results, areaGroup from each address, route segments, and
// meta: the interpretation, why an answer is empty and what to try (empty-answer.ts), the next cursor.
import { josa } from "es-hangul";
import { haversine, type LatLng } from "../geo/haversine.ts";
import { projectOntoRoute } from "../geo/route.ts";
import { areaGroupOf } from "./area-group.ts";
import { encodeCursor, MAX_PAGE, shownKey } from "./cursor.ts";
import type { ExecState } from "./executor.ts";
import { closingSoonWarning } from "./google-info.ts";
import { interpret } from "./interpretation.ts";
import type { AgentResponse, Place } from "../places/place.ts";
import { OVERSEAS_DISCLAIMER } from "./plan-parts.ts";
import type { PlanResponse } from "./schemas.ts";
import { layoutTrip } from "./trip.ts";
import { emptyOf } from "./empty-answer.ts";
import { gather, type Found, type Result } from "./found-places.ts";
import { alternativesOf, outsideWarning, sortOut, summaryOf } from "./shown-places.ts";
import { distanceLabel } from "./interpretation.ts";
import {
  applyConditions,
  byNumber,
  filterByReviews,
  sortPlaces,
  spreadOverSegments,
} from "./place-filters.ts";

export interface PostProcessContext {
  /** the place provider's own source (kakao, embedded-demo, embedded-registry) */
  dataSource: string;
  synthetic: boolean;
  /** Google is configured: a plan for Google searched there, not with the place provider */
  google?: boolean;
  now?: number;
}

/** Whether a later page could hold more: places past this page, or a search that filled what it asked. */
function morePossible(state: ExecState, shown: number, unseen: number): boolean {
  if (shown < unseen) return true;
  return state.plan.search_plan.some((s) => {
    const r = state.results[s.step] as Result;
    const size = typeof s.params.size === "number" ? s.params.size : 15;
    const cap = s.action === "google_text_search" ? 20 : 45;
    return (
      Array.isArray(r?.places) &&
      ["keyword_search", "category_search", "google_text_search"].includes(s.action) &&
      r.places.length >= size &&
      size < cap
    );
  });
}

/** Seed 001's post-processing as passes over the places the steps found, then seed 000's answer. */
export function postProcess(state: ExecState, ctx: PostProcessContext): AgentResponse {
  const { plan } = state;
  const pp = plan.post_processing;
  const warnings = [...plan.meta.warnings, ...state.warnings];
  const found = gather(state);
  // only places of the asked kind, inside the area the query named; near kinds apart
  const sorted = sortOut(found.places, plan);
  warnings.push(...outsideWarning(sorted));
  const measured = withDistances(sorted.places, plan, found);
  const reviewed = filterByReviews(measured, pp, ctx, warnings);
  const kept = sortPlaces(applyConditions(reviewed, pp, warnings), pp.sort_by);
  const trip =
    pp.group_by_day && plan.travel_plan ? layOutTrip(kept, plan, found.centerPoint, warnings) : null;
  const page = pageOf(state, trip?.places ?? kept, trip !== null);
  const places = labelPlaces(page.places, plan, ctx, warnings);
  const near =
    page.number > 1 ? [] : alternativesOf(sorted, kept.length, withDistances(sorted.near, plan, found));
  const alternatives = labelPlaces(near, plan, ctx, warnings);
  const { searchParams, meta } = describe(state, ctx, {
    found,
    places,
    page,
    trip: trip !== null,
    warnings,
    beforeConditions: reviewed.length,
    alternatives,
  });
  return {
    query: plan.query,
    searchParams,
    places,
    // 000: totalCount is what was found, before max_results cuts it to a page
    totalCount: kept.length,
    meta,
    summary: summaryOf({
      where: whereOf(searchParams, meta),
      total: kept.length,
      keywords: plan.translator_result.search_keywords,
      alternatives,
      nearKinds: sorted.nearKinds,
      checked: sorted.asked !== null,
      empty: meta.emptyReason?.message,
      ...(plan.travel_plan && trip ? { trip: plan.travel_plan } : {}),
    }),
    ...(alternatives.length ? { alternatives: { kinds: sorted.nearKinds, places: alternatives } } : {}),
    ...(pp.disclaimer ? { disclaimer: pp.disclaimer } : {}),
    ...(trip?.itinerary ? { itinerary: trip.itinerary } : {}),
    ...(pp.group_by_segment ? { segments: segmentsOf(places) } : {}),
  };
}

/**
 * Where the first sentence says it looked: "강남역 반경 1km", "강남역에서 판교역 가는 길"; null when no
 * area was named (the search was not limited to one).
 */
function whereOf(sp: AgentResponse["searchParams"], meta: AgentResponse["meta"]): string | null {
  const anchors = meta.interpretation?.anchors ?? [];
  const origin = anchors.find((a) => a.role === "origin");
  const destination = anchors.find((a) => a.role === "destination");
  if (origin && destination) return `${origin.name}에서 ${destination.name} 가는 길`;
  if (!sp.location) return null;
  return `${sp.location.name}${sp.radius ? ` 반경 ${distanceLabel(sp.radius)}` : ""}`;
}

/** Route searches: how far along the route each place is, from the route the plan used. */
function withDistances(places: Place[], plan: PlanResponse, { results, centerPoint }: Found): Place[] {
  const route = plan.search_plan.map((s) => results[s.step]).find((r) => r && Array.isArray(r.decodedPoints));
  if (route) {
    const line = route.decodedPoints as LatLng[];
    return places.map((p) => ({ ...p, distanceFromStart: Math.round(projectOntoRoute(p, line).along) }));
  }
  if (!centerPoint) return places;
  // 000 keeps Google's distance null: the product's own distance from the centre goes beside it
  return places.map((p) =>
    p.distance === null ? { ...p, distanceFromCenter: Math.round(haversine(centerPoint, p)) } : p,
  );
}

/** A trip (group_by_day): the places laid out day by day, saying which roles and nights it could not fill. */
function layOutTrip(places: Place[], plan: PlanResponse, center: LatLng | undefined, warnings: string[]) {
  const pp = plan.post_processing;
  const origin = center ?? places[0];
  const { roles, destination, days, nights } = plan.travel_plan!;
  const needed = roles.filter((r) => r !== "숙박" || nights > 0);
  for (const role of needed.filter((r) => !places.some((p) => p.tripRole === r)))
    if (places.length)
      warnings.push(`${destination}에서 ${josa(role, "을/를")} 찾지 못해 일정에 넣지 못했어요`);
  if (!origin || !places.length) return { places };
  const t = layoutTrip(places, origin, days, nights, pp.max_per_day ?? 5, pp.optimize_route_per_day ?? true);
  if (t.nightsWithoutLodging && roles.includes("숙박"))
    warnings.push(`숙소를 찾지 못해 ${t.nightsWithoutLodging}박은 숙소 없이 짰어요`);
  if (t.lodgingReused) warnings.push(`숙소가 모자라 ${t.lodgingReused}박은 전날 숙소에 그대로 묵어요`);
  return { places: t.places, itinerary: t.itinerary };
}

interface Page {
  places: Place[];
  number: number;
  /** the places earlier pages showed */
  seen: Set<string>;
  /** the places this page could show (not shown before) */
  unseen: number;
}

/**
 * The page asked for (a cursor's): the first max_results places earlier pages did not show; a trip is
 * one page, its itinerary.
 */
function pageOf(state: ExecState, places: Place[], trip: boolean): Page {
  const pp = state.plan.post_processing;
  const number = trip ? 1 : (state.page ?? 1);
  const seen = new Set(trip ? [] : (state.seen ?? []));
  if (!pp.max_results) return { places, number, seen, unseen: places.length };
  const ordered = (pp.group_by_segment ? spreadOverSegments(places) : places).filter(
    (p) => !seen.has(shownKey(p)),
  );
  const shown = ordered.slice(0, pp.max_results);
  if (pp.group_by_segment) shown.sort(byNumber((p) => p.distanceFromStart));
  return { places: shown, number, seen, unseen: ordered.length };
}

/** 001's areaGroup on every place, Google's closing-soon and overseas notes, the synthetic-data warning. */
function labelPlaces(places: Place[], plan: PlanResponse, ctx: PostProcessContext, warnings: string[]) {
  // 001: every place gets the area its address names
  const grouped = places.map((p) => (p.areaGroup ? p : { ...p, areaGroup: areaGroupOf(p) }));
  for (const p of grouped)
    if (p.google?.closingSoon) warnings.push(closingSoonWarning(p.displayName, p.google));
  const labelled =
    plan.provider === "google"
      ? grouped.map((p) => (p.provider === "google" ? { ...p, disclaimer: OVERSEAS_DISCLAIMER } : p))
      : grouped;
  if (ctx.synthetic && labelled.some((p) => p.synthetic)) {
    warnings.push(
      "이 장소들은 내장 데모 데이터(합성 데이터)로, 실제 가게가 아니라 생성한 가상의 장소입니다. 실제 가게를 찾으려면 운영자가 가게 목록을 불러오거나 카카오 장소 검색을 켜야 합니다.",
    );
  }
  return labelled;
}

/** A route search's places by segment, in route order. */
const segmentsOf = (places: Place[]) =>
  [...new Set(places.map((p) => p.segment ?? 0))]
    .sort((a, b) => a - b)
    .map((segment) => ({
      segment,
      places: places.filter((p) => (p.segment ?? 0) === segment).map((p) => p.id),
    }));

/** The answer's searchParams and meta: how the search went, why it is empty, the next page. */
function describe(
  state: ExecState,
  ctx: PostProcessContext,
  a: {
    found: Found;
    places: Place[];
    page: Page;
    trip: boolean;
    warnings: string[];
    beforeConditions: number;
    alternatives: Place[];
  },
): Pick<AgentResponse, "searchParams" | "meta"> {
  const { plan } = state;
  const { found, places, page, warnings } = a;
  const firstSearch = plan.search_plan.find(
    (s) => s.params.radius !== undefined || s.params.searchRadius !== undefined,
  );
  const radius = (firstSearch?.params.radius ?? firstSearch?.params.searchRadius ?? null) as number | null;
  const interpretation = interpret(plan, found.results);
  const anchorOf = (role: string) => interpretation.anchors.find((x) => x.role === role);
  const centerAnchor = anchorOf("midpoint") ?? anchorOf("user") ?? anchorOf("center");
  const more =
    !a.trip && places.length > 0 && page.number < MAX_PAGE && morePossible(state, places.length, page.unseen);
  const empty = places.length
    ? {}
    : emptyOf(state, page.number, {
        collected: a.beforeConditions,
        warnings,
        radius,
        where: centerAnchor?.name ?? null,
      });
  const apiSort = plan.provider === "google" ? "relevance" : "accuracy";
  return {
    searchParams: {
      location: locationOf(found, centerAnchor?.name),
      radius,
      keywords: plan.translator_result.search_keywords,
      categoryCode: plan.translator_result.category_codes[0] ?? null,
      sort: (firstSearch?.params.sort as string | undefined) ?? apiSort,
      sortBy: plan.post_processing.sort_by ?? null,
    },
    meta: {
      ...usageOf(state, ctx, places, found.removed, warnings),
      interpretation,
      ...empty,
      page: {
        number: page.number,
        size: plan.post_processing.max_results ?? places.length,
        next: more ? encodeCursor(plan, page.number + 1, [...page.seen, ...places.map(shownKey)]) : null,
      },
    },
  };
}

/** The search's centre, named by the interpretation, with the address a reverse geocode gave it. */
function locationOf({ center, centerPoint, reversed }: Found, anchor: string | undefined) {
  if (!centerPoint) return null;
  const reverse = reversed.find(
    (r) => haversine({ lat: Number(r.lat), lng: Number(r.lng) }, centerPoint) <= 5,
  );
  return {
    name: anchor ?? (typeof center?.name === "string" ? center.name : ""),
    ...centerPoint,
    ...(reverse ? { address: (reverse.address as string | null) ?? null } : {}),
  };
}

/** The meta of what the search used and where its places came from. */
function usageOf(
  state: ExecState,
  ctx: PostProcessContext,
  places: Place[],
  removed: number,
  warnings: string[],
) {
  const { plan } = state;
  // where the places came from; with none, where the search looked (a plan for Google, with a key, looked there)
  const dataSource = places.length
    ? places[0]!.provider === "google"
      ? "google"
      : ctx.dataSource
    : plan.provider === "google" && ctx.google
      ? "google"
      : ctx.dataSource;
  return {
    apiCalls: state.apiCalls,
    providerFailures: state.providerFailures,
    strategyUsed: plan.strategy_type,
    duplicatesRemoved: removed,
    keywordsSearched: state.keywordsSearched,
    provider: plan.provider,
    warnings: [...new Set(warnings)],
    engine: plan.meta.engine,
    llmCalls: plan.meta.llmCalls,
    llmTokens: plan.meta.llmTokens,
    dataSource,
    // an empty answer of the embedded demo set is synthetic too: it is where nothing was found
    synthetic: places.length
      ? places.some((p) => p.synthetic)
      : ctx.synthetic && dataSource === ctx.dataSource,
    durationMs: Math.max(0, (ctx.now ?? Date.now()) - state.startedAt),
  };
}
