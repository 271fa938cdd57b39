// The MapSearch planner (seed 001): translator_result → strategy, search_plan and post_processing.
// Deterministic: the seed's strategy table and parameters are rules, not a prompt.
import { lookupPlace } from "../geo/gazetteer.ts";
import { haversine } from "../geo/haversine.ts";
import type {
  LocationKind,
  PostProcessing,
  SearchPlan,
  SearchStep,
  TranslatedLocation,
  TranslatorResult,
} from "./schemas.ts";

export const PET_DISCLAIMER =
  "반려동물 동반 가능 여부는 지도 API가 제공하지 않아 키워드 검색으로 추정한 결과입니다. 방문 전 매장에 확인하세요.";
export const OVERSEAS_DISCLAIMER = "해외 장소 정보는 실제와 다를 수 있습니다";

const KAKAO_MAX_RADIUS = 20_000;
const TRIP_RADIUS = 20_000;
const ROUTE_MAX_SAMPLE_POINTS = 20;

/** 001: station 500–1000 m, dong/gu 2000 m; wider for cities and regions. */
const RADIUS_BY_KIND: Record<LocationKind, number> = {
  station: 1000,
  landmark: 1000,
  unresolved: 1000,
  dong: 2000,
  gu: 2000,
  city: 5000,
  province: 20_000,
  foreign: 1000,
};

/** 001: searchRadius 도심 3000, 외곽 4000, 장거리 5000 (default when the distance is unknown). */
export function routeSearchRadius(estimatedMeters: number | null): number {
  if (estimatedMeters === null) return 5000;
  if (estimatedMeters < 20_000) return 3000;
  if (estimatedMeters < 60_000) return 4000;
  return 5000;
}

/** 001: interval = min(2 × searchRadius, ceil(totalDistance / 20)). */
export function routeSampleInterval(totalDistance: number, searchRadius: number): number {
  return Math.max(1, Math.min(2 * searchRadius, Math.ceil(totalDistance / ROUTE_MAX_SAMPLE_POINTS)));
}

function estimateRouteMeters(a: TranslatedLocation, b: TranslatedLocation): number | null {
  const pa = lookupPlace(a.name) ?? lookupPlace(a.query);
  const pb = lookupPlace(b.name) ?? lookupPlace(b.query);
  return pa && pb ? Math.round(haversine(pa, pb) * 1.3) : null; // roads run ~30 % longer than the crow flies
}

function foreignLabel(loc: TranslatedLocation): string {
  return lookupPlace(loc.name)?.en ?? loc.query;
}

class PlanBuilder {
  readonly steps: SearchStep[] = [];
  add(action: string, params: Record<string, unknown>, description?: string): number {
    const step = this.steps.length + 1;
    this.steps.push({ step, action, ...(description ? { description } : {}), params });
    return step;
  }
}

const kakaoCenter = (s: number) => ({ x: `\${step${s}.x}`, y: `\${step${s}.y}` });
const latLngOf = (s: number) => ({ lat: `\${step${s}.y}`, lng: `\${step${s}.x}` });
const googleCenter = (s: number) => ({ lat: `\${step${s}.lat}`, lng: `\${step${s}.lng}` });

/** One search at a point: keyword_search for one keyword, multi_keyword_search for several. */
function kakaoSearch(
  b: PlanBuilder,
  tr: TranslatorResult,
  area: Record<string, unknown>,
  size: number,
  description?: string,
): number {
  const [first, ...rest] = tr.search_keywords;
  if (rest.length)
    return b.add("multi_keyword_search", { queries: tr.search_keywords, ...area, size }, description);
  const code =
    tr.category_codes.length === 1 && area.x !== undefined
      ? { category_group_code: tr.category_codes[0] }
      : {};
  if (!first && tr.category_codes.length) {
    return b.add("category_search", { category: tr.category_codes[0], ...area, size }, description);
  }
  return b.add("keyword_search", { query: first ?? "맛집", ...area, size, ...code }, description);
}

function googleQueries(tr: TranslatorResult, where: string, joiner: "near" | "in"): string[] {
  const kws = tr.english_keywords.length ? tr.english_keywords : tr.search_keywords;
  return kws.slice(0, 3).map((k) => `${k} ${joiner} ${where}`);
}

