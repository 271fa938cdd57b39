// Seed 001's post_processing over the executor's results → seed 000's AgentResponse: what the detail
// and reverse-geocode steps found put on the places they describe, dedupe (provider + id, then
// placeUrl), review filters and conditions, sorting, the page of max_results, route segments, trips,
// areaGroup from each address, and meta: why an answer is empty and what to try, the interpretation,
// the next page's cursor.
import { josa } from "es-hangul";
import { haversine, type LatLng } from "../geo/haversine.ts";
import { projectOntoRoute } from "../geo/route.ts";
import { REF_PATTERN } from "./actions.ts";
import { GOOGLE_OFFLINE } from "./actions/context.ts";
import { areaGroupOf } from "./area-group.ts";
import { encodeCursor, MAX_PAGE, shownKey } from "./cursor.ts";
import { dedupePlaces } from "./dedupe.ts";
import type { ExecState } from "./executor.ts";
import {
  closingSoonWarning,
  googleInfoOf,
  sameVenue,
  withGoogleInfo,
  type DetailResult,
} from "./google-info.ts";
import { conditionLabels, distanceLabel, interpret } from "./interpretation.ts";
import type { AgentResponse, Place, ResponseMeta } from "../places/place.ts";
import { OVERSEAS_DISCLAIMER } from "./planner.ts";
import type { PlanResponse, PostProcessing } from "./schemas.ts";
import { layoutTrip } from "./trip.ts";
import { KAKAO_HINT } from "./translator/rules.ts";

export interface PostProcessContext {
  dataSource: string;
  synthetic: boolean;
  now?: number;
}

// a step's result: the shape its action declares in ACTIONS[…].output
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Result = Record<string, any> | null;

const SEARCH_ACTIONS = new Set([
  "keyword_search",
  "category_search",
  "multi_keyword_search",
  "multi_category_search",
  "sample_and_search",
  "google_text_search",
  "google_search_along_route",
  "distance_filter",
  "google_enrich",
]);
const DETAIL_ACTIONS = new Set(["google_check_open", "google_details", "google_reviews", "google_summarize"]);
const POINT_ACTIONS = new Set(["geocode", "google_find_place", "midpoint", "reverse_geocode"]);

/** Steps whose places a later step took as input (distance_filter, google_enrich): their output replaces them. */
function consumedSteps(plan: PlanResponse): Set<number> {
  const consumed = new Set<number>();
  for (const step of plan.search_plan) {
    for (const v of Object.values(step.params)) {
      const m = typeof v === "string" ? REF_PATTERN.exec(v) : null;
      if (m && m[2] === "places") consumed.add(Number(m[1]));
    }
  }
  return consumed;
}

/**
 * The centre of the search: the midpoint of a meeting, else the first located point (the geocoded place,
 * or the user's position) — not the place a detail question is about, which is a result, not a centre.
 */
function centerOf(plan: PlanResponse, results: Record<string, Result>) {
  const target = plan.translator_result.detail_request?.place;
  const points = plan.search_plan
    .filter((s) => POINT_ACTIONS.has(s.action))
    .filter((s) => !(target && typeof s.params.query === "string" && s.params.query.startsWith(target)))
    .map((s) => ({ action: s.action, r: results[s.step] }))
    .filter((x): x is { action: string; r: Record<string, unknown> } => typeof x.r?.lat === "number");
  return (points.find((x) => x.action === "midpoint") ?? points[0])?.r;
}

const byNumber =
  (f: (p: Place) => number | null | undefined, desc = false) =>
  (a: Place, b: Place) => {
    const x = f(a) ?? Infinity;
    const y = f(b) ?? Infinity;
    return desc ? (f(b) ?? -Infinity) - (f(a) ?? -Infinity) : x - y;
  };

/** Google's rating wherever it is: a Google place's own, or the `google` object on a Kakao place. */
const ratingOf = (p: Place) => p.rating ?? p.google?.rating ?? null;
const openNowOf = (p: Place) => p.openNow ?? p.google?.openNow ?? null;

function reviewEvidence(p: Place, keywords: string[]): string[] {
  const text = [
    p.displayName,
    ...(p.tags ?? []),
    ...(p.reviewSnippets ?? []),
    ...(p.google?.reviews ?? []).map((r) => r.text),
  ].join(" ");
  return keywords.filter((k) => text.includes(k));
}

