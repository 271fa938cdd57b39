// What a plan's steps found, gathered for post-processing: the places of every search a later step did
// not consume, deduplicated, with what detail and reverse-geocode steps said of them, and the centre.
import { haversine, type LatLng } from "../geo/haversine.ts";
import { REF_PATTERN } from "./actions.ts";
import { dedupePlaces } from "./dedupe.ts";
import type { ExecState } from "./executor.ts";
import { googleInfoOf, sameVenue, withGoogleInfo, type DetailResult } from "./google-info.ts";
import type { Place } from "../places/place.ts";
import type { PlanResponse } from "./schemas.ts";

// a step's result: the shape its action declares in ACTIONS[…].output
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Result = Record<string, any> | null;

const DETAIL_ACTIONS = new Set(["google_check_open", "google_details", "google_reviews", "google_summarize"]);
const POINT_ACTIONS = new Set(["geocode", "google_find_place", "midpoint", "reverse_geocode"]);

/** Steps whose places a later step took as input (distance_filter, google_enrich): their output replaces them. */
function consumedSteps(plan: PlanResponse): Set<number> {
  const consumed = new Set<number>();
  for (const step of plan.search_plan) {
    for (const v of Object.values(step.params)) {
      const m = typeof v === "string" ? REF_PATTERN.exec(v) : null;
      if (m && m[2] === "places") consumed.add(Number(m[1]));
    }
  }
  return consumed;
}

/**
 * The centre of the search: the midpoint of a meeting, else the first located point (the geocoded place,
 * or the user's position) — not the place a detail question is about, which is a result, not a centre.
 */
function centerOf(plan: PlanResponse, results: Record<string, Result>) {
  const target = plan.translator_result.detail_request?.place;
  const points = plan.search_plan
    .filter((s) => POINT_ACTIONS.has(s.action))
    .filter((s) => !(target && typeof s.params.query === "string" && s.params.query.startsWith(target)))
    .map((s) => ({ action: s.action, r: results[s.step] }))
    .filter((x): x is { action: string; r: Record<string, unknown> } => typeof x.r?.lat === "number");
  return (points.find((x) => x.action === "midpoint") ?? points[0])?.r;
}

/**
 * 000's detail actions answer about one Google place: their facts go on that place where the search
 * found it (its own id, or a Kakao place of a similar name within 150 m), else the place joins the list.
 */
function attachDetails(places: Place[], details: DetailResult[]): Place[] {
  let out = places;
  for (const d of details) {
    const same = (p: Place) => (p.provider === "google" && p.id === d.place_id) || sameVenue(p, d.place);
    const matched = out.some(same);
    const info = (p: Place) =>
      googleInfoOf(d, p.provider === "google" && p.id === d.place_id ? "id" : "name_location");
    out = matched
      ? out.map((p) => (same(p) ? withGoogleInfo(p, info(p)) : p))
      : [...out, withGoogleInfo(d.place, googleInfoOf(d, "id"))];
  }
  return out;
}

/** reverse_geocode's address goes on the place at those coordinates (within 5 m). */
function attachAddresses(places: Place[], reversed: Record<string, unknown>[]): Place[] {
  if (!reversed.length) return places;
  return places.map((p) => {
    const r = reversed.find((x) => haversine({ lat: Number(x.lat), lng: Number(x.lng) }, p) <= 5);
    return r
      ? {
          ...p,
          reverseGeocode: {
            address: (r.address as string | null) ?? null,
            roadAddress: (r.roadAddress as string | null) ?? null,
            region: (r.region as string | null) ?? null,
          },
        }
      : p;
  });
}

/** What the steps found: their places deduplicated, with what detail and reverse-geocode steps said of them. */
export interface Found {
  results: Record<string, Result>;
  center: Record<string, unknown> | undefined;
  centerPoint: LatLng | undefined;
  places: Place[];
  removed: number;
  reversed: Record<string, unknown>[];
}

export function gather(state: ExecState): Found {
  const { plan } = state;
  const results = state.results as Record<string, Result>;
  const consumed = consumedSteps(plan);
  const center = centerOf(plan, results);
  const collected: Place[] = [];
  const details: DetailResult[] = [];
  const reversed: Record<string, unknown>[] = [];
  for (const step of plan.search_plan) {
    const r = results[step.step];
    if (!r) continue;
    if (Array.isArray(r.places) && !consumed.has(step.step)) collected.push(...(r.places as Place[]));
    if (DETAIL_ACTIONS.has(step.action)) details.push(r as DetailResult);
    if (step.action === "reverse_geocode") reversed.push(r);
  }
  const deduped =
    plan.post_processing.deduplicate === false ? { places: collected, removed: 0 } : dedupePlaces(collected);
  return {
    results,
    center,
    centerPoint: center ? { lat: center.lat as number, lng: center.lng as number } : undefined,
    places: attachAddresses(attachDetails(deduped.places, details), reversed),
    removed: deduped.removed + state.duplicatesRemoved,
    reversed,
  };
}