function basePostProcessing(tr: TranslatorResult): PostProcessing {
  const pp: PostProcessing = { deduplicate: true, sort_by: "distance", max_results: 10 };
  if (tr.review_check_keywords.length) {
    pp.filter_by_review = true;
    pp.review_keywords = tr.review_check_keywords;
    pp.sort_by = "relevance";
  }
  return pp;
}

function withDisclaimers(pp: PostProcessing, tr: TranslatorResult): PostProcessing {
  const notes = [
    ...(tr.tags.pets ? [PET_DISCLAIMER] : []),
    ...(tr.provider === "google" ? [OVERSEAS_DISCLAIMER] : []),
  ];
  return notes.length ? { ...pp, disclaimer: notes.join(" ") } : pp;
}

function radiusPlan(
  tr: TranslatorResult,
  center: TranslatedLocation | undefined,
  b: PlanBuilder,
): PostProcessing {
  const pp = basePostProcessing(tr);
  const size = tr.review_check_keywords.length ? 30 : 15;
  if (!center) {
    // no area named: a nationwide accuracy search, the best a map API can do without a centre
    kakaoSearch(b, tr, {}, size, "지역 없이 키워드 검색");
    return { ...pp, sort_by: pp.sort_by === "distance" ? "relevance" : pp.sort_by };
  }
  const radius = tr.radius ?? RADIUS_BY_KIND[center.kind];
  if (tr.provider === "google") {
    const s = b.add("google_find_place", { query: center.query }, "기준 장소 좌표");
    const searches = googleQueries(tr, foreignLabel(center), "near").map((query) =>
      b.add("google_text_search", { query, ...googleCenter(s), radius: Math.min(radius, 50_000), size: 20 }),
    );
    // review conditions are checked in Google's reviews (000: google_enrich), for the first search's places
    if (tr.review_check_keywords.length)
      b.add("google_enrich", { places: `\${step${searches[0]}.places}` }, "리뷰 확인");
    return pp;
  }
  const s = b.add("geocode", { query: center.query }, "기준 위치 좌표");
  kakaoSearch(b, tr, { ...kakaoCenter(s), radius: Math.min(radius, KAKAO_MAX_RADIUS) }, size);
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
    for (const kw of (tr.english_keywords.length ? tr.english_keywords : tr.search_keywords).slice(0, 3)) {
      b.add("google_search_along_route", {
        query: kw,
        polyline: `\${step${r}.encodedPolyline}`,
        origin: googleCenter(a),
      });
    }
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
      totalDistance: `\${step${r}.distanceMeters}`,
    },
    "polyline 위 샘플링 후 검색",
  );
  return pp;
}

function pointTravelPlan(tr: TranslatorResult, center: TranslatedLocation, b: PlanBuilder): PostProcessing {
  const threshold = tr.distanceThreshold ?? 1000;
  const mode = tr.travelMode ?? (threshold <= 2000 ? "walking" : "driving");
  // 001: search threshold × 1.5 around the point (straight lines are shorter than roads), then filter
  const radius = Math.min(Math.round(threshold * 1.5), KAKAO_MAX_RADIUS);
  let s: number;
  let search: number;
  if (tr.provider === "google") {
    s = b.add("google_find_place", { query: center.query }, "기준 장소 좌표");
    search = b.add("google_text_search", {
      query: googleQueries(tr, foreignLabel(center), "near")[0],
      ...googleCenter(s),
      radius,
      size: 20,
    });
  } else {
    s = b.add("geocode", { query: center.query }, "기준 위치 좌표");
    search = kakaoSearch(b, tr, { ...kakaoCenter(s), radius }, 30, "확장 반경 검색");
  }
  const origin = tr.provider === "google" ? googleCenter(s) : latLngOf(s);
  b.add("distance_filter", { origin, places: `\${step${search}.places}`, threshold, mode }, "실거리 필터링");
  return { ...basePostProcessing(tr), sort_by: "travelDistance" };
}

