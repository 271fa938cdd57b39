// POST /v1/search/execute runs a plan the caller wrote. It carries no translator_result: derive the
// fields post-processing reads (keywords, category, strategy) from the plan's own steps.
import type { PlanResponse, SearchPlan, TranslatorResult } from "./schemas.ts";

export function planFromClient(plan: SearchPlan, query = "", now = Date.now()): PlanResponse {
  const params = plan.search_plan.map((s) => s.params);
  const keywords = [
    ...new Set(
      params
        .flatMap((p) => [p.query, ...((p.queries as unknown[]) ?? [])])
        .filter((q): q is string => typeof q === "string"),
    ),
  ];
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
    tags: { pets: false, activities: [] },
    locations: [],
    days: plan.travel_plan?.days ?? null,
    nights: plan.travel_plan?.nights ?? null,
    trip_roles: plan.travel_plan?.roles ?? [],
    english_keywords: [],
  };
  return {
    ...plan,
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
