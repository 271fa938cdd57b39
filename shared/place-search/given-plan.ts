// POST /v1/search/execute runs a plan the caller wrote. It carries no translator_result: derive the
// fields post-processing reads (keywords, category, strategy) from the plan's own steps, and the
// disclaimers 001 requires (pets: "disclaimer를 반드시 포함"; abroad) from what it searches.
import { OVERSEAS_DISCLAIMER, PET_DISCLAIMER } from "./plan-parts.ts";
import type { PlanResponse, SearchPlan, TranslatorResult } from "./schemas.ts";

/** Steps whose `query` locates a place rather than searching for places. */
const LOCATING = new Set(["geocode", "google_find_place"]);
const PETS = /애견|반려|펫|pet|dog/i;

export function planFromClient(plan: SearchPlan, query = "", now = Date.now()): PlanResponse {
  const params = plan.search_plan.map((s) => s.params);
  const keywords = [
    ...new Set(
      plan.search_plan
        .flatMap((s) => [
          ...(LOCATING.has(s.action) ? [] : [s.params.query]),
          ...((s.params.queries as unknown[]) ?? []),
        ])
        .filter((q): q is string => typeof q === "string"),
    ),
  ];
  const pets = keywords.some((k) => PETS.test(k));
  const notes = [
    ...(pets ? [PET_DISCLAIMER] : []),
    ...(plan.provider === "google" ? [OVERSEAS_DISCLAIMER] : []),
  ].filter((n) => !plan.post_processing.disclaimer?.includes(n));
  const disclaimer = [plan.post_processing.disclaimer, ...notes].filter(Boolean).join(" ");
  const codes = [
    ...new Set(
      params.flatMap((p) => [p.category, p.category_group_code, ...((p.categories as unknown[]) ?? [])]),
    ),
  ].filter(
    (c): c is TranslatorResult["category_codes"][number] => typeof c === "string" && /^[A-Z]{2}\d$/.test(c),
  );
  const translator: TranslatorResult = {
    search_keywords: keywords.slice(0, 12),
    category_codes: codes.slice(0, 6),
    review_check_keywords: plan.post_processing.review_keywords ?? [],
    distanceMode: plan.strategy_type,
    distanceThreshold: null,
    travelMode: null,
    requires_distance_filter: plan.search_plan.some((s) => s.action === "distance_filter"),
    radius: null,
    provider: plan.provider,
    tags: { pets, activities: [] },
    locations: [],
    days: plan.travel_plan?.days ?? null,
    nights: plan.travel_plan?.nights ?? null,
    trip_roles: plan.travel_plan?.roles ?? [],
    english_keywords: [],
  };
  return {
    ...plan,
    post_processing: { ...plan.post_processing, ...(disclaimer ? { disclaimer } : {}) },
    query,
    translator_result: translator,
    meta: {
      engine: "client",
      confidence: 1,
      llmCalls: 0,
      llmTokens: { input: 0, output: 0 },
      warnings: [],
      durationMs: Math.max(0, Date.now() - now),
    },
  };
}
