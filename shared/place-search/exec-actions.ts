// One handler per seed-000 action, with the seeds' fallbacks: a foreign place Kakao can't find → Google
// once; no road polyline → straight line; no travel distances → haversine; no Google key → a warning.
import { lookupPlace } from "../geo/gazetteer.ts";
import { haversine, type LatLng } from "../geo/haversine.ts";
import { encodePolyline } from "../geo/polyline.ts";
import { sampleAlongPolyline, straightLine, routeLength } from "../geo/route.ts";
import { embeddedGeocode, HaversineDistances } from "../providers/embedded/index.ts";
import type { CallCounter } from "../providers/http.ts";
import type { GeoPoint, RoutePort } from "../providers/port.ts";
import type { ActionName } from "./actions.ts";
import type { ExecDeps } from "./exec-deps.ts";
import type { Place } from "./place.ts";
import type { PlanResponse } from "./schemas.ts";

export interface ExecContext {
  deps: ExecDeps;
  counter: CallCounter;
  warnings: string[];
  keywordsSearched: string[];
  plan: PlanResponse;
}

export interface FanoutItem {
  step: number;
  point: { lat: number; lng: number; index: number; distanceFromStart: number };
  queries: string[];
  radius: number;
}

export interface PointResult {
  places: Place[];
  apiCalls: number;
  warnings: string[];
}

export type ActionOutcome =
  { kind: "result"; result: Record<string, unknown> } | { kind: "fanout"; items: FanoutItem[] };

// params were checked by the action's zod schema (plan-check) and their references substituted
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type P = Record<string, any>;

const warn = (ctx: ExecContext, message: string) => {
  if (!ctx.warnings.includes(message)) ctx.warnings.push(message);
};
const searched = (ctx: ExecContext, keyword: string) => {
  if (!ctx.keywordsSearched.includes(keyword)) ctx.keywordsSearched.push(keyword);
};
const pointResult = (g: GeoPoint) => ({
  x: g.lng,
  y: g.lat,
  lat: g.lat,
  lng: g.lng,
  name: g.name,
  address: g.address,
  id: g.id ?? null,
});
const toLatLng = (p: P): LatLng => ({ lat: Number(p.lat), lng: Number(p.lng) });
const tag = (places: Place[], extra: Partial<Place>) => places.map((p) => ({ ...p, ...extra }));
const area = (p: P) => ({
  x: p.x === undefined ? undefined : Number(p.x),
  y: p.y === undefined ? undefined : Number(p.y),
  radius: p.radius,
  size: p.size ?? 15,
  sort: p.sort,
});
const GOOGLE_OFFLINE =
  "Google Places is not configured (GOOGLE_MAPS_API_KEY): places abroad cannot be searched; locations come from the built-in gazetteer";

