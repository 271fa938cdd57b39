// The one dedupe of place search (000: 중복 제거, placeUrl 기준). Two places are the same when they
// have the same provider and id, or the same placeUrl (the same shop listed twice under one URL); the
// first seen keeps its position, and `prefer` may swap in a better copy (the nearer one, at route
// sample points).
import type { Place } from "../places/place.ts";

export function dedupePlaces(
  places: Iterable<Place>,
  prefer?: (candidate: Place, kept: Place) => boolean,
): { places: Place[]; removed: number } {
  const out: Place[] = [];
  const byId = new Map<string, number>();
  const byUrl = new Map<string, number>();
  let seen = 0;
  for (const p of places) {
    seen++;
    const id = `${p.provider}:${p.id}`;
    const at = byId.get(id) ?? (p.placeUrl ? byUrl.get(p.placeUrl) : undefined);
    if (at === undefined) {
      byId.set(id, out.length);
      if (p.placeUrl) byUrl.set(p.placeUrl, out.length);
      out.push(p);
      continue;
    }
    const kept = out[at]!; // the maps hold indices into out
    if (prefer?.(p, kept)) {
      out[at] = p;
      byId.set(id, at);
      if (p.placeUrl) byUrl.set(p.placeUrl, at);
    }
  }
  return { places: out, removed: seen - out.length };
}

/** At route sample points the same place is seen from several points: keep its nearest sighting. */
export const nearer = (candidate: Place, kept: Place) =>
  (candidate.distance ?? Infinity) < (kept.distance ?? Infinity);
