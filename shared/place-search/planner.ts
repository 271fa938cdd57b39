// The MapSearch planner (seed 001): translator_result → strategy, search_plan and post_processing.
// Deterministic: the seed's strategy table and parameters are rules, not a prompt.
import { dongShaped } from "../geo/area-resolve.ts";
import { lookupPlace } from "../geo/gazetteer.ts";
import { haversine } from "../geo/haversine.ts";
import type {
  LatLngInput,
  PostProcessing,
  SearchPlan,
  TranslatedLocation,
  TranslatorResult,
} from "./schemas.ts";
import {
  KAKAO_MAX_RADIUS,
  ROUTE_MAX_SAMPLE_POINTS,
  RADIUS_BY_KIND,
  routeSearchRadius,
  estimateRouteMeters,
  foreignLabel,
  PlanBuilder,
  kakaoCenter,
  latLngOf,
  googleCenter,
  kakaoSearch,
  googleKeywords,
  googleQueries,
  basePostProcessing,
  withDisclaimers,
  enrichIfAsked,
  type Center,
  locate,
  NEAR_ME,
  ASK_FOR_PLACE,
  NEAR_ME_RADIUS,
  notInArea,
  whichPlace,
} from "./plan-parts.ts";
import { tripPlan } from "./trip-plan.ts";

function radiusPlan(tr: TranslatorResult, center: Center | undefined, b: PlanBuilder): PostProcessing {
  const pp = basePostProcessing(tr);
  const size = tr.review_check_keywords.length ? 30 : 15;
  if (!center) {
    // no area named: a nationwide accuracy search, the best a map API can do without a centre
    const search = kakaoSearch(b, tr, {}, size, "지역 없이 키워드 검색");
    enrichIfAsked(b, tr, search);
    return { ...pp, sort_by: pp.sort_by === "distance" ? "relevance" : pp.sort_by };
  }
  const radius = tr.radius ?? (center.kind === "user" ? NEAR_ME_RADIUS : RADIUS_BY_KIND[center.loc.kind]);
  const s = locate(b, tr, center, "기준 위치 좌표");
  if (tr.provider === "google" && center.kind === "place") {
    const searches = googleQueries(tr, foreignLabel(center.loc), "near").map((query) =>
      b.add("google_text_search", { query, ...googleCenter(s), radius: Math.min(radius, 50_000), size: 20 }),
    );
    // review conditions are checked in Google's reviews (000: google_enrich), for the first search's places
    if (tr.review_check_keywords.length)
      b.add("google_enrich", { places: `\${step${searches[0]}.places}` }, "리뷰 확인");
    else enrichIfAsked(b, tr, searches[0]!);
    return pp;
  }
  const search = kakaoSearch(b, tr, { ...kakaoCenter(s), radius: Math.min(radius, KAKAO_MAX_RADIUS) }, size);
  enrichIfAsked(b, tr, search);
  return pp;
}

function routePlan(
  tr: TranslatorResult,
  origin: TranslatedLocation,
  destination: TranslatedLocation,
  b: PlanBuilder,
): PostProcessing {
  const pp: PostProcessing = {
    ...basePostProcessing(tr),
    sort_by: "distance_from_start",
    group_by_segment: true,
  };
  if (tr.provider === "google") {
    const a = b.add("google_find_place", { query: origin.query }, "출발지 좌표");
    const d = b.add("google_find_place", { query: destination.query }, "도착지 좌표");
    const r = b.add(
      "route_polyline",
      { origin: googleCenter(a), destination: googleCenter(d), mode: "DRIVE", provider: "google" },
      "실제 도로 경로 polyline 획득",
    );
    // 000: Google provider + 경로 검색 → google_search_along_route, SAR 1회 (every keyword in one query)
    b.add(
      "google_search_along_route",
      {
        query: googleKeywords(tr).join(" OR "),
        polyline: `\${step${r}.encodedPolyline}`,
        origin: googleCenter(a),
      },
      "경로 주변 검색 (SAR 1회)",
    );
    return pp;
  }
  const a = b.add("geocode", { query: origin.query }, "출발지 좌표");
  const d = b.add("geocode", { query: destination.query }, "도착지 좌표");
  const r = b.add(
    "route_polyline",
    {
      origin: latLngOf(a),
      destination: latLngOf(d),
      mode: "DRIVE",
      provider: "kakao",
      priority: "RECOMMEND",
    },
    "실제 도로 경로 polyline 획득",
  );
  b.add(
    "sample_and_search",
    {
      polyline: `\${step${r}.decodedPoints}`,
      queries: tr.search_keywords.length ? tr.search_keywords : ["맛집"],
      searchRadius: routeSearchRadius(estimateRouteMeters(origin, destination)),
      maxPoints: ROUTE_MAX_SAMPLE_POINTS,
    },
    "polyline 위 샘플링 후 검색",
  );
  return pp;
}