function tripPlan(
  tr: TranslatorResult,
  destination: TranslatedLocation,
  b: PlanBuilder,
): { pp: PostProcessing; roles: string[] } {
  const days = tr.days ?? 1;
  const nights = tr.nights ?? Math.max(0, days - 1);
  const roles = tr.trip_roles.length
    ? tr.trip_roles
    : ["관광지", "맛집", "카페", ...(nights > 0 ? ["숙박"] : [])];
  const foods = tr.search_keywords.filter((k) => !["맛집", "음식점", "카페", "숙박", "관광지"].includes(k));
  if (tr.provider === "google") {
    const s = b.add("google_find_place", { query: destination.query }, "여행지 좌표");
    const where = foreignLabel(destination);
    const english: Record<string, string> = {
      관광지: "tourist attractions",
      맛집: "restaurants",
      카페: "cafes",
      숙박: "hotels",
    };
    for (const role of roles) {
      const what =
        role === "맛집" && tr.english_keywords.length ? tr.english_keywords[0] : (english[role] ?? role);
      b.add(
        "google_text_search",
        { query: `${what} in ${where}`, ...googleCenter(s), radius: TRIP_RADIUS, size: 20, tripRole: role },
        `${role} 검색`,
      );
    }
  } else {
    const s = b.add("geocode", { query: destination.query }, "여행지 좌표");
    const area = { ...kakaoCenter(s), radius: TRIP_RADIUS };
    for (const role of roles) {
      if (role === "관광지") {
        b.add(
          "multi_category_search",
          { categories: ["AT4", "CT1"], queries: ["관광지", "명소"], ...area, tripRole: role },
          "관광지 검색",
        );
        if (tr.tags.activities.length) {
          b.add(
            "multi_keyword_search",
            { queries: tr.tags.activities, ...area, tripRole: role },
            "액티비티 검색",
          );
        }
      } else if (role === "맛집") {
        b.add(
          "multi_keyword_search",
          { queries: foods.length ? [...foods, "맛집"] : ["맛집", "음식점"], ...area, tripRole: role },
          "맛집 검색",
        );
      } else if (role === "카페") {
        b.add("category_search", { category: "CE7", ...area, tripRole: role }, "카페 검색");
      } else if (role === "숙박") {
        b.add("category_search", { category: "AD5", ...area, tripRole: role }, "숙박 검색");
      }
    }
  }
  const pp: PostProcessing = {
    deduplicate: true,
    group_by_day: true,
    assign_trip_roles: true,
    optimize_route_per_day: true,
    max_per_day: 5,
    max_results: Math.min(days * 5, 100),
  };
  if (tr.review_check_keywords.length) {
    pp.filter_by_review = true;
    pp.review_keywords = tr.review_check_keywords;
  }
  return { pp, roles };
}

export function planSearch(tr: TranslatorResult): SearchPlan {
  const b = new PlanBuilder();
  const center = tr.locations.find((l) => l.role === "center") ?? tr.locations[0];
  const origin = tr.locations.find((l) => l.role === "origin");
  const destination = tr.locations.find((l) => l.role === "destination");

  if (tr.distanceMode === "multi_point" && center) {
    const days = tr.days ?? 1;
    const { pp, roles } = tripPlan(tr, center, b);
    return {
      strategy_type: "multi_point",
      provider: tr.provider,
      travel_plan: { destination: center.name, days, nights: tr.nights ?? Math.max(0, days - 1), roles },
      search_plan: b.steps,
      post_processing: withDisclaimers(pp, tr),
    };
  }
  if (tr.distanceMode === "route" && origin && destination) {
    const pp = routePlan(tr, origin, destination, b);
    return {
      strategy_type: "route",
      provider: tr.provider,
      search_plan: b.steps,
      post_processing: withDisclaimers(pp, tr),
    };
  }
  if (tr.distanceMode === "point_travel" && center) {
    const pp = pointTravelPlan(tr, center, b);
    return {
      strategy_type: "point_travel",
      provider: tr.provider,
      search_plan: b.steps,
      post_processing: withDisclaimers(pp, tr),
    };
  }
  const pp = radiusPlan(tr, center, b);
  return {
    strategy_type: "radius",
    provider: tr.provider,
    search_plan: b.steps,
    post_processing: withDisclaimers(pp, tr),
  };
}
