// Route actions (000): the road polyline (Kakao Mobility in Korea, Google Routes abroad; a straight
// line when neither answers), and sample_and_search — sample points along the route, each searched
// for every keyword. The sample points fan out: inline here, or as the workflow's Map state.
import { z } from "zod";
import { haversine, type LatLng } from "../../geo/haversine.ts";
import { encodePolyline } from "../../geo/polyline.ts";
import { MAX_SAMPLE_POINTS, routeLength, sampleAlongPolyline, straightLine } from "../../geo/route.ts";
import { Deadline } from "../../platform/deadline.ts";
import type { RoutePort } from "../../providers/port.ts";
import { dedupePlaces } from "../dedupe.ts";
import type { ExecDeps } from "../../providers/exec-deps.ts";
import type { Place } from "../../places/place.ts";
import {
  BUDGET_SPENT,
  isBudgetSpent,
  result,
  searched,
  tag,
  toLatLng,
  warn,
  type ExecContext,
  type FanoutItem,
  type PointResult,
} from "./context.ts";
import { defineAction, latLng, point, ref, routeOutput, text } from "./params.ts";
import { NO_ROUTE_PROVIDER, routeFailed, samplePointFailed, STRAIGHT_ROUTE_OFFLINE } from "../warnings.ts";

/** The most points a route step's result keeps (its share of the workflow's 256 KB state). */
export const MAX_ROUTE_POINTS = 500;

type Ends = z.infer<typeof latLng>;

