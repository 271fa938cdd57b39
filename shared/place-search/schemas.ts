// The place-search contracts: the Translator's result (the fields 001 shows), the MapSearch plan of 001
// and the response of POST /v1/search/plan. Field names follow the seeds; additions never rename.
import { z } from "zod";
import { KAKAO_CATEGORY_CODES } from "../places/categories.ts";
import { LocationKind } from "../geo/gazetteer.ts";
import { ReadSpan } from "../places/query-terms.ts";

export const MAX_QUERY_LENGTH = 500;

export const Provider = z.enum(["kakao", "google"]);
export type Provider = z.infer<typeof Provider>;

export const StrategyType = z.enum(["radius", "route", "point_travel", "multi_point"]);
export type StrategyType = z.infer<typeof StrategyType>;

export const TravelMode = z.enum(["walking", "driving", "bicycling", "transit"]);
export type TravelMode = z.infer<typeof TravelMode>;

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

/**
 * When the places must be open: now, around the clock, in the small hours (dawn, 03:00), late in the
 * evening (late, 23:00: "늦게까지 하는"), or on a day / at a time.
 */
export const OpenAt = z.object({
  kind: z.enum(["now", "24h", "dawn", "late", "at"]),
  /** 0 = Sunday … 6 = Saturday */
  weekday: z.number().int().min(0).max(6).optional(),
  holiday: z.boolean().optional(),
  /** 0 today, 1 tomorrow, 2 the day after */
  day_offset: z.number().int().min(0).max(7).optional(),
  /** local time "HH:MM" */
  time: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .optional(),
});
export type OpenAt = z.infer<typeof OpenAt>;

/** Conditions on the places that are not search words: checked where the provider has the data. */
export const Conditions = z.object({
  open_at: OpenAt.nullable(),
  sort_by: z.enum(["rating"]).nullable(),
  /** price ceiling per person, KRW */
  max_price: z.number().int().positive().nullable(),
  /** places to leave out: "프랜차이즈" (chains) or a name as written */
  exclude: z.array(z.string().min(1).max(30)).max(6),
});
export type Conditions = z.infer<typeof Conditions>;

export const DetailKind = z.enum(["summary", "reviews", "details", "hours"]);
export type DetailKind = z.infer<typeof DetailKind>;

export const DetailRequest = z.object({
  kind: DetailKind,
  place: z.string().min(1).max(60).nullable(),
});
export type DetailRequest = z.infer<typeof DetailRequest>;

/** A point the client sends: the user's position for "near me". */
export const LatLngInput = z
  .object({
    lat: z.number({ error: "숫자여야 합니다" }).min(-90).max(90),
    lng: z.number({ error: "숫자여야 합니다" }).min(-180).max(180),
  })
  .strict();
export type LatLngInput = z.infer<typeof LatLngInput>;

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
  /** conditions read out of the query (issue 12); absent in plans made before them */
  conditions: Conditions.optional(),
  /**
   * What the user asks to know about a place (000's 사용 시점): a review summary, the reviews, basic
   * information, or the hours; `place` names the one place asked about, null for the places found.
   */
  detail_request: DetailRequest.nullable().optional(),
  /**
   * The query is about the caller's own position ("여기", "내 주변", "회사 근처", "걸어서 5분" with no
   * place): the request's location is the centre, and without one the answer asks where.
   */
  around_user: z.boolean().optional(),
  /**
   * A place named with a wider area it does not lie in ("부산 강남역"): the area, the place, and where
   * places of that name are. The answer says so and asks, instead of searching somewhere else.
   */
  area_mismatch: z
    .object({
      area: z.string().max(60),
      place: z.string().max(60),
      elsewhere: z.array(z.string().max(80)).max(5),
    })
    .nullable()
    .optional()
    .describe(
      "A place named with a wider area it does not lie in (부산 강남역): the area, the place, where places of that name are; the plan asks instead of searching elsewhere (emptyReason not_in_area)",
    ),
  /**
   * A word written where a place goes ("가디 국밥", "pasta near Zorba") that nothing here locates, with no
   * other place named: the answer asks which place is meant instead of searching the whole country.
   */
  unknown_place: z
    .string()
    .max(60)
    .nullable()
    .optional()
    .describe(
      "A word written as the place (before the kind, or after near/in) that no place table knows, and no other place named: the plan asks which place is meant (emptyReason needs_location)",
    ),
  /** occasions, weather and activities read in the query, each with the kinds of place it asks for */
  wishes: z
    .array(z.object({ name: z.string().max(40), kinds: z.array(z.string().max(40)).max(8) }))
    .max(4)
    .optional(),
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
  /** keep places open then (Google's openNow / hours; Kakao has no hours: a warning points to placeUrl) */
  open_at: OpenAt.optional(),
  /** price ceiling per person, KRW, where the data has prices */
  max_price: z.number().int().positive().optional(),
  /** leave out chains ("프랜차이즈": Kakao's brand level in categoryName) and places with these names */
  exclude: z.array(z.string()).optional(),
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