function dedupeById(lists: Place[][]): Place[] {
  const seen = new Set<string>();
  return lists.flat().filter((p) => {
    const key = `${p.provider}:${p.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const isForeign = (query: string) => {
  const e = lookupPlace(query) ?? lookupPlace(query.split(/[,\s]+/)[0]);
  return e !== undefined && e.country !== "KR";
};

async function geocode(ctx: ExecContext, query: string): Promise<GeoPoint> {
  const { deps, counter } = ctx;
  const found = await deps.places.geocode(counter, query);
  if (found) return found;
  if (isForeign(query)) {
    // 000: 0 Kakao results for a foreign place → Google, once
    if (deps.google) {
      warn(ctx, `"${query}" is abroad: retried with Google`);
      const g = await deps.google.findPlace(counter, query);
      if (g) return g;
    } else {
      const offline = embeddedGeocode(query);
      if (offline) {
        warn(ctx, GOOGLE_OFFLINE);
        return offline;
      }
    }
  }
  throw new Error(`could not locate "${query}"`);
}

async function keywordSearch(ctx: ExecContext, query: string, p: P): Promise<Place[]> {
  searched(ctx, query);
  const places = await ctx.deps.places.keywordSearch(ctx.counter, query, {
    ...area(p),
    category: p.category_group_code,
  });
  if (
    places.length === 0 &&
    ctx.deps.google &&
    p.y !== undefined &&
    isForeignPoint({ lat: Number(p.y), lng: Number(p.x) })
  ) {
    warn(ctx, `no Kakao results abroad for "${query}": retried with Google`);
    return ctx.deps.google.textSearch(ctx.counter, query, {
      near: { lat: Number(p.y), lng: Number(p.x) },
      radius: p.radius,
    });
  }
  return tag(places, { keyword: query, ...(p.tripRole ? { tripRole: p.tripRole } : {}) });
}

/** Outside the Korean peninsula's bounding box. */
const isForeignPoint = (p: LatLng) => p.lat < 33 || p.lat > 38.7 || p.lng < 124.5 || p.lng > 131;

async function routeWith(ctx: ExecContext, port: RoutePort | undefined, p: P) {
  const origin = toLatLng(p.origin);
  const destination = toLatLng(p.destination);
  try {
    if (!port) throw new Error("no route provider is configured");
    const r = await port.route(ctx.counter, origin, destination, {
      mode: p.mode ?? "DRIVE",
      priority: p.priority,
      avoid: p.avoid,
    });
    if (port.name === "straight-line")
      warn(
        ctx,
        "no road routing offline: the route is a straight line between the two places (000's segment_route)",
      );
    return routeResult(r.points, r.distanceMeters, r.durationSeconds, port.name);
  } catch (err) {
    warn(
      ctx,
      `route polyline unavailable (${(err as Error).message}): searched along a straight line instead`,
    );
    return segmentRoute(origin, destination);
  }
}

function routeResult(points: LatLng[], distanceMeters: number, duration: number | null, source: string) {
  return {
    decodedPoints: points,
    encodedPolyline: encodePolyline(points),
    distanceMeters,
    duration,
    routeSource: source,
  };
}

function segmentRoute(origin: LatLng, destination: LatLng) {
  const points = straightLine(origin, destination);
  return routeResult(points, Math.round(routeLength(points)), null, "straight-line");
}

const googleOr = async <T>(
  ctx: ExecContext,
  use: (g: NonNullable<ExecDeps["google"]>) => Promise<T>,
  offline: T,
): Promise<T> => {
  if (ctx.deps.google) return use(ctx.deps.google);
  warn(ctx, GOOGLE_OFFLINE);
  return offline;
};

async function distanceFilter(ctx: ExecContext, p: P) {
  const places = (p.places as Place[]) ?? [];
  const origin = toLatLng(p.origin);
  let estimates;
  try {
    estimates = await ctx.deps.travel.distances(ctx.counter, origin, places, p.mode);
    if (ctx.deps.travel.name === "haversine") throw new Error("no travel-distance provider is configured");
  } catch (err) {
    warn(
      ctx,
      `travel distances unavailable (${(err as Error).message}): filtered by straight-line (haversine) distance, which is shorter than the real route`,
    );
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
  return { places: kept, totalCount: kept.length, filteredOut: places.length - kept.length };
}

function summarizeReviews(
  reviews: { author: string; rating: number | null; text: string; time: string | null }[],
) {
  const rated = reviews.filter((r) => r.rating !== null);
  const average = rated.length
    ? Math.round((rated.reduce((s, r) => s + r.rating!, 0) / rated.length) * 10) / 10
    : null;
  const words = new Map<string, number>();
  for (const r of reviews)
    for (const w of r.text.split(/[\s,.!?~]+/).filter((w) => w.length >= 2))
      words.set(w, (words.get(w) ?? 0) + 1);
  const keywords = [...words.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([w]) => w);
  const snippet = (t: string) => t.split(/(?<=[.!?])\s/)[0].slice(0, 80);
  const highlights = reviews
    .filter((r) => (r.rating ?? 0) >= 4)
    .map((r) => snippet(r.text))
    .slice(0, 3);
  const concerns = reviews
    .filter((r) => r.rating !== null && r.rating <= 2)
    .map((r) => snippet(r.text))
    .slice(0, 3);
  return {
    total_analyzed: reviews.length,
    average_rating: average,
    highlights,
    concerns,
    keywords,
    sample_reviews: reviews.slice(0, 3),
    summary_text:
      average === null
        ? "리뷰가 없습니다."
        : `평점 ${average}점 (리뷰 ${reviews.length}건 분석).${highlights.length ? ` 장점: ${highlights[0]}` : ""}${concerns.length ? ` 아쉬운 점: ${concerns[0]}` : ""}`,
  };
}

export async function runAction(
  action: ActionName,
  p: P,
  ctx: ExecContext,
  step = 0,
): Promise<ActionOutcome> {
  const { deps, counter } = ctx;
  const result = (r: Record<string, unknown>): ActionOutcome => ({ kind: "result", result: r });
  switch (action) {
    case "geocode":
      return result(pointResult(await geocode(ctx, p.query)));
    case "reverse_geocode":
      return result(await deps.places.reverseGeocode(counter, { lat: Number(p.y), lng: Number(p.x) }));
    case "keyword_search": {
      const places = await keywordSearch(ctx, p.query, p);
      return result({ places, totalCount: places.length });
    }
    case "category_search": {
      searched(ctx, p.category);
      const places = tag(
        await deps.places.categorySearch(counter, p.category, area(p)),
        p.tripRole ? { tripRole: p.tripRole } : {},
      );
      return result({ places, totalCount: places.length });
    }
    case "multi_keyword_search": {
      // one keyword failing (after its retry) costs that keyword only
      const lists = await deps.mapLimit(p.queries as string[], (q) =>
        keywordSearch(ctx, q, p).catch((err: Error) => {
          warn(ctx, `keyword "${q}" failed: ${err.message}`);
          return [] as Place[];
        }),
      );
      if (lists.every((l) => l.length === 0) && ctx.warnings.some((w) => w.startsWith("keyword "))) {
        throw new Error("every keyword search failed");
      }
      const places = dedupeById(lists);
      return result({ places, totalCount: places.length, keywordsSearched: p.queries });
    }
    case "multi_category_search": {
      const lists = await deps.mapLimit(p.categories as string[], async (code) => {
        searched(ctx, code);
        return tag(
          await deps.places.categorySearch(counter, code, area(p)),
          p.tripRole ? { tripRole: p.tripRole } : {},
        );
      });
      const places = dedupeById(lists);
      return result({ places, totalCount: places.length });
    }
    case "route_polyline":
      return result(await routeWith(ctx, p.provider === "google" ? deps.googleRoutes : deps.routes, p));
    case "segment_route":
      return result(segmentRoute(toLatLng(p.origin), toLatLng(p.destination)));
    case "sample_and_search": {
      const samples = sampleAlongPolyline(p.polyline as LatLng[], p.searchRadius, p.maxPoints);
      for (const q of p.queries as string[]) searched(ctx, q);
      return {
        kind: "fanout",
        items: samples.map((point) => ({ step, point, queries: p.queries, radius: p.searchRadius })),
      };
    }
    case "distance_filter":
      return result(await distanceFilter(ctx, p));
    case "google_find_place": {
      const g = await googleOr(
        ctx,
        (g) => g.findPlace(counter, p.query, p.lat !== undefined ? toLatLng(p) : undefined),
        embeddedGeocode(p.query),
      );
      if (!g) throw new Error(`could not locate "${p.query}"`);
      return result(pointResult(g));
    }
    case "google_text_search": {
      searched(ctx, p.query);
      const near = p.lat !== undefined ? toLatLng(p) : undefined;
      const places = await googleOr(
        ctx,
        (g) => g.textSearch(counter, p.query, { near, radius: p.radius, size: p.size }),
        [] as Place[],
      );
      return result({
        places: tag(places, { keyword: p.query, ...(p.tripRole ? { tripRole: p.tripRole } : {}) }),
        totalCount: places.length,
      });
    }
    case "google_search_along_route": {
      searched(ctx, p.query);
      const places = await googleOr(
        ctx,
        (g) => g.searchAlongRoute(counter, p.query, p.polyline, p.origin ? toLatLng(p.origin) : undefined),
        [] as Place[],
      );
      return result({ places: tag(places, { keyword: p.query }), totalCount: places.length });
    }
    case "google_check_open":
    case "google_details":
    case "google_reviews":
    case "google_summarize": {
      if (!deps.google) throw new Error(GOOGLE_OFFLINE);
      const d = await deps.google.details(counter, p.place_id);
      return result({
        place: d.place,
        id: d.place.id,
        openNow: d.openNow,
        rating: d.place.rating,
        reviews: action === "google_check_open" ? [] : d.reviews,
        review_summary: action === "google_summarize" ? summarizeReviews(d.reviews) : null,
        opening_hours: { open_now: d.openNow, weekday_text: d.weekdayText },
        editorial_summary: d.editorialSummary,
      });
    }
    case "google_enrich": {
      const places = (p.places as Place[]) ?? [];
      const google = deps.google;
      if (!google) {
        warn(ctx, GOOGLE_OFFLINE);
        return result({ places, totalCount: places.length });
      }
      const enriched = await deps.mapLimit(places, async (place) => {
        if (place.provider !== "google") return place;
        const d = await google.details(counter, place.id).catch(() => null);
        return d
          ? {
              ...place,
              openNow: d.openNow,
              rating: d.place.rating,
              reviewCount: d.place.reviewCount,
              reviewSnippets: d.reviews.map((r) => r.text.slice(0, 300)).filter(Boolean),
            }
          : place;
      });
      return result({ places: enriched, totalCount: enriched.length });
    }
  }
}

/** One sample point of a route search: every query there, within the search radius, and the calls it took. */
export async function searchAtPoint(item: FanoutItem, deps: ExecDeps): Promise<PointResult> {
  const counter = { apiCalls: 0 };
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
      warnings.push(`sample point ${item.point.index}: "${q}" failed: ${(err as Error).message}`);
      return [];
    }
  });
  // keep each point's answer small: the nearest 15 distinct places (Step Functions state is ≤ 256 KB)
  const places = dedupeById(lists)
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0))
    .slice(0, 15);
  return { places, apiCalls: counter.apiCalls, warnings };
}
