// What an action runs with: the provider adapters, the search's call counter (with its time budget),
// its warnings and searched keywords. Small helpers every action group shares live here.
import type { Deadline } from "../../platform/deadline.ts";
import type { LatLng } from "../../geo/haversine.ts";
import type { CallCounter } from "../../providers/http.ts";
import type { GeoPoint } from "../../providers/port.ts";
import type { ExecDeps } from "../../providers/exec-deps.ts";
import type { Place } from "../../places/place.ts";
import type { PlanResponse } from "../schemas.ts";

export interface ExecContext {
  deps: ExecDeps;
  counter: CallCounter & { deadline: Deadline };
  warnings: string[];
  keywordsSearched: string[];
  plan: PlanResponse;
}

/** One sample point of a route search: the Map state's item. */
export interface FanoutItem {
  step: number;
  point: { lat: number; lng: number; index: number; distanceFromStart: number };
  queries: string[];
  radius: number;
  /** how many of its nearest places the point passes on */
  keep?: number;
  deadlineAt?: number;
}

export interface PointResult {
  places: Place[];
  apiCalls: number;
  providerFailures?: number;
  /** places two keywords both found at this point */
  duplicatesRemoved?: number;
  warnings: string[];
}

export type ActionOutcome =
  { kind: "result"; result: Record<string, unknown> } | { kind: "fanout"; items: FanoutItem[] };

export const result = (r: Record<string, unknown>): ActionOutcome => ({ kind: "result", result: r });

export const warn = (ctx: { warnings: string[] }, message: string) => {
  if (!ctx.warnings.includes(message)) ctx.warnings.push(message);
};

export const searched = (ctx: ExecContext, keyword: string) => {
  if (!ctx.keywordsSearched.includes(keyword)) ctx.keywordsSearched.push(keyword);
};

export const pointResult = (g: GeoPoint) => ({
  x: g.lng,
  y: g.lat,
  lat: g.lat,
  lng: g.lng,
  name: g.name,
  address: g.address,
  id: g.id ?? null,
});

export const toLatLng = (p: { lat: number | string; lng: number | string }): LatLng => ({
  lat: Number(p.lat),
  lng: Number(p.lng),
});

export const tag = (places: Place[], extra: Partial<Place>) => places.map((p) => ({ ...p, ...extra }));

export { BUDGET_SPENT, GOOGLE_ENRICH_OFFLINE, GOOGLE_OFFLINE } from "../warnings.ts";
export const isBudgetSpent = (err: unknown) => (err as { reason?: unknown } | null)?.reason === "deadline";

/** Outside the Korean peninsula's bounding box. */
export const isForeignPoint = (p: LatLng) => p.lat < 33 || p.lat > 38.7 || p.lng < 124.5 || p.lng > 131;
