// Trips (001's multi_point): places grouped into days by area, each day holding its roles (관광지,
// 맛집, 카페, 숙박), visited in an order from nearest neighbour improved by 2-opt.
import { allGazetteerEntries } from "../geo/gazetteer.ts";
import { haversine, type LatLng } from "../geo/haversine.ts";
import type { Place } from "./place.ts";

/** Walk length of an ordered visit. */
export function tourLength(points: LatLng[]): number {
  let d = 0;
  for (let i = 1; i < points.length; i++) d += haversine(points[i - 1], points[i]);
  return d;
}

/** Nearest-neighbour order from the first point, then 2-opt until no swap shortens the walk. */
export function optimizeOrder<T extends LatLng>(points: T[]): T[] {
  if (points.length < 3) return [...points];
  const rest = points.slice(1);
  const order = [points[0]];
  while (rest.length) {
    const last = order.at(-1)!;
    let best = 0;
    for (let i = 1; i < rest.length; i++)
      if (haversine(last, rest[i]) < haversine(last, rest[best])) best = i;
    order.push(rest.splice(best, 1)[0]);
  }
  for (let improved = true, rounds = 0; improved && rounds < 50; rounds++) {
    improved = false;
    for (let i = 1; i < order.length - 1; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const a = order[i - 1];
        const b = order[i];
        const c = order[j];
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

/** The nearest named area (a city, district or landmark of the gazetteer) within 30 km. */
export function areaGroupOf(p: LatLng): string | undefined {
  let best: { d: number; name: string } | undefined;
  for (const e of allGazetteerEntries()) {
    if (!["city", "landmark", "foreign", "gu"].includes(e.kind)) continue;
    const d = haversine(p, e);
    if (d < 30_000 && (!best || d < best.d)) best = { d, name: e.name };
  }
  return best?.name;
}

const ROLE_QUOTA: Record<string, number> = { 관광지: 2, 맛집: 2, 카페: 1, 숙박: 1 };

export interface TripLayout {
  places: Place[];
  itinerary: { day: number; places: string[] }[];
}

/**
 * Splits candidates into `days` angular sectors around the centre (nearby places share a day), picks
 * each day's roles from its sector (falling back to the nearest leftovers), and orders each day.
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
  const used = new Set<string>();
  const out: Place[] = [];
  const itinerary: TripLayout["itinerary"] = [];
  for (let day = 1; day <= days; day++) {
    const picked: Place[] = [];
    for (const [role, list] of byRole) {
      const quota = role === "숙박" ? (day <= nights ? 1 : 0) : (ROLE_QUOTA[role] ?? 1);
      // this day's sector of the list, then anything left
      const from = Math.floor(((day - 1) * list.length) / days);
      const ordered = [...list.slice(from), ...list.slice(0, from)];
      for (const p of ordered) {
        if (picked.filter((x) => x.tripRole === role).length >= quota || picked.length >= maxPerDay) break;
        if (!used.has(p.id)) {
          used.add(p.id);
          picked.push(p);
        }
      }
    }
    // lodging ends the day; the rest is walked in the shortest order found
    const lodging = picked.filter((p) => p.tripRole === "숙박");
    const visits = picked.filter((p) => p.tripRole !== "숙박");
    const ordered = [...(optimize ? optimizeOrder(visits) : visits), ...lodging];
    for (const p of ordered) out.push({ ...p, dayGroup: day, areaGroup: areaGroupOf(p) });
    itinerary.push({ day, places: ordered.map((p) => p.id) });
  }
  return { places: out, itinerary };
}
