// A trip's plan (seed 001's multi_point): the destination located, a search for each role of the trip
// (sights, food, cafés, a place to stay), and the post-processing that lays it out by day.
import type { PostProcessing, TranslatedLocation, TranslatorResult } from "./schemas.ts";
import {
  TRIP_RADIUS,
  foreignLabel,
  PlanBuilder,
  kakaoCenter,
  googleCenter,
  withConditions,
} from "./plan-parts.ts";

export function tripPlan(
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
