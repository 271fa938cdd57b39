// Seed 000's normalized Place and AgentResponse, field for field; our additions are extra fields.
import { z } from "zod";
import { ReadSpan } from "./query-terms.ts";

const Review = z.object({
  author: z.string(),
  rating: z.number().nullable(),
  text: z.string(),
  time: z.string().nullable(),
});

/** 000's review_summary (google_summarize). */
export const ReviewSummary = z.object({
  total_analyzed: z.number().int(),
  average_rating: z.number().nullable(),
  highlights: z.array(z.string()),
  concerns: z.array(z.string()),
  keywords: z.array(z.string()),
  sample_reviews: z.array(Review),
  summary_text: z.string(),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/**
 * What Google told about a place (google_details / _check_open / _reviews / _summarize / _enrich). On a
 * Kakao place it is where Google's rating and hours go, since 000's Kakao rating/openNow stay null.
 */
export const GoogleInfo = z.object({
  placeId: z.string(),
  /** the place's own Google id, or a Google place with a similar name within 150 m */
  matchedBy: z.enum(["id", "name_location"]),
  name: z.string(),
  url: z.string().nullable(),
  phone: z.string().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().nullable(),
  openNow: z.boolean().nullable(),
  openingHours: z.object({ open_now: z.boolean().nullable(), weekday_text: z.array(z.string()) }),
  /** local "HH:MM" the current opening period ends; null when closed or unknown */
  closesAt: z.string().nullable(),
  minutesUntilClose: z.number().int().nullable(),
  /** closes within the hour */
  closingSoon: z.boolean(),
  editorialSummary: z.string().nullable(),
  reviewSummary: ReviewSummary.nullable().optional(),
  reviews: z.array(Review).optional(),
});
export type GoogleInfo = z.infer<typeof GoogleInfo>;

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
  /** average price per person in won, where the data has one (the embedded demo data): a price ceiling filters by it */
  avgPrice: z.number().nonnegative().optional(),
  /** metres from the search centre where the provider gives no `distance` (000: Google's is null) */
  distanceFromCenter: z.number().optional(),
  /** Google's details for this place (on a Kakao place: a Google place matched by name and location) */
  google: GoogleInfo.optional(),
  /** what reverse_geocode said about this place's coordinates */
  reverseGeocode: z
    .object({
      address: z.string().nullable(),
      roadAddress: z.string().nullable(),
      region: z.string().nullable(),
    })
    .optional(),
});
export type Place = z.infer<typeof Place>;

export const SearchParams = z.object({
  location: z
    .object({
      name: z.string(),
      lat: z.number(),
      lng: z.number(),
      /** what reverse_geocode said about the centre */
      address: z.string().nullable().optional(),
    })
    .nullable(),
  radius: z.number().nullable(),
  keywords: z.array(z.string()),
  categoryCode: z.string().nullable(),
  /** the sort the provider's API was asked for (000: Kakao's accuracy | distance; Google's relevance) */
  sort: z.string(),
  /** how the answer is ordered (post_processing.sort_by) */
  sortBy: z.string().nullable().optional(),
});

/** What the query was read as, for a client to show ("강남역 반경 1km · 카페"). */
export const Interpretation = z.object({
  text: z.string(),
  anchors: z.array(
    z.object({
      name: z.string(),
      /** center, origin, destination, midpoint, the user's position, or the place asked about */
      role: z.enum(["center", "origin", "destination", "midpoint", "user", "target"]),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      /** what was geocoded, when it differs from the name */
      query: z.string().optional(),
    }),
  ),
  keywords: z.array(z.string()),
  strategy: z.string(),
  radius: z.number().nullable(),
  conditions: z.array(z.string()),
  /** words read as another ("합점역" → 합정역) */
  corrections: z.array(z.object({ from: z.string(), to: z.string() })),
  /** what the user asked to know about the places (000's 사용 시점) */
  detail: z.string().nullable(),
  /** the answer needs something from the user first */
  question: z.string().optional(),
  /** content words of the query nothing read: left out of the search, or searched as written */
  unread: z.array(z.string()).optional(),
  /** every word of the query with what it was read as */
  reading: z.array(ReadSpan).optional(),
});
export type Interpretation = z.infer<typeof Interpretation>;

export const ResponseMeta = z.object({
  apiCalls: z.number().int(),
  /** provider calls that failed (each is retried once; a failure that persists is also a warning) */
  providerFailures: z.number().int().optional(),
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
  interpretation: Interpretation.optional(),
  /** why an answer has no places (000: 검색 결과 없음) */
  emptyReason: z
    .object({
      code: z.enum([
        "needs_location",
        "not_in_area",
        "provider_unavailable",
        "search_failed",
        "filtered_out",
        "no_data_in_region",
        "nothing_found",
        "past_last_page",
      ]),
      message: z.string(),
    })
    .optional(),
  /** 000: 반경 확대 또는 키워드 변경 제안 */
  suggestion: z.string().optional(),
  /** this page of the answer; `next` is the cursor of the one after (POST /v1/search {cursor}) */
  page: z
    .object({ number: z.number().int(), size: z.number().int(), next: z.string().nullable() })
    .optional(),
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
  /**
   * The answer's first sentence, in Korean: what was found where, or plainly that the kind asked for
   * was not found (or only a few were) and that near kinds follow apart
   */
  summary: z
    .string()
    .optional()
    .describe(
      "The answer's first sentence, in Korean: what was found where, or plainly that the kind asked for was not found (or only a few were) and that near kinds follow in `alternatives`",
    ),
  /**
   * Places of a near kind, offered when too few of the asked kind were found: apart from `places`, not
   * counted in `totalCount` (a 칵테일바 or 술집 for a 와인바 asked for)
   */
  alternatives: z
    .object({
      kinds: z.array(z.string()).describe("the near kinds offered, as Korean category names"),
      places: z.array(Place),
    })
    .optional()
    .describe(
      "Places of a near kind (the parent kind, or a sibling among foods and drinks), offered when fewer than 3 of the asked kind were found: not in `places`, not counted in `totalCount`",
    ),
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

/** A photo is served by this API (/v1/place-photos/…, the key stays server-side): the URL made absolute. */
export function absolutePhotoUrls(r: AgentResponse, origin: string): AgentResponse {
  if (!r.places.some((p) => p.photoUrl?.startsWith("/"))) return r;
  return {
    ...r,
    places: r.places.map((p) =>
      p.photoUrl?.startsWith("/") ? { ...p, photoUrl: `${origin}${p.photoUrl}` } : p,
    ),
  };
}