/** Around the middle: a quarter of the way between them, at least a station's 1 km, at most 3 km. */
function meetingRadius(places: TranslatedLocation[]): number {
  const points = places.map((l) => lookupPlace(l.name) ?? lookupPlace(l.query));
  const [a, c] = points;
  if (!a || !c) return 1500;
  return Math.min(3000, Math.max(1000, Math.round(haversine(a, c) / 4 / 100) * 100));
}

/** Meeting halfway: locate every place, search around their midpoint. */
function meetingPlan(tr: TranslatorResult, places: TranslatedLocation[], b: PlanBuilder): PostProcessing {
  const google = tr.provider === "google";
  const located = places.map((l) =>
    google
      ? b.add("google_find_place", { query: l.query }, `${l.name} 좌표`)
      : b.add("geocode", { query: l.query }, `${l.name} 좌표`),
  );
  const m = b.add(
    "midpoint",
    {
      points: located.map((s) => (google ? googleCenter(s) : latLngOf(s))),
      name: `${places.map((l) => l.name).join("·")} 중간`,
    },
    "중간 지점",
  );
  const radius = meetingRadius(places);
  if (google) {
    const search = b.add("google_text_search", {
      query: googleKeywords(tr)[0] ?? "cafe",
      ...googleCenter(m),
      radius,
      size: 20,
    });
    enrichIfAsked(b, tr, search);
  } else {
    const search = kakaoSearch(b, tr, { ...kakaoCenter(m), radius }, 15, "중간 지점 주변 검색");
    enrichIfAsked(b, tr, search);
  }
  return basePostProcessing(tr);
}

function pointTravelPlan(tr: TranslatorResult, center: Center, b: PlanBuilder): PostProcessing {
  const threshold = tr.distanceThreshold ?? 1000;
  const mode = tr.travelMode ?? (threshold <= 2000 ? "walking" : "driving");
  // 001: search threshold × 1.5 around the point (straight lines are shorter than roads), then filter
  const radius = Math.min(Math.round(threshold * 1.5), KAKAO_MAX_RADIUS);
  const s = locate(b, tr, center, "기준 위치 좌표");
  let search: number;
  if (tr.provider === "google" && center.kind === "place") {
    search = b.add("google_text_search", {
      query: googleQueries(tr, foreignLabel(center.loc), "near")[0],
      ...googleCenter(s),
      radius,
      size: 20,
    });
  } else {
    search = kakaoSearch(b, tr, { ...kakaoCenter(s), radius }, 30, "확장 반경 검색");
  }
  const origin = tr.provider === "google" ? googleCenter(s) : latLngOf(s);
  b.add("distance_filter", { origin, places: `\${step${search}.places}`, threshold, mode }, "실거리 필터링");
  return { ...basePostProcessing(tr), sort_by: "travelDistance" };
}

/** 000's 사용 시점: the action that answers what the user asks about a place. */
const DETAIL_ACTION = {
  summary: "google_summarize",
  reviews: "google_reviews",
  details: "google_details",
  hours: "google_check_open",
} as const;

/**
 * One named place and what the user asks about it ("이치란 라멘 시부야 리뷰 요약해줘"): Google finds it by
 * name (near the place named with it) and the detail action answers; in Korea the Kakao search for the
 * name runs too, so the place is shown even without Google, and Google's answer is put on it.
 */
