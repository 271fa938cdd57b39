// Trips (001's multi_point): places grouped into days by area, each day holding its roles (관광지,
// 맛집, 카페, 숙박), visited in an order from nearest neighbour improved by 2-opt.
import { haversine, type LatLng } from "../geo/haversine.ts";
import { areaGroupOf } from "./area-group.ts";
import type { Place } from "../places/place.ts";

/** Nearest-neighbour order from the first point, then 2-opt until no swap shortens the walk. */
export function optimizeOrder<T extends LatLng>(points: T[]): T[] {
  const [first, ...rest] = points;
  if (!first || rest.length < 2) return [...points];
  const order = [first];
  while (rest.length) {
    const last = order.at(-1)!;
    let best = 0;
    let bestDistance = Infinity;
    for (const [i, p] of rest.entries()) {
      const d = haversine(last, p);
      if (d < bestDistance) [best, bestDistance] = [i, d];
    }
    order.push(...rest.splice(best, 1));
  }
  for (let improved = true, rounds = 0; improved && rounds < 50; rounds++) {
    improved = false;
    for (let i = 1; i < order.length - 1; i++) {
      for (let j = i + 1; j < order.length; j++) {
        // 1 ≤ i < j < order.length: only d, past the last visit, can be missing
        const a = order[i - 1]!;
        const b = order[i]!;
        const c = order[j]!;
        const d = order[j + 1];
        const before = haversine(a, b) + (d ? haversine(c, d) : 0);
        const after = haversine(a, c) + (d ? haversine(b, d) : 0);
        if (after + 1e-6 < before) {
          order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return order;
}

/** At most this many of a role per day (lodging: one a night). */
const ROLE_QUOTA: Record<string, number> = { 관광지: 2, 맛집: 2, 카페: 1 };
const LODGING = "숙박";

export interface TripLayout {
  places: Place[];
  itinerary: { day: number; places: string[] }[];
  /** nights left without lodging (no lodging was found at all) */
  nightsWithoutLodging: number;
  /** nights that reuse the previous night's lodging (fewer lodgings found than nights) */
  lodgingReused: number;
}

/**
 * Splits candidates into `days` angular sectors around the centre (nearby places share a day). Each
 * night gets its lodging first; then the day is filled round-robin over the other roles (관광지, 맛집,
 * 카페, …), each up to its quota, never beyond max_per_day in all; each day is walked in the shortest
 * order found and ends at its lodging.
 */
export function layoutTrip(
  candidates: Place[],
  center: LatLng,
  days: number,
  nights: number,
  maxPerDay: number,
  optimize: boolean,
): TripLayout {
  const angle = (p: LatLng) => Math.atan2(p.lat - center.lat, p.lng - center.lng);
  const byRole = new Map<string, Place[]>();
  for (const p of [...candidates].sort((a, b) => angle(a) - angle(b))) {
    const role = p.tripRole ?? "관광지";
    byRole.set(role, [...(byRole.get(role) ?? []), p]);
  }
  const visitRoles = [...byRole.keys()].filter((r) => r !== LODGING).sort((a, b) => rank(a) - rank(b));
  const used = new Set<string>();
  const out: Place[] = [];
  const itinerary: TripLayout["itinerary"] = [];
  let nightsWithoutLodging = 0;
  let lodgingReused = 0;
  let lastLodging: Place | undefined;
  /** this day's sector of a role's list first, then anything left */
  const next = (role: string, day: number) => {
    const list = byRole.get(role) ?? [];
    const from = Math.floor(((day - 1) * list.length) / days);
    return [...list.slice(from), ...list.slice(0, from)].find((p) => !used.has(p.id));
  };
  for (let day = 1; day <= days; day++) {
    let lodging: Place | undefined;
    if (day <= nights && maxPerDay > 0) {
      lodging = next(LODGING, day);
      if (lodging) used.add(lodging.id);
      else if (lastLodging) {
        lodging = lastLodging; // the same place another night
        lodgingReused++;
      } else nightsWithoutLodging++;
    }
    const visits: Place[] = [];
    const budget = maxPerDay - (lodging ? 1 : 0);
    for (let progress = true; progress && visits.length < budget;) {
      progress = false;
      for (const role of visitRoles) {
        if (visits.length >= budget) break;
        if (visits.filter((p) => p.tripRole === role).length >= (ROLE_QUOTA[role] ?? 1)) continue;
        const p = next(role, day);
        if (!p) continue;
        used.add(p.id);
        visits.push(p);
        progress = true;
      }
    }
    const ordered = [...(optimize ? optimizeOrder(visits) : visits), ...(lodging ? [lodging] : [])];
    // a lodging kept for another night is listed once, on its first night; the itinerary repeats it
    const reused = lodging !== undefined && lodging === lastLodging;
    for (const p of ordered)
      if (!(reused && p === lodging)) out.push({ ...p, dayGroup: day, areaGroup: areaGroupOf(p) });
    itinerary.push({ day, places: ordered.map((p) => p.id) });
    if (lodging) lastLodging = lodging;
  }
  return { places: out, itinerary, nightsWithoutLodging, lodgingReused };
}

const ORDER = ["관광지", "맛집", "카페"];
const rank = (role: string) => (ORDER.includes(role) ? ORDER.indexOf(role) : ORDER.length);
