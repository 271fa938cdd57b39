// The place-search contracts: the Translator's result (the fields 001 shows), the MapSearch plan of 001
// and the response of POST /v1/search/plan. Field names follow the seeds; additions never rename.
import { z } from "zod";
import { KAKAO_CATEGORY_CODES } from "./categories.ts";

export const MAX_QUERY_LENGTH = 500;

export const Provider = z.enum(["kakao", "google"]);
export type Provider = z.infer<typeof Provider>;

export const StrategyType = z.enum(["radius", "route", "point_travel", "multi_point"]);
export type StrategyType = z.infer<typeof StrategyType>;

export const TravelMode = z.enum(["walking", "driving", "bicycling", "transit"]);
export type TravelMode = z.infer<typeof TravelMode>;

export const LocationKind = z.enum([
  "station",
  "dong",
  "gu",
  "city",
  "province",
  "landmark",
  "foreign",
  "unresolved",
]);
export type LocationKind = z.infer<typeof LocationKind>;

export const TranslatedLocation = z.object({
  /** the phrase as the user wrote it */
  name: z.string().min(1),
  /** what the plan geocodes (a station gets its 역, a foreign place its English name) */
  query: z.string().min(1),
  role: z.enum(["center", "origin", "destination"]),
  kind: LocationKind,
  country: z.string().length(2).describe("ISO 3166-1 alpha-2; KR for Korea"),
});
export type TranslatedLocation = z.infer<typeof TranslatedLocation>;

export const TranslatorResult = z.object({
  search_keywords: z.array(z.string().min(1).max(60)).max(12),
  category_codes: z.array(z.enum(KAKAO_CATEGORY_CODES)).max(6),
  review_check_keywords: z.array(z.string().min(1).max(30)).max(10),
  distanceMode: StrategyType,
  distanceThreshold: z.number().int().positive().max(200_000).nullable(),
  travelMode: TravelMode.nullable(),
  requires_distance_filter: z.boolean(),
  /** an explicit radius the user asked for ("반경 3km"), in metres */
  radius: z.number().int().positive().max(50_000).nullable(),
  provider: Provider,
  tags: z.object({ pets: z.boolean(), activities: z.array(z.string().min(1)).max(6) }),
  locations: z.array(TranslatedLocation).max(4),
  days: z.number().int().min(1).max(30).nullable(),
  nights: z.number().int().min(0).max(29).nullable(),
  trip_roles: z.array(z.string().min(1)).max(8),
  /** the same search in English, for Google text search abroad */
  english_keywords: z.array(z.string().min(1).max(60)).max(12),
});
export type TranslatorResult = z.infer<typeof TranslatorResult>;

export const SearchStep = z.object({
  step: z.number().int().positive(),
  action: z.string().min(1),
  description: z.string().optional(),
  params: z.record(z.string(), z.unknown()),
});
export type SearchStep = z.infer<typeof SearchStep>;

export const SortBy = z.enum(["distance", "distance_from_start", "travelDistance", "relevance", "rating"]);

export const PostProcessing = z.object({
  deduplicate: z.boolean().optional(),
  sort_by: SortBy.optional(),
  max_results: z.number().int().positive().max(100).optional(),
  group_by_segment: z.boolean().optional(),
  filter_by_review: z.boolean().optional(),
  review_keywords: z.array(z.string()).optional(),
  group_by_day: z.boolean().optional(),
  assign_trip_roles: z.boolean().optional(),
  optimize_route_per_day: z.boolean().optional(),
  max_per_day: z.number().int().positive().max(20).optional(),
  disclaimer: z.string().optional(),
});
export type PostProcessing = z.infer<typeof PostProcessing>;

export const TravelPlan = z.object({
  destination: z.string().min(1),
  days: z.number().int().min(1).max(30),
  nights: z.number().int().min(0).max(29),
  roles: z.array(z.string().min(1)).min(1),
});
export type TravelPlan = z.infer<typeof TravelPlan>;

export const SearchPlan = z.object({
  strategy_type: StrategyType,
  provider: Provider,
  search_plan: z.array(SearchStep).min(1).max(30),
  post_processing: PostProcessing,
  travel_plan: TravelPlan.optional(),
});
export type SearchPlan = z.infer<typeof SearchPlan>;

export const PlanRequest = z.object({
  query: z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`),
});
export type PlanRequest = z.infer<typeof PlanRequest>;

export const LlmUsage = z.object({
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
});
export type LlmUsage = z.infer<typeof LlmUsage>;

export const PlanMeta = z.object({
  /** who made the plan: the rules, the LLM, the rules after an LLM failure, or the API's caller */
  engine: z.enum(["rules", "llm", "rules-fallback", "client"]),
  confidence: z.number().min(0).max(1),
  llmCalls: z.number().int(),
  llmTokens: z.object({ input: z.number().int(), output: z.number().int() }),
  warnings: z.array(z.string()),
  durationMs: z.number(),
  /** answered from the plan cache (rules-engine plans only) */
  cache: z.enum(["hit", "miss"]).optional(),
});
export type PlanMeta = z.infer<typeof PlanMeta>;

export const PlanResponse = SearchPlan.extend({
  query: z.string(),
  translator_result: TranslatorResult,
  meta: PlanMeta,
});
export type PlanResponse = z.infer<typeof PlanResponse>;

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});
