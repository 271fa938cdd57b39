// The MapSearch planner (seed 001): translator_result → strategy, search_plan and post_processing.
// Deterministic: the seed's strategy table and parameters are rules, not a prompt.
import { lookupPlace, type LocationKind } from "../geo/gazetteer.ts";
import { haversine } from "../geo/haversine.ts";
import type {
  LatLngInput,
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

/** Google searches per plan: a mood's four dishes (해장국, 죽, 우동, 백반) all get searched abroad. */
const GOOGLE_MAX_QUERIES = 4;

function googleKeywords(tr: TranslatorResult): string[] {
  return (tr.english_keywords.length ? tr.english_keywords : tr.search_keywords).slice(0, GOOGLE_MAX_QUERIES);
}

function googleQueries(tr: TranslatorResult, where: string, joiner: "near" | "in"): string[] {
  return googleKeywords(tr).map((k) => `${k} ${joiner} ${where}`);
}

function basePostProcessing(tr: TranslatorResult): PostProcessing {
  const pp: PostProcessing = { deduplicate: true, sort_by: "distance", max_results: 10 };
  if (tr.review_check_keywords.length) {
    pp.filter_by_review = true;
    pp.review_keywords = tr.review_check_keywords;
    pp.sort_by = "relevance";
  }
  return withConditions(pp, tr);
}

/**
 * The query's conditions, carried to post-processing. A rating sort works on Google's ratings: a Google
 * place's own, or the `google` object google_enrich puts on a Kakao place.
 */
function withConditions(pp: PostProcessing, tr: TranslatorResult): PostProcessing {
  const c = tr.conditions;
  if (!c) return pp;
  return {
    ...pp,
    ...(c.sort_by === "rating" ? { sort_by: "rating" as const } : {}),
    ...(c.open_at ? { open_at: c.open_at } : {}),
    ...(c.max_price ? { max_price: c.max_price } : {}),
    ...(c.exclude.length ? { exclude: c.exclude } : {}),
  };
}

function withDisclaimers(pp: PostProcessing, tr: TranslatorResult): PostProcessing {
  const notes = [
    ...(tr.tags.pets ? [PET_DISCLAIMER] : []),
    ...(tr.provider === "google" ? [OVERSEAS_DISCLAIMER] : []),
  ];
  return notes.length ? { ...pp, disclaimer: notes.join(" ") } : pp;
}

/** Places google_enrich looks up for a list: the ones the answer shows first. */
const ENRICH_LIMIT = 10;

/**
 * Kakao has no ratings, hours or reviews (000): a rating sort, an opening-hours condition or a question
 * about the places found ("강남역 카페 리뷰") has Google enrich them (000: google_enrich).
 */
function enrichIfAsked(b: PlanBuilder, tr: TranslatorResult, search: number) {
  const c = tr.conditions;
  const needsGoogle =
    (tr.detail_request && tr.detail_request.place === null) ||
    (tr.provider === "kakao" && (c?.sort_by === "rating" || Boolean(c?.open_at)));
  if (needsGoogle)
    b.add(
      "google_enrich",
      { places: `\${step${search}.places}`, limit: ENRICH_LIMIT },
      "Google 평점·영업시간·리뷰",
    );
}

/** A centre the plan geocodes: a place the query names, or the user's own position ("near me"). */
type Center = { kind: "place"; loc: TranslatedLocation } | { kind: "user"; at: LatLngInput };

/** The step that locates the centre; its result has x, y, lat, lng and name. */
function locate(b: PlanBuilder, tr: TranslatorResult, c: Center, what: string): number {
  if (c.kind === "user")
    return b.add("reverse_geocode", { x: c.at.lng, y: c.at.lat }, "내 위치 (요청의 location)");
  return tr.provider === "google"
    ? b.add("google_find_place", { query: c.loc.query }, what)
    : b.add("geocode", { query: c.loc.query }, what);
}

/** "근처 카페", "내 주변 맛집": words that mean around the user, who has to say where. */
const NEAR_ME = /근처|주변|가까운|인근|근방|여기|이 동네|내 위치|near me|nearby|around me|around here/i;

export const ASK_FOR_PLACE =
  "어디 근처에서 찾을까요? 장소(예: 강남역 근처 카페)를 적어 주시거나, 요청에 현재 위치(location: {lat, lng})를 함께 보내 주세요.";

/** Searching around the user's position: a walk away unless the query gave a radius. */
const NEAR_ME_RADIUS = 1000;

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
          { categories: ["AT4", "CT1"], ...area, tripRole: role },
          "관광지 검색 (관광명소, 문화시설)",
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
  // a trip is ranked by its days, not by rating
  const { sort_by: _rating, ...conditions } = withConditions(pp, tr);
  return { pp: conditions, roles };
}

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
