// distance_filter (000): real travel distances (Google Route Matrix) filter the places to the
// threshold; without them, straight-line (haversine) distances do, with the detour caveat.
import { z } from "zod";
import { haversine } from "../../geo/haversine.ts";
import { HaversineDistances } from "../../providers/embedded/index.ts";
import type { Place } from "../../places/place.ts";
import { result, toLatLng, warn } from "./context.ts";
import { defineAction, latLng, placesInput, travelMode } from "./params.ts";
import { NO_TRAVEL_PROVIDER, travelFailed } from "../warnings.ts";

export const distanceActions = {
  distance_filter: defineAction({
    params: z
      .object({
        origin: latLng,
        places: placesInput,
        threshold: z.number().int().positive().max(200_000),
        mode: travelMode,
      })
      .strict(),
    output: ["success", "places", "totalCount", "filteredOut", "meta"],
    run: async (p, ctx) => {
      const places = (Array.isArray(p.places) ? p.places : []) as unknown as Place[];
      const origin = toLatLng(p.origin);
      const callsBefore = ctx.counter.apiCalls;
      let estimates;
      try {
        estimates = await ctx.deps.travel.distances(ctx.counter, origin, places, p.mode);
        // haversine is the straight line itself: no provider of travel distances is configured
        if (ctx.deps.travel.name === "haversine") warn(ctx, NO_TRAVEL_PROVIDER);
      } catch (err) {
        warn(ctx, travelFailed(err));
        estimates = await new HaversineDistances().distances(ctx.counter, origin, places);
      }
      const kept: Place[] = [];
      places.forEach((place, i) => {
        const e = estimates[i] ?? { distance: Math.round(haversine(origin, place)), duration: null };
        if (e.distance <= p.threshold)
          kept.push({
            ...place,
            travelDistance: e.distance,
            ...(e.duration !== null ? { travelDuration: e.duration } : {}),
            travelMode: p.mode,
          });
      });
      // 000's return: success, the places kept, how many were filtered out, and meta
      return result({
        success: true,
        places: kept,
        totalCount: kept.length,
        filteredOut: places.length - kept.length,
        meta: { apiCalls: ctx.counter.apiCalls - callsBefore, threshold: p.threshold, mode: p.mode },
      });
    },
  }),
};
