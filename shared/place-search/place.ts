// Seed 000's normalized Place and AgentResponse, field for field; our additions are extra fields.
import { z } from "zod";

export const Place = z.object({
  id: z.string(),
  provider: z.enum(["kakao", "google", "embedded"]),
  displayName: z.string(),
  formattedAddress: z.string(),
  roadAddress: z.string().nullable(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  lat: z.number(),
  lng: z.number(),
  categoryCode: z.string().nullable(),
  categoryName: z.string(),
  categoryGroupName: z.string().nullable(),
  detailCategory: z.string().nullable(),
  phone: z.string().nullable(),
  placeUrl: z.string(),
  /** metres from the search centre; null when the provider gave none */
  distance: z.number().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().nullable(),
  openNow: z.boolean().nullable(),
  photoUrl: z.string().nullable(),
  // --- additions ---
  /** Korean category label (000's Google example: "음식점") */
  category: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  suitability: z.array(z.string()).optional(),
  disclaimer: z.string().optional(),
  /** the keyword whose search found it (000: 출처 표시) */
  keyword: z.string().optional(),
  tripRole: z.string().optional(),
  dayGroup: z.number().int().optional(),
  areaGroup: z.string().optional(),
  travelDistance: z.number().optional(),
  travelDuration: z.number().optional(),
  travelMode: z.string().optional(),
  distanceFromStart: z.number().optional(),
  segment: z.number().int().optional(),
  reviewMatches: z.array(z.string()).optional(),
  /** review texts (Google details), the evidence review filters check */
  reviewSnippets: z.array(z.string()).optional(),
  /** true for the embedded demo data, which is generated, not real */
  synthetic: z.boolean().optional(),
});
export type Place = z.infer<typeof Place>;

export const SearchParams = z.object({
  location: z.object({ name: z.string(), lat: z.number(), lng: z.number() }).nullable(),
  radius: z.number().nullable(),
  keywords: z.array(z.string()),
  categoryCode: z.string().nullable(),
  sort: z.string(),
});

export const ResponseMeta = z.object({
  apiCalls: z.number().int(),
  strategyUsed: z.string(),
  duplicatesRemoved: z.number().int(),
  keywordsSearched: z.array(z.string()),
  provider: z.string(),
  warnings: z.array(z.string()),
  engine: z.string(),
  llmCalls: z.number().int(),
  llmTokens: z.object({ input: z.number().int(), output: z.number().int() }),
  /** where the places came from: kakao, google, embedded-demo (synthetic), embedded-registry (imported) */
  dataSource: z.string(),
  synthetic: z.boolean(),
  durationMs: z.number(),
});
export type ResponseMeta = z.infer<typeof ResponseMeta>;

export const DayPlan = z.object({ day: z.number().int(), places: z.array(z.string()) });

export const AgentResponse = z.object({
  query: z.string(),
  searchParams: SearchParams,
  places: z.array(Place),
  totalCount: z.number().int(),
  meta: ResponseMeta,
  // --- additions ---
  disclaimer: z.string().optional(),
  /** trips: the order of place ids per day after optimize_route_per_day */
  itinerary: z.array(DayPlan).optional(),
  /** route searches: place ids per segment of the route (group_by_segment) */
  segments: z.array(z.object({ segment: z.number().int(), places: z.array(z.string()) })).optional(),
});
export type AgentResponse = z.infer<typeof AgentResponse>;

/** "음식점 > 카페 > 커피전문점" → "커피전문점" (000: 마지막 > 이후). */
export const detailOf = (categoryName: string): string | null =>
  categoryName.split(">").at(-1)?.trim() || null;