/**
 * A plan as the seeds write one: 000's input is a bare `search_plan`, and 001's examples leave out
 * `provider` (000: 미명시 → kakao), `strategy_type`, `post_processing` or a travel_plan's `nights`.
 * `withSeedDefaults` (seed-defaults.ts) turns it into a SearchPlan.
 */
export const SeedPlan = SearchPlan.extend({
  strategy_type: StrategyType.optional(),
  provider: Provider.optional(),
  post_processing: PostProcessing.optional(),
  travel_plan: TravelPlan.extend({ nights: TravelPlan.shape.nights.optional() }).optional(),
});
export type SeedPlan = z.infer<typeof SeedPlan>;

const QueryText = z
  .string({ error: "문자열이어야 합니다" })
  .trim()
  .min(1, "비어 있으면 안 됩니다")
  .max(MAX_QUERY_LENGTH, `최대 ${MAX_QUERY_LENGTH}자입니다`);

export const PlanRequest = z.object({
  query: QueryText,
  /** the user's position: "근처 카페" searches around it */
  location: LatLngInput.optional(),
});
export type PlanRequest = z.infer<typeof PlanRequest>;

/** The longest continuation token accepted (a plan, compressed). */
export const MAX_CURSOR_LENGTH = 16_000;

/** POST /v1/search: a query (and the user's position), or the `cursor` of an earlier answer's next page. */
export const PlaceSearchRequest = z
  .object({
    query: QueryText.optional(),
    location: LatLngInput.optional(),
    cursor: z
      .string({ error: "문자열이어야 합니다" })
      .min(1, "비어 있으면 안 됩니다")
      .max(MAX_CURSOR_LENGTH, "이 API가 준 cursor가 아닙니다")
      .optional(),
  })
  .refine((r) => r.query !== undefined || r.cursor !== undefined, {
    path: ["query"],
    message: "필수 항목입니다 (또는 meta.page.next의 cursor)",
  });
export type PlaceSearchRequest = z.infer<typeof PlaceSearchRequest>;

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
  /** the plan cannot search yet: what the user is asked ("근처 카페" with no place and no position) */
  question: z.string().optional(),
  /** content words of the query nothing read (each named in a warning; the plan is below the LLM threshold) */
  unread: z.array(z.string()).optional(),
  /** every word of the query with what the rules read it as */
  reading: z.array(ReadSpan).optional(),
});
export type PlanMeta = z.infer<typeof PlanMeta>;

export const PlanResponse = SearchPlan.extend({
  /** empty only when the plan asks a question instead (meta.question) */
  search_plan: z.array(SearchStep).max(30),
  query: z.string(),
  translator_result: TranslatorResult,
  /** the user's position the request carried ("near me") */
  user_location: LatLngInput.optional(),
  meta: PlanMeta,
});
export type PlanResponse = z.infer<typeof PlanResponse>;

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});