/**
 * A route search cut to a page in distance_from_start order would show only the first kilometre: take
 * places round-robin over the route's segments (nearest to each sample point first); each page keeps
 * the distance_from_start order among its places.
 */
function spreadOverSegments(places: Place[]): Place[] {
  const bySegment = new Map<number, Place[]>();
  for (const p of [...places].sort(byNumber((x) => x.distance))) {
    const list = bySegment.get(p.segment ?? 0) ?? [];
    list.push(p);
    bySegment.set(p.segment ?? 0, list);
  }
  const queues = [...bySegment.entries()].sort((a, b) => a[0] - b[0]).map(([, list]) => list);
  const order: Place[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) order.push(q.shift()!);
  return order;
}

/** A chain's branch: "스타벅스 강남역점", or Kakao's brand level repeating the name ("… > 스타벅스"). */
function isChainBranch(p: Place): boolean {
  const brand = p.displayName.split(/\s+/)[0] ?? "";
  return /\S+\s+\S+점$/.test(p.displayName) || (p.detailCategory !== null && p.detailCategory === brand);
}

const priceOf = (p: Place): number | undefined =>
  "avgPrice" in p && typeof p.avgPrice === "number" && p.avgPrice > 0 ? p.avgPrice : undefined;

/**
 * The query's conditions (issue 12) applied where the data allows: chains and named places left out,
 * "open now" from Google's openNow (a Google place's own or its `google` object), a price ceiling where
 * places carry prices. What cannot be checked stays in the list with a warning (000's placeUrl hint).
 */
function applyConditions(places: Place[], pp: PostProcessing, warnings: string[]): Place[] {
  let out = places;
  for (const x of pp.exclude ?? []) {
    out =
      x === "프랜차이즈"
        ? out.filter((p) => !isChainBranch(p))
        : out.filter((p) => !p.displayName.includes(x) && !p.categoryName.includes(x));
  }
  const kakao = out.some((p) => p.provider === "kakao");
  if (pp.open_at) {
    const known = out.filter((p) => openNowOf(p) !== null);
    if (pp.open_at.kind === "now" && known.length) out = out.filter((p) => openNowOf(p) !== false);
    if (pp.open_at.kind !== "now" || known.length < out.length)
      warnings.push(kakao ? KAKAO_HINT : "영업시간 조건은 각 장소의 상세 정보(placeUrl)에서 확인하세요");
  }
  if (pp.max_price) {
    const max = pp.max_price;
    const priced = out.filter((p) => priceOf(p) !== undefined);
    if (priced.length) out = out.filter((p) => (priceOf(p) ?? 0) <= max);
    else
      warnings.push(
        kakao ? KAKAO_HINT : `가격(${max}원 이하)은 지도 API가 주지 않아요: placeUrl에서 확인하세요`,
      );
  }
  return out;
}

/**
 * 000's detail actions answer about one Google place: their facts go on that place where the search
 * found it (its own id, or a Kakao place of a similar name within 150 m), else the place joins the list.
 */
function attachDetails(places: Place[], details: DetailResult[]): Place[] {
  let out = places;
  for (const d of details) {
    const same = (p: Place) => (p.provider === "google" && p.id === d.place_id) || sameVenue(p, d.place);
    const matched = out.some(same);
    const info = (p: Place) =>
      googleInfoOf(d, p.provider === "google" && p.id === d.place_id ? "id" : "name_location");
    out = matched
      ? out.map((p) => (same(p) ? withGoogleInfo(p, info(p)) : p))
      : [...out, withGoogleInfo(d.place, googleInfoOf(d, "id"))];
  }
  return out;
}

/** reverse_geocode's address goes on the place at those coordinates (within 5 m). */
function attachAddresses(places: Place[], reversed: Record<string, unknown>[]): Place[] {
  if (!reversed.length) return places;
  return places.map((p) => {
    const r = reversed.find((x) => haversine({ lat: Number(x.lat), lng: Number(x.lng) }, p) <= 5);
    return r
      ? {
          ...p,
          reverseGeocode: {
            address: (r.address as string | null) ?? null,
            roadAddress: (r.roadAddress as string | null) ?? null,
            region: (r.region as string | null) ?? null,
          },
        }
      : p;
  });
}

