// midpoint (an addition to 000's actions): the point halfway between places people come from
// ("강남역과 홍대 중간에서 만나기 좋은 카페"), labelled with the station nearest to it, so the search runs
// around the middle instead of along a drive from the first place. No provider call.
import { z } from "zod";
import { allGazetteerEntries } from "../../geo/gazetteer.ts";
import { haversine, type LatLng } from "../../geo/haversine.ts";
import { result, toLatLng } from "./context.ts";
import { defineAction, latLng, pointOutput, text } from "./params.ts";

/** A station this close to the midpoint names it ("신촌역 부근"). */
const LABEL_WITHIN_M = 1500;

/** The mean of the points on the sphere (for a few points tens of km apart, the plain mean is as good). */
export function midpointOf(points: LatLng[]): LatLng {
  const n = points.length || 1;
  return {
    lat: Number((points.reduce((s, p) => s + p.lat, 0) / n).toFixed(6)),
    lng: Number((points.reduce((s, p) => s + p.lng, 0) / n).toFixed(6)),
  };
}

export function nearestStation(p: LatLng): { name: string; distance: number } | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const e of allGazetteerEntries()) {
    if (e.kind !== "station") continue;
    const d = haversine(p, e);
    if (d <= LABEL_WITHIN_M && (!best || d < best.distance)) best = { name: e.name, distance: Math.round(d) };
  }
  return best;
}

export const midpointActions = {
  midpoint: defineAction({
    params: z.object({ points: z.array(latLng).min(2).max(5), name: text.optional() }).strict(),
    output: [...pointOutput, "spread"],
    run: async (p) => {
      const points = p.points.map(toLatLng);
      const mid = midpointOf(points);
      const station = nearestStation(mid);
      const label = p.name ?? "중간 지점";
      return result({
        x: mid.lng,
        y: mid.lat,
        lat: mid.lat,
        lng: mid.lng,
        name: station ? `${label} (${station.name} 부근)` : label,
        address: null,
        id: null,
        /** the farthest anyone travels to the midpoint, straight-line metres */
        spread: Math.round(Math.max(...points.map((q) => haversine(q, mid)))),
      });
    },
  }),
};
