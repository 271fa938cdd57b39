// The building blocks of the actions' parameter schemas (seed 000), and how an action is declared: its
// parameters (zod), the fields its result has (what a later step may reference) and what it runs.
import { z } from "zod";
import { KAKAO_CATEGORY_CODES } from "../../places/categories.ts";
import { Place } from "../../places/place.ts";
import type { ActionOutcome, ExecContext } from "./context.ts";

/** `${step3.decodedPoints}`: a whole parameter value taken from an earlier step's result. */
export const REF_PATTERN = /^\$\{step(\d+)\.([A-Za-z_]\w*)\}$/;
export const ref = z.string().regex(REF_PATTERN, "${stepN.field} 참조여야 합니다");

// coordinates are range-checked where they enter: a latitude of 1e15 must never reach a provider or
// the embedded index
export const lat = z.union([z.number().min(-90).max(90), ref]);
export const lng = z.union([z.number().min(-180).max(180), ref]);
export const latLng = z.object({ lat, lng }).strict();
export const code = z.enum(KAKAO_CATEGORY_CODES);
export const text = z.string().trim().min(1).max(200);
export const kakaoRadius = z.union([z.number().int().min(0).max(20_000), ref]);
export const size = z.number().int().min(1).max(45);
export const tripRole = z.string().min(1).max(20);
export const placeId = z.union([text, ref]);
// an earlier step's places (checked again once substituted: 10 keywords × 45 places fit). A place a
// plan writes out is a whole Place (what the answer's places are): one with only an id is refused by
// the plan check, not by the answer's schema after the search ran (issue 26)
export const placesInput = z.union([ref, z.array(Place.loose()).max(1000)], {
  error:
    "${stepN.places} 참조이거나 완전한 장소 목록이어야 합니다 (id, provider, displayName, formattedAddress, lat, lng …)",
});
export const travelMode = z.enum(["walking", "driving", "bicycling", "transit"]);
export const point = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** Kakao's area parameters: x = longitude, y = latitude, radius ≤ 20 km, size ≤ 45 (15 × 3 pages). */
export const kakaoArea = {
  x: lng.optional(),
  y: lat.optional(),
  radius: kakaoRadius.optional(),
  size: size.optional(),
};
/** category searches need a centre: Kakao's category endpoint has no query to search by */
export const kakaoCircle = { ...kakaoArea, x: lng, y: lat };

export const searchOutput = ["places", "totalCount"] as const;
export const pointOutput = ["x", "y", "lat", "lng", "name", "address", "id"] as const;
export const routeOutput = [
  "decodedPoints",
  "encodedPolyline",
  "distanceMeters",
  "duration",
  "durationSeconds",
  "routeSource",
] as const;

export interface ActionDef<S extends z.ZodType = z.ZodType> {
  params: S;
  /** the fields of its result (what `${stepN.field}` may name) */
  output: readonly string[];
  /** params as checked by `params`, with every reference substituted by the value it names */
  run(params: z.infer<S>, ctx: ExecContext, step: number): Promise<ActionOutcome>;
}

export const defineAction = <S extends z.ZodType>(def: ActionDef<S>): ActionDef<S> => def;
