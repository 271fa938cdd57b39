// The APIPicker action allow-list (seed 000): each action's parameters and the fields its result has,
// so a plan (ours or an LLM's) is checked before anything runs.
import { z } from "zod";
import { KAKAO_CATEGORY_CODES } from "./categories.ts";

/** `${step3.decodedPoints}`: a whole parameter value taken from an earlier step's result. */
export const REF_PATTERN = /^\$\{step(\d+)\.([A-Za-z_]\w*)\}$/;
const ref = z.string().regex(REF_PATTERN, "must be a ${stepN.field} reference");

const coord = z.union([z.number().finite(), ref]);
const latLng = z.object({ lat: coord, lng: coord }).strict();
const code = z.enum(KAKAO_CATEGORY_CODES);
const text = z.string().trim().min(1).max(200);
const kakaoRadius = z.union([z.number().int().min(0).max(20_000), ref]);
const size = z.number().int().min(1).max(45);
const tripRole = z.string().min(1).max(20);
const placeId = z.union([text, ref]);
const placesInput = z.union([ref, z.array(z.record(z.string(), z.unknown())).max(200)]);
const travelMode = z.enum(["walking", "driving", "bicycling", "transit"]);

const searchOutput = ["places", "totalCount"] as const;
const pointOutput = ["x", "y", "lat", "lng", "name", "address", "id"] as const;
const routeOutput = ["decodedPoints", "encodedPolyline", "distanceMeters", "duration"] as const;
const detailOutput = ["place", "id", "openNow", "rating", "reviews", "review_summary"] as const;

const kakaoArea = {
  x: coord.optional(),
  y: coord.optional(),
  radius: kakaoRadius.optional(),
  size: size.optional(),
};
/** category searches need a centre: Kakao's category endpoint has no query to search by */
const kakaoCircle = { ...kakaoArea, x: coord, y: coord };

export const ACTIONS = {
  geocode: { params: z.object({ query: text }).strict(), output: pointOutput },
  reverse_geocode: {
    params: z.object({ x: coord, y: coord }).strict(),
    output: ["address", "roadAddress", "region"],
  },
  keyword_search: {
    params: z
      .object({
        query: text,
        ...kakaoArea,
        sort: z.enum(["accuracy", "distance"]).optional(),
        category_group_code: code.optional(),
        tripRole: tripRole.optional(),
      })
      .strict(),
    output: searchOutput,
  },
  category_search: {
    params: z
      .object({
        category: code,
        ...kakaoCircle,
        tripRole: tripRole.optional(),
      })
      .strict(),
    output: searchOutput,
  },
  multi_keyword_search: {
    params: z
      .object({ queries: z.array(text).min(1).max(10), ...kakaoArea, tripRole: tripRole.optional() })
      .strict(),
    output: [...searchOutput, "keywordsSearched"],
  },
  multi_category_search: {
    params: z
      .object({
        categories: z.array(code).min(1).max(6),
        queries: z.array(text).max(10).optional(),
        ...kakaoCircle,
        tripRole: tripRole.optional(),
      })
      .strict(),
    output: searchOutput,
  },
  route_polyline: {
    params: z
      .object({
        origin: latLng,
        destination: latLng,
        mode: z.enum(["DRIVE", "WALK", "BICYCLE", "TRANSIT"]).optional(),
        provider: z.enum(["kakao", "google"]).optional(),
        priority: z.enum(["RECOMMEND", "TIME", "DISTANCE"]).optional(),
        avoid: z
          .string()
          .regex(/^(ferries|toll|motorway|schoolzone|uturn)(\|(ferries|toll|motorway|schoolzone|uturn))*$/)
          .optional(),
      })
      .strict(),
    output: routeOutput,
  },
  segment_route: {
    params: z
      .object({
        origin: latLng,
        destination: latLng,
        interval: z.number().int().min(100).max(50_000).optional(),
      })
      .strict(),
    output: routeOutput,
  },
  sample_and_search: {
    params: z
      .object({
        polyline: z.union([ref, z.array(z.object({ lat: z.number(), lng: z.number() })).min(2)]),
        queries: z.array(text).min(1).max(10),
        searchRadius: z.number().int().min(100).max(20_000),
        maxPoints: z.number().int().min(2).max(50).optional(),
        totalDistance: z.union([z.number().positive(), ref]).optional(),
      })
      .strict(),
    output: [...searchOutput, "samplePoints"],
  },
  distance_filter: {
    params: z
      .object({
        origin: latLng,
        places: placesInput,
        threshold: z.number().int().positive().max(200_000),
        mode: travelMode,
      })
      .strict(),
    output: ["places", "filteredOut"],
  },
  google_find_place: {
    params: z.object({ query: text, lat: coord.optional(), lng: coord.optional() }).strict(),
    output: pointOutput,
  },
  google_text_search: {
    params: z
      .object({
        query: text,
        lat: coord.optional(),
        lng: coord.optional(),
        radius: z.union([z.number().int().min(1).max(50_000), ref]).optional(),
        size: z.number().int().min(1).max(20).optional(),
        tripRole: tripRole.optional(),
      })
      .strict(),
    output: searchOutput,
  },
  google_check_open: { params: z.object({ place_id: placeId }).strict(), output: detailOutput },
  google_details: { params: z.object({ place_id: placeId }).strict(), output: detailOutput },
  google_reviews: { params: z.object({ place_id: placeId }).strict(), output: detailOutput },
  google_summarize: { params: z.object({ place_id: placeId }).strict(), output: detailOutput },
  google_enrich: { params: z.object({ places: placesInput }).strict(), output: searchOutput },
  google_search_along_route: {
    params: z.object({ query: text, polyline: z.union([text, ref]), origin: latLng.optional() }).strict(),
    output: searchOutput,
  },
} as const satisfies Record<string, { params: z.ZodType; output: readonly string[] }>;

export type ActionName = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];
export const isActionName = (s: string): s is ActionName => Object.hasOwn(ACTIONS, s);
