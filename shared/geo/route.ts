// Sampling along a route (seed 000's sampleAlongPolyline; 001's interval rule) and the straight-line
// route the seeds fall back to when no road polyline can be had.
import { haversine, type LatLng } from "./haversine.ts";

export const MAX_SAMPLE_POINTS = 20;

export interface SamplePoint extends LatLng {
  index: number;
  /** metres along the route from the origin */
  distanceFromStart: number;
}

export function routeLength(points: LatLng[]): number {
  let d = 0;
  let prev: LatLng | undefined;
  for (const p of points) {
    if (prev) d += haversine(prev, p);
    prev = p;
  }
  return d;
}

/**
 * How far apart the sample points of a route search are. 001 gives a formula, interval = min(2 ×
 * searchRadius, ceil(totalDistance / 20)), and an example that contradicts it (강남→판교, ~15 km,
 * searchRadius 3000: "interval 5000m"; the formula says 750 m, i.e. always 20 points). We follow the
 * example, from geometry: searches of radius r at points s apart find every place within
 * √(r² − (s/2)²) of the road; s = √3·r keeps that band at half the radius (1.5 km off the road at
 * r = 3 km, a short detour), rounded down to 500 m — 5000 m for r = 3000, as the example says. A long
 * route spreads its points out to stay within maxPoints (000: 최대 20개 포인트).
 */
export function sampleInterval(totalDistance: number, searchRadius: number, maxPoints = MAX_SAMPLE_POINTS) {
  const band = Math.sqrt(3) * searchRadius;
  const covering = band >= 500 ? Math.floor(band / 500) * 500 : Math.max(1, Math.floor(band));
  return Math.max(covering, Math.ceil(totalDistance / Math.max(1, maxPoints - 1)));
}

/**
 * Points along the polyline no more than `interval` metres apart (sampleInterval's unless given),
 * evenly spread, origin and destination included, at most maxPoints.
 */
export function sampleAlongPolyline(
  points: LatLng[],
  searchRadius: number,
  maxPoints = MAX_SAMPLE_POINTS,
  interval?: number,
): SamplePoint[] {
  const [first, second] = points;
  if (!first) return [];
  const total = routeLength(points);
  if (!second || total === 0) return [{ ...first, index: 0, distanceFromStart: 0 }];
  const spacing = interval ?? sampleInterval(total, searchRadius, maxPoints);
  const count = Math.max(2, Math.min(maxPoints, Math.ceil(total / spacing) + 1));
  const step = total / (count - 1);
  const out: SamplePoint[] = [];
  let seg = 1;
  let segStart = 0;
  let a = first;
  let b = second;
  let segLen = haversine(a, b);
  for (let k = 0; k < count; k++) {
    const target = Math.min(total, k * step);
    while (seg < points.length - 1 && segStart + segLen < target) {
      segStart += segLen;
      seg++;
      a = b;
      b = points[seg]!; // seg < points.length
      segLen = haversine(a, b);
    }
    const t = segLen === 0 ? 0 : Math.min(1, Math.max(0, (target - segStart) / segLen));
    out.push({
      lat: a.lat + (b.lat - a.lat) * t,
      lng: a.lng + (b.lng - a.lng) * t,
      index: k,
      distanceFromStart: Math.round(target),
    });
  }
  return out;
}

/** The seeds' fallback route: a straight line, densified so it samples like a road polyline. */
export function straightLine(origin: LatLng, destination: LatLng, pieces = 20): LatLng[] {
  return Array.from({ length: pieces + 1 }, (_, i) => ({
    lat: origin.lat + ((destination.lat - origin.lat) * i) / pieces,
    lng: origin.lng + ((destination.lng - origin.lng) * i) / pieces,
  }));
}

/** Distance from a point to the polyline (metres, planar approximation per segment) and how far along it is. */
export function projectOntoRoute(p: LatLng, points: LatLng[]): { offRoute: number; along: number } {
  let best = { offRoute: Infinity, along: 0 };
  let along = 0;
  const kx = 111_320 * Math.cos((p.lat * Math.PI) / 180);
  const ky = 110_574;
  let a: LatLng | undefined;
  for (const b of points) {
    if (a) {
      const ax = (a.lng - p.lng) * kx;
      const ay = (a.lat - p.lat) * ky;
      const bx = (b.lng - p.lng) * kx;
      const by = (b.lat - p.lat) * ky;
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
      const off = Math.hypot(ax + t * dx, ay + t * dy);
      const segLen = Math.sqrt(len2);
      if (off < best.offRoute) best = { offRoute: off, along: along + t * segLen };
      along += segLen;
    }
    a = b;
  }
  return best;
}
