// POST /v1/search/execute runs a plan the caller wrote. It carries no translator_result: derive the
// fields post-processing reads (keywords, category, strategy) from the plan's own steps, and the
// disclaimers 001 requires (pets: "disclaimer를 반드시 포함"; abroad) from what it searches.
import { listWith } from "../korean/josa.ts";
import { OVERSEAS_DISCLAIMER, PET_DISCLAIMER } from "./plan-parts.ts";
import { TranslatorResult, type PlanResponse, type SearchPlan } from "./schemas.ts";

/** Steps whose `query` locates a place rather than searching for places. */
const LOCATING = new Set(["geocode", "google_find_place"]);
const PETS = /애견|반려|펫|pet|dog/i;

// what the derived translator_result holds (schemas.ts): a plan's query may be up to 200 characters
// and its review keywords as many as it likes, so the derived fields are cut to fit, with a warning
const { search_keywords: KEYWORDS, review_check_keywords: REVIEWS } = TranslatorResult.shape;
const MAX_KEYWORD = KEYWORDS.element.maxLength ?? 60;
const MAX_KEYWORDS = 12; // TranslatorResult's search_keywords .max(12)
const MAX_REVIEW = REVIEWS.element.maxLength ?? 30;
const MAX_REVIEWS = 10; // TranslatorResult's review_check_keywords .max(10)

/** Review keywords a filter can check: at most ten, each at most 30 characters; the cut one named. */
function reviewKeywords(given: string[] | undefined, warnings: string[]): string[] | undefined {
  if (!given) return undefined;
  const words = [...new Set(given.map((k) => k.trim().slice(0, MAX_REVIEW).trim()).filter(Boolean))];
  if (given.some((k) => k.trim().length > MAX_REVIEW))
    warnings.push(`리뷰 키워드는 ${MAX_REVIEW}자까지만 확인합니다: 더 긴 키워드는 잘라서 확인했습니다`);
  if (words.length > MAX_REVIEWS)
    warnings.push(
      `리뷰 키워드는 ${MAX_REVIEWS}개까지만 확인합니다: ${listWith(words.slice(MAX_REVIEWS), "은/는")} 확인하지 않았습니다`,
    );
  return words.slice(0, MAX_REVIEWS);
}

export function planFromClient(plan: SearchPlan, query = "", now = Date.now()): PlanResponse {
  const warnings: string[] = [];
  const review = reviewKeywords(plan.post_processing.review_keywords, warnings);
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
    // searched as written; the plan's summary (searchParams.keywords) keeps their first 60 characters
    search_keywords: [
      ...new Set(keywords.map((k) => k.trim().slice(0, MAX_KEYWORD).trim()).filter(Boolean)),
    ].slice(0, MAX_KEYWORDS),
    category_codes: codes.slice(0, 6),
    review_check_keywords: review ?? [],
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
    // translator_result holds 8 roles; the travel_plan keeps all the plan gave (the trip uses those)
    trip_roles: (plan.travel_plan?.roles ?? []).slice(0, 8),
    english_keywords: [],
  };
  return {
    ...plan,
    post_processing: {
      ...plan.post_processing,
      ...(review ? { review_keywords: review } : {}),
      ...(disclaimer ? { disclaimer } : {}),
    },
    query,
    translator_result: translator,
    meta: {
      engine: "client",
      confidence: 1,
      llmCalls: 0,
      llmTokens: { input: 0, output: 0 },
      warnings,
      durationMs: Math.max(0, Date.now() - now),
    },
  };
}
