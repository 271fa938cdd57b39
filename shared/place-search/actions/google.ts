// Google Places (New) actions (000's google provider): find, text search, search along route, and the
// detail family (check_open / details / reviews / summarize) and enrichment. Without a Google key they
// answer what the built-in data can (a gazetteer location, no places) with a warning.
import { z } from "zod";
import { embeddedGeocode } from "../../providers/embedded/index.ts";
import type { GooglePlacesPort } from "../../providers/port.ts";
import type { ExecDeps } from "../../providers/exec-deps.ts";
import {
  DETAIL_OUTPUT,
  detailResult,
  googleInfoOf,
  sameVenue,
  withGoogleInfo,
  type DetailAction,
} from "../google-info.ts";
import type { Place } from "../../places/place.ts";
import {
  GOOGLE_ENRICH_OFFLINE,
  GOOGLE_OFFLINE,
  pointResult,
  result,
  searched,
  tag,
  toLatLng,
  warn,
  type ExecContext,
} from "./context.ts";
import {
  defineAction,
  lat,
  latLng,
  lng,
  placeId,
  placesInput,
  pointOutput,
  ref,
  searchOutput,
  text,
  tripRole,
} from "./params.ts";
import { googleDetailsFailed, notLocated } from "../warnings.ts";

const googleOr = async <T>(
  ctx: ExecContext,
  use: (g: NonNullable<ExecDeps["google"]>) => Promise<T>,
  offline: T,
): Promise<T> => {
  if (ctx.deps.google) return use(ctx.deps.google);
  warn(ctx, GOOGLE_OFFLINE);
  return offline;
};

const detail = (kind: DetailAction) =>
  defineAction({
    params: z.object({ place_id: placeId }).strict(),
    output: DETAIL_OUTPUT,
    run: async (p, ctx) => {
      if (!ctx.deps.google) throw new Error(GOOGLE_OFFLINE);
      const d = await ctx.deps.google.details(ctx.counter, String(p.place_id));
      return result(detailResult(kind, d, Date.now()));
    },
  });

/** Places google_enrich looks up unless told otherwise (a Kakao place costs a find and a details call). */
const ENRICH_LIMIT = 10;

/**
 * Google's details for one place: its own for a Google place; for a Kakao (or embedded) place, the Google
 * place of a similar name within 150 m, or nothing.
 */
async function googleInfoFor(ctx: ExecContext, google: GooglePlacesPort, place: Place) {
  if (place.provider === "google")
    return googleInfoOf(
      detailResult("google_summarize", await google.details(ctx.counter, place.id), Date.now()),
      "id",
    );
  const found = await google.findPlace(ctx.counter, place.displayName, { lat: place.lat, lng: place.lng });
  if (!found?.id || !sameVenue({ displayName: found.name, lat: found.lat, lng: found.lng }, place))
    return null;
  const d = await google.details(ctx.counter, found.id);
  return googleInfoOf(detailResult("google_summarize", d, Date.now()), "name_location");
}

export const googleActions = {
  google_find_place: defineAction({
    params: z.object({ query: text, lat: lat.optional(), lng: lng.optional() }).strict(),
    output: pointOutput,
    run: async (p, ctx) => {
      const near =
        p.lat !== undefined && p.lng !== undefined ? toLatLng({ lat: p.lat, lng: p.lng }) : undefined;
      const g = await googleOr(ctx, (g) => g.findPlace(ctx.counter, p.query, near), embeddedGeocode(p.query));
      if (!g) throw new Error(notLocated(p.query));
      return result(pointResult(g));
    },
  }),
  google_text_search: defineAction({
    params: z
      .object({
        query: text,
        lat: lat.optional(),
        lng: lng.optional(),
        radius: z.union([z.number().int().min(1).max(50_000), ref]).optional(),
        size: z.number().int().min(1).max(20).optional(),
        tripRole: tripRole.optional(),
      })
      .strict(),
    output: searchOutput,
    run: async (p, ctx) => {
      searched(ctx, p.query);
      const near =
        p.lat !== undefined && p.lng !== undefined ? toLatLng({ lat: p.lat, lng: p.lng }) : undefined;
      const radius = p.radius === undefined ? undefined : Number(p.radius);
      const places = await googleOr(
        ctx,
        (g) => g.textSearch(ctx.counter, p.query, { near, radius, size: p.size }),
        [] as Place[],
      );
      return result({
        places: tag(places, { keyword: p.query, ...(p.tripRole ? { tripRole: p.tripRole } : {}) }),
        totalCount: places.length,
      });
    },
  }),
  google_search_along_route: defineAction({
    params: z
      .object({
        query: text,
        // an encoded polyline: a long road is tens of thousands of characters
        polyline: z.union([ref, z.string().min(1).max(1_000_000)]),
        origin: latLng.optional(),
      })
      .strict(),
    output: searchOutput,
    run: async (p, ctx) => {
      searched(ctx, p.query);
      const origin = p.origin ? toLatLng(p.origin) : undefined;
      const places = await googleOr(
        ctx,
        (g) => g.searchAlongRoute(ctx.counter, p.query, String(p.polyline), origin),
        [] as Place[],
      );
      return result({ places: tag(places, { keyword: p.query }), totalCount: places.length });
    },
  }),
  google_check_open: detail("google_check_open"),
  google_details: detail("google_details"),
  google_reviews: detail("google_reviews"),
  google_summarize: detail("google_summarize"),
  google_enrich: defineAction({
    // 000: Google's rating, hours and reviews for places found elsewhere; on a Kakao place they go in
    // its `google` object (000 keeps Kakao's rating and openNow null)
    params: z.object({ places: placesInput, limit: z.number().int().min(1).max(20).optional() }).strict(),
    output: searchOutput,
    run: async (p, ctx) => {
      const places = (Array.isArray(p.places) ? p.places : []) as unknown as Place[];
      const google = ctx.deps.google;
      if (!google) {
        warn(ctx, GOOGLE_ENRICH_OFFLINE);
        return result({ places, totalCount: places.length });
      }
      const limit = p.limit ?? ENRICH_LIMIT;
      let failed = 0;
      const enriched = await ctx.deps.mapLimit([...places.entries()], async ([i, place]) => {
        if (i >= limit) return place;
        const info = await googleInfoFor(ctx, google, place).catch(() => {
          failed++;
          return null;
        });
        return info ? withGoogleInfo(place, info) : place;
      });
      if (failed) warn(ctx, googleDetailsFailed(failed));
      return result({ places: enriched, totalCount: enriched.length });
    },
  }),
};