function detailPlan(
  tr: TranslatorResult,
  name: string,
  center: Center | undefined,
  b: PlanBuilder,
): PostProcessing {
  const kind = tr.detail_request!.kind;
  const where =
    center?.kind === "place" ? (tr.provider === "google" ? foreignLabel(center.loc) : center.loc.name) : "";
  if (tr.provider !== "google") {
    const s = center ? locate(b, tr, center, "기준 위치 좌표") : undefined;
    const area = s
      ? {
          ...kakaoCenter(s),
          radius: center?.kind === "place" ? RADIUS_BY_KIND[center.loc.kind] * 2 : NEAR_ME_RADIUS,
        }
      : {};
    b.add("keyword_search", { query: name, ...area, size: 5 }, `"${name}" 검색`);
  }
  const near = center?.kind === "user" ? { lat: center.at.lat, lng: center.at.lng } : {};
  const found = b.add(
    "google_find_place",
    { query: [name, where].filter(Boolean).join(" "), ...near },
    `"${name}" Google 장소 찾기`,
  );
  b.add(DETAIL_ACTION[kind], { place_id: `\${step${found}.id}` }, DETAIL_DESCRIPTION[kind]);
  return { deduplicate: true, sort_by: "distance", max_results: 5 };
}

const DETAIL_DESCRIPTION = {
  summary: "기본 정보 + 리뷰 요약",
  reviews: "리뷰 원문",
  details: "기본 정보",
  hours: "영업시간",
} as const;

/** What planning knows besides the translation: the query as typed and the user's position. */
export interface PlanInput {
  query?: string;
  userLocation?: LatLngInput;
}

/** A plan, or (no steps) the question the user must answer first. */
export type PlannedSearch = SearchPlan & { question?: string };

export function planSearch(tr: TranslatorResult, input: PlanInput = {}): PlannedSearch {
  const b = new PlanBuilder();
  const centers = tr.locations.filter((l) => l.role === "center");
  const named = centers[0] ?? tr.locations[0];
  const origin = tr.locations.find((l) => l.role === "origin");
  const destination = tr.locations.find((l) => l.role === "destination");
  const user = input.userLocation;
  const center: Center | undefined = named
    ? { kind: "place", loc: named }
    : user
      ? { kind: "user", at: user }
      : undefined;
  const plan = (strategy: SearchPlan["strategy_type"], pp: PostProcessing): PlannedSearch => ({
    strategy_type: strategy,
    provider: tr.provider,
    search_plan: b.steps,
    post_processing: withDisclaimers(pp, tr),
  });

  // a place named with an area it does not lie in: asked, never searched somewhere else; a dong the
  // tables may lack (area-resolve.ts: mayBeUnlisted) is geocoded with its area, and the search goes on
  // only where the provider places it inside the area (actions/local-search.ts)
  if (tr.area_mismatch && !(named?.kind === "dong" && dongShaped(tr.area_mismatch.place)))
    return { ...plan("radius", basePostProcessing(tr)), question: notInArea(tr.area_mismatch) };
  // a word written as the place that nothing locates: asked, never answered with the whole country
  if (tr.unknown_place && !named)
    return { ...plan("radius", basePostProcessing(tr)), question: whichPlace(tr.unknown_place) };
  if (tr.distanceMode === "multi_point" && named) {
    const days = tr.days ?? 1;
    const { pp, roles } = tripPlan(tr, named, b);
    return {
      ...plan("multi_point", pp),
      travel_plan: { destination: named.name, days, nights: tr.nights ?? Math.max(0, days - 1), roles },
    };
  }
  if (tr.distanceMode === "route" && origin && destination)
    return plan("route", routePlan(tr, origin, destination, b));
  if (centers.length >= 2) return plan("radius", meetingPlan(tr, centers, b));
  if (tr.distanceMode === "point_travel" && center)
    return plan("point_travel", pointTravelPlan(tr, center, b));
  if (tr.detail_request?.place) return plan("radius", detailPlan(tr, tr.detail_request.place, center, b));
  if (!center && (tr.around_user || (input.query !== undefined && NEAR_ME.test(input.query)))) {
    // "근처 카페" with no place and no position: nothing to search around yet
    return { ...plan("radius", basePostProcessing(tr)), question: ASK_FOR_PLACE };
  }
  return plan("radius", radiusPlan(tr, center, b));
}