/** 000's zero-result answer: why it is empty, and what to try (반경 확대 또는 키워드 변경). */
function whyEmpty(
  state: ExecState,
  ctx: { collected: number; warnings: string[]; radius: number | null; where: string | null },
): Pick<ResponseMeta, "emptyReason" | "suggestion"> {
  const { plan } = state;
  const keywords = plan.translator_result.search_keywords;
  if (plan.meta.question)
    return {
      emptyReason: { code: "needs_location", message: "어디 근처인지 알 수 없어 아직 찾지 않았어요" },
      suggestion: plan.meta.question,
    };
  if (plan.provider === "google" && ctx.warnings.includes(GOOGLE_OFFLINE))
    return {
      emptyReason: {
        code: "provider_unavailable",
        message: "해외 장소는 Google Places로 찾는데, Google Places가 설정되어 있지 않아요",
      },
      suggestion: "GOOGLE_MAPS_API_KEY를 설정하면 해외 장소를 찾을 수 있어요",
    };
  const searches = plan.search_plan.filter((s) => SEARCH_ACTIONS.has(s.action));
  // a place the provider answered but could not find is no passing fault: say which, never "try later"
  const unfound = plan.search_plan.filter(
    (s) => (s.action === "geocode" || s.action === "google_find_place") && state.results[s.step] === null,
  );
  if (searches.length && unfound.length && !state.providerFailures)
    return {
      emptyReason: {
        code: "nothing_found",
        message: `‘${unfound.map((s) => (typeof s.params.query === "string" ? s.params.query : "")).join("’, ‘")}’ 위치를 찾지 못해 검색하지 않았어요`,
      },
      suggestion: "장소 이름을 더 정확히 적거나 가까운 역·동 이름으로 찾아 보세요",
    };
  if (searches.length && searches.every((s) => state.results[s.step] === null))
    return {
      emptyReason: {
        code: "search_failed",
        message: "검색 단계가 모두 실패했어요 (meta.warnings에 이유가 있어요)",
      },
      suggestion: "잠시 후 다시 찾아 보거나, 장소 이름을 더 정확히 적어 주세요",
    };
  if (ctx.collected > 0)
    return {
      emptyReason: {
        code: "filtered_out",
        message: `찾은 ${ctx.collected}곳 중 조건에 맞는 곳이 없어요`,
      },
      suggestion: `조건(${conditionLabels(plan.post_processing, false).join(", ") || "필터"})을 빼고 다시 찾아 보세요`,
    };
  if (plan.strategy_type === "multi_point")
    return {
      emptyReason: {
        code: "no_data_in_region",
        message: `${plan.travel_plan?.destination ?? "그 지역"}에서 찾은 장소가 없어 일정을 짤 수 없어요`,
      },
      suggestion: "가까운 큰 도시나 다른 지역으로 찾아 보세요",
    };
  const what = keywords.length ? josa(keywords.join(", "), "을/를") : "장소를";
  const within = ctx.radius ? ` 반경 ${distanceLabel(ctx.radius)}` : "";
  const wider = ctx.radius ? Math.min(ctx.radius * 2, 20_000) : null;
  return {
    emptyReason: {
      code: "nothing_found",
      message: `${ctx.where ?? "검색한 곳"}${within}에서 ${what} 찾지 못했어요`,
    },
    suggestion: `${wider ? `반경을 ${distanceLabel(wider)}로 넓히거나 ` : ""}다른 키워드(예: 맛집, 음식점, 카페)로 찾아 보세요`,
  };
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
  const measured = withDistances(found.places, plan, found);
  const reviewed = filterByReviews(measured, pp, ctx, warnings);
  const kept = sortPlaces(applyConditions(reviewed, pp, warnings), pp.sort_by);
  const trip =
    pp.group_by_day && plan.travel_plan ? layOutTrip(kept, plan, found.centerPoint, warnings) : null;
  const page = pageOf(state, trip?.places ?? kept, trip !== null);
  const places = labelPlaces(page.places, plan, ctx, warnings);
  const { searchParams, meta } = describe(state, ctx, {
    found,
    places,
    page,
    trip: trip !== null,
    warnings,
    beforeConditions: reviewed.length,
  });
  return {
    query: plan.query,
    searchParams,
    places,
    // 000: totalCount is what was found, before max_results cuts it to a page
    totalCount: kept.length,
    meta,
    ...(pp.disclaimer ? { disclaimer: pp.disclaimer } : {}),
    ...(trip?.itinerary ? { itinerary: trip.itinerary } : {}),
    ...(pp.group_by_segment ? { segments: segmentsOf(places) } : {}),
  };
}

