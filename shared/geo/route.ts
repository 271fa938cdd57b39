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
  for (let i = 1; i < points.length; i++) d += haversine(points[i - 1], points[i]);
  return d;
}

/** 001: interval = min(2 × searchRadius, ceil(totalDistance / 20)). */
export function sampleInterval(totalDistance: number, searchRadius: number): number {
  return Math.max(1, Math.min(2 * searchRadius, Math.ceil(totalDistance / MAX_SAMPLE_POINTS)));
}

/** Points every `interval` metres along the polyline, origin and destination included, at most maxPoints. */
export function sampleAlongPolyline(
  points: LatLng[],
  searchRadius: number,
  maxPoints = MAX_SAMPLE_POINTS,
): SamplePoint[] {
  if (points.length === 0) return [];
  const total = routeLength(points);
  if (points.length === 1 || total === 0) return [{ ...points[0], index: 0, distanceFromStart: 0 }];
  const interval = sampleInterval(total, searchRadius);
  const count = Math.max(2, Math.min(maxPoints, Math.floor(total / interval) + 1));
  const step = total / (count - 1);
  const out: SamplePoint[] = [];
  let seg = 1;
  let segStart = 0;
  let segLen = haversine(points[0], points[1]);
  for (let k = 0; k < count; k++) {
    const target = Math.min(total, k * step);
    while (seg < points.length - 1 && segStart + segLen < target) {
      segStart += segLen;
      seg++;
      segLen = haversine(points[seg - 1], points[seg]);
    }
    const t = segLen === 0 ? 0 : Math.min(1, Math.max(0, (target - segStart) / segLen));
    const a = points[seg - 1];
    const b = points[seg];
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
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
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
  return best;
}