/** 000's route duration as its example writes it: "2h20m", "28m" (null when the route has none). */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h${m ? `${m}m` : ""}` : `${m}m`;
}

/**
 * A route keeps at most MAX_ROUTE_POINTS points (a road from Seoul to Busan is tens of thousands of
 * vertexes: megabytes of state): every k-th point and the last, enough to sample a search every few
 * hundred metres and to draw the line.
 */
export function thinRoute(points: LatLng[], most = MAX_ROUTE_POINTS): LatLng[] {
  if (points.length <= most) return points;
  const step = Math.ceil((points.length - 1) / (most - 1));
  const kept = points.filter((_, i) => i % step === 0);
  if (kept.at(-1) !== points.at(-1)) kept.push(points.at(-1)!);
  return kept;
}

function routeResult(all: LatLng[], distanceMeters: number, seconds: number | null, source: string) {
  const points = thinRoute(all);
  return {
    decodedPoints: points,
    encodedPolyline: encodePolyline(points),
    distanceMeters,
    duration: formatDuration(seconds),
    durationSeconds: seconds,
    routeSource: source,
  };
}

/** A straight line (000's segment_route), with a point every `interval` metres when one is given. */
function segmentRoute(origin: LatLng, destination: LatLng, interval?: number) {
  const pieces = interval
    ? Math.min(MAX_ROUTE_POINTS - 1, Math.max(1, Math.ceil(haversine(origin, destination) / interval)))
    : 20;
  const points = straightLine(origin, destination, pieces);
  return {
    ...routeResult(points, Math.round(routeLength(points)), null, "straight-line"),
    interval: interval ?? null,
  };
}

async function routeWith(
  ctx: ExecContext,
  port: RoutePort | undefined,
  p: { origin: Ends; destination: Ends; mode?: string; priority?: string; avoid?: string },
) {
  const origin = toLatLng(p.origin);
  const destination = toLatLng(p.destination);
  try {
    if (!port) {
      warn(ctx, NO_ROUTE_PROVIDER);
      return segmentRoute(origin, destination);
    }
    const r = await port.route(ctx.counter, origin, destination, {
      mode: p.mode ?? "DRIVE",
      priority: p.priority,
      avoid: p.avoid,
    });
    if (port.name === "straight-line")
      // offline: 000's segment_route, a straight line between the two places
      warn(ctx, STRAIGHT_ROUTE_OFFLINE);
    return routeResult(r.points, r.distanceMeters, r.durationSeconds, port.name);
  } catch (err) {
    warn(ctx, routeFailed(err));
    return segmentRoute(origin, destination);
  }
}

/** 000's default search radius at each sample point. */
export const DEFAULT_SEARCH_RADIUS = 5000;

const AVOID = /^(ferries|toll|motorway|schoolzone|uturn)(\|(ferries|toll|motorway|schoolzone|uturn))*$/;

export const routeActions = {
  route_polyline: defineAction({
    params: z
      .object({
        origin: latLng,
        destination: latLng,
        mode: z.enum(["DRIVE", "WALK", "BICYCLE", "TRANSIT"]).optional(),
        provider: z.enum(["kakao", "google"]).optional(),
        priority: z.enum(["RECOMMEND", "TIME", "DISTANCE"]).optional(),
        avoid: z.string().regex(AVOID).optional(),
      })
      .strict(),
    output: routeOutput,
    // 000: kakao-routes.js for provider=kakao, google-routes.js for google — the step's, else the plan's
    run: async (p, ctx) =>
      result(
        await routeWith(
          ctx,
          (p.provider ?? ctx.plan.provider) === "google" ? ctx.deps.googleRoutes : ctx.deps.routes,
          p,
        ),
      ),
  }),
  segment_route: defineAction({
    params: z
      .object({
        origin: latLng,
        destination: latLng,
        interval: z.number().int().min(100).max(50_000).optional(),
      })
      .strict(),
    output: [...routeOutput, "interval"],
    run: async (p) => result(segmentRoute(toLatLng(p.origin), toLatLng(p.destination), p.interval)),
  }),
  sample_and_search: defineAction({
    params: z
      .object({
        polyline: z.union([ref, z.array(point).min(2).max(100_000)]),
        queries: z.array(text).min(1).max(10),
        /** 000: 각 포인트에서의 검색 반경 (기본 5000m) */
        searchRadius: z.number().int().min(100).max(20_000).default(DEFAULT_SEARCH_RADIUS),
        maxPoints: z.number().int().min(2).max(MAX_SAMPLE_POINTS).optional(),
        /** metres between sample points; sampleInterval's rule when absent */
        interval: z.union([z.number().int().min(100).max(200_000), ref]).optional(),
      })
      .strict(),
    output: ["places", "totalCount", "samplePoints", "interval"],
    run: async (p, ctx, step) => {
      const interval = p.interval === undefined || p.interval === null ? undefined : Number(p.interval);
      const samples = sampleAlongPolyline(p.polyline as LatLng[], p.searchRadius, p.maxPoints, interval);
      for (const q of p.queries) searched(ctx, q);
      const deadlineAt = ctx.counter.deadline.at ?? undefined;
      const keep = placesPerPoint(samples.length);
      return {
        kind: "fanout",
        items: samples.map((pt) => ({
          step,
          point: pt,
          queries: p.queries,
          radius: p.searchRadius,
          keep,
          ...(deadlineAt ? { deadlineAt } : {}),
        })),
      };
    },
  }),
};

/**
 * The places one sample point passes on: its nearest 15, fewer when there are many points, so the
 * Map state's results (every point's places at once) stay well inside Step Functions' 256 KB.
 */
export const PLACES_PER_POINT = 15;
const PLACES_PER_FANOUT = 160;
export const placesPerPoint = (points: number) =>
  Math.max(5, Math.min(PLACES_PER_POINT, Math.floor(PLACES_PER_FANOUT / Math.max(1, points))));

/** One sample point of a route search: every query there, within the search radius, and the calls it took. */
export async function searchAtPoint(item: FanoutItem, deps: ExecDeps): Promise<PointResult> {
  const counter = { apiCalls: 0, failures: 0, deadline: Deadline.from(item.deadlineAt) };
  const warnings: string[] = [];
  // a failing query costs this point that query only; the Map state must not fail the execution
  const lists = await deps.mapLimit(item.queries, async (q) => {
    try {
      const found = await deps.places.keywordSearch(counter, q, {
        x: item.point.lng,
        y: item.point.lat,
        radius: item.radius,
        size: 15,
      });
      return tag(found, { keyword: q, segment: item.point.index });
    } catch (err) {
      const w = isBudgetSpent(err) ? BUDGET_SPENT : samplePointFailed(item.point.index, q, err);
      if (!warnings.includes(w)) warnings.push(w);
      return [] as Place[];
    }
  });
  // keep each point's answer small: its nearest distinct places (two keywords finding one place there
  // is a duplicate 000's meta.duplicatesRemoved counts)
  const distinct = dedupePlaces(lists.flat());
  const places = distinct.places
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0))
    .slice(0, item.keep ?? PLACES_PER_POINT);
  return {
    places,
    apiCalls: counter.apiCalls,
    providerFailures: counter.failures,
    duplicatesRemoved: distinct.removed,
    warnings,
  };
}