/** What the steps found: their places deduplicated, with what detail and reverse-geocode steps said of them. */
interface Found {
  results: Record<string, Result>;
  center: Record<string, unknown> | undefined;
  centerPoint: LatLng | undefined;
  places: Place[];
  removed: number;
  reversed: Record<string, unknown>[];
}

function gather(state: ExecState): Found {
  const { plan } = state;
  const results = state.results as Record<string, Result>;
  const consumed = consumedSteps(plan);
  const center = centerOf(plan, results);
  const collected: Place[] = [];
  const details: DetailResult[] = [];
  const reversed: Record<string, unknown>[] = [];
  for (const step of plan.search_plan) {
    const r = results[step.step];
    if (!r) continue;
    if (Array.isArray(r.places) && !consumed.has(step.step)) collected.push(...(r.places as Place[]));
    if (DETAIL_ACTIONS.has(step.action)) details.push(r as DetailResult);
    if (step.action === "reverse_geocode") reversed.push(r);
  }
  const deduped =
    plan.post_processing.deduplicate === false ? { places: collected, removed: 0 } : dedupePlaces(collected);
  return {
    results,
    center,
    centerPoint: center ? { lat: center.lat as number, lng: center.lng as number } : undefined,
    places: attachAddresses(attachDetails(deduped.places, details), reversed),
    removed: deduped.removed + state.duplicatesRemoved,
    reversed,
  };
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

/** Review keywords: the places with evidence of them, where the data can show any. */
function filterByReviews(
  places: Place[],
  pp: PostProcessing,
  ctx: PostProcessContext,
  warnings: string[],
): Place[] {
  if (!pp.filter_by_review || !pp.review_keywords?.length) return places;
  const keywords = pp.review_keywords;
  const marked = places.map((p) => ({ ...p, reviewMatches: reviewEvidence(p, keywords) }));
  const confirmed = marked.filter((p) => p.reviewMatches.length > 0);
  // evidence exists for the embedded data (attribute tags) and for places with Google reviews; Kakao
  // has none, so its places stay, with 000's hint to check the placeUrl
  const checkable =
    ctx.dataSource.startsWith("embedded") ||
    marked.some((p) => p.reviewSnippets?.length || p.google?.reviews?.length);
  if (checkable && confirmed.length > 0) return confirmed;
  warnings.push(
    `${keywords.join(", ")}: map APIs give no reviews to check this; see each place's placeUrl before going`,
  );
  return marked;
}

const distanceOf = (p: Place) => p.distance ?? p.distanceFromCenter;

const ORDER: Record<NonNullable<PostProcessing["sort_by"]>, ((a: Place, b: Place) => number) | undefined> = {
  distance: byNumber(distanceOf),
  distance_from_start: byNumber((p) => p.distanceFromStart),
  travelDistance: byNumber((p) => p.travelDistance),
  rating: byNumber(ratingOf, true),
  relevance: (a, b) =>
    (b.reviewMatches?.length ?? 0) - (a.reviewMatches?.length ?? 0) || byNumber(distanceOf)(a, b),
};

function sortPlaces(places: Place[], sortBy: PostProcessing["sort_by"]): Place[] {
  const order = sortBy ? ORDER[sortBy] : undefined;
  return order ? places.sort(order) : places;
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
      "the places are the built-in SYNTHETIC demo set (generated, not real shops); load the store registry with `dongne import-stores` or set KAKAO_REST_API_KEY",
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

/** An empty page past the last one says so; an empty first page says why (whyEmpty). */
function emptyOf(state: ExecState, page: number, ctx: Parameters<typeof whyEmpty>[1]) {
  if (page > 1)
    return {
      emptyReason: {
        code: "past_last_page" as const,
        message: "더 찾은 장소가 없어요 (마지막 페이지를 지났어요)",
      },
    };
  return whyEmpty(state, ctx);
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
    dataSource:
      plan.provider === "google" && !places.length
        ? ctx.dataSource
        : places[0]?.provider === "google"
          ? "google"
          : ctx.dataSource,
    synthetic: ctx.synthetic && places.some((p) => p.synthetic),
    durationMs: Math.max(0, (ctx.now ?? Date.now()) - state.startedAt),
  };
}
