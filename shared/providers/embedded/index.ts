// The embedded provider, the default with no keys: geocoding from the vendored geography, places from
// an imported store registry (DATA_DIR/places.jsonl) or else the synthetic demo world (read cell by
// cell, sources.ts), straight-line routes and haversine travel distances — the seeds' own fallbacks.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { lookupPlace } from "../../geo/gazetteer.ts";
import { haversine, type LatLng } from "../../geo/haversine.ts";
import { straightLine } from "../../geo/route.ts";
import { Place } from "../../places/place.ts";
import type { CallCounter } from "../http.ts";
import type {
  AreaSearch,
  GeoPoint,
  PlaceSearchPort,
  RoutePort,
  RouteResult,
  TravelDistancePort,
  TravelEstimate,
} from "../port.ts";
import { adminAreaOf, areaAddress } from "../../geo/admin-areas.ts";
import { matcher, maxScore, nameWords, requiredCategory, requiredText } from "./matcher.ts";
import { ProviderError } from "../http.ts";
import { Hits, type SearchHow } from "./hits.ts";
import { RegistrySource, WorldSource, type Need, type PlaceSource } from "./sources.ts";
import { nextTurn, TimeSlice } from "../../platform/concurrency.ts";

export const REGISTRY_FILE = "places.jsonl";
/** How far from an area's centre a point still takes its name (the widest 면 are ~10 km across). */
const REGION_REACH_M = 15_000;
const MAX_RESULTS = 45; // Kakao-shaped: the same cap as the real API
const WHOLE_AREA = 20_000;
/** places scored between two checks of the request's budget */
const SCAN_CHUNK = 500;

/** A search past the request's time budget is not started (like an HTTP provider's call). */
function checkBudget(c: CallCounter): void {
  if (c.deadline?.expired())
    throw new ProviderError("embedded", "deadline", "not called: the request's time budget is spent");
}

/** Geocodes "마포구 망원동", "서울 강남역", "제주시": the whole phrase, then its parts from the most specific. */
export function embeddedGeocode(query: string): GeoPoint | null {
  // "Shibuya, Tokyo" names the specific place first; "마포구 망원동" names it last
  const commaParts = query
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  const words = query
    .replace(/^(서울특별시|서울시|서울)\s+/, "")
    .split(/\s+/)
    .filter(Boolean);
  const specificFirst = commaParts.length > 1 ? commaParts : words.slice().reverse();
  const candidates = [
    query,
    words.join(" "),
    ...specificFirst,
    ...words.map((w) => w.replace(/(역|앞|입구)$/, "")),
  ];
  for (const c of candidates) {
    const e = lookupPlace(c);
    if (e)
      return { name: e.name, lat: e.lat, lng: e.lng, address: e.gu ? `서울 ${e.gu} ${e.name}` : e.query };
  }
  return null;
}

export class EmbeddedPlaces implements PlaceSearchPort {
  readonly name = "embedded" as const;

  constructor(readonly source: PlaceSource) {}

  get dataSource(): "embedded-demo" | "embedded-registry" {
    return this.source.dataSource;
  }

  get synthetic(): boolean {
    return this.dataSource === "embedded-demo";
  }

  /** Builds now, in slices, what a first keyword search would otherwise build. */
  prepare(): Promise<void> {
    return this.source.prepare();
  }

  /** The places the restaurant corpus is written from: the imported registry, or the demo world's pinned cells. */
  get places(): readonly Place[] {
    return this.source.pinned("corpus");
  }

  /** The places Mangwon-dong's stores are chosen from: the registry, or the demo world's Mangwon cells. */
  get mangwonPlaces(): readonly Place[] {
    return this.source.pinned("mangwon");
  }

  /** The imported registry when the user has loaded one, else the deterministic demo world. */
  static load(dataDir: string): EmbeddedPlaces {
    const file = join(dataDir, REGISTRY_FILE);
    if (existsSync(file)) {
      const places = readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => Place.parse(JSON.parse(l)));
      if (places.length) return new EmbeddedPlaces(new RegistrySource(places));
    }
    return new EmbeddedPlaces(new WorldSource());
  }

  async geocode(c: CallCounter, query: string): Promise<GeoPoint | null> {
    c.apiCalls++;
    return embeddedGeocode(query);
  }

  async reverseGeocode(c: CallCounter, p: LatLng) {
    c.apiCalls++;
    // the vendored administrative areas (all of Korea): the dong holding the point, or the nearest
    // centroid; a point far from every one (at sea, abroad) has no region
    const area = adminAreaOf(p);
    const region = haversine(p, area) <= REGION_REACH_M ? areaAddress(area) : null;
    return { address: region, roadAddress: null, region };
  }

  /**
   * Reads the source's shelves nearest first, scoring the places each can accept, until enough are
   * found. In accuracy order a search first reads only the places whose names can hold its words (the
   * best score): when enough of them score best, no other place can rank among them.
   */
  private async search(c: CallCounter, area: AreaSearch, how: SearchHow): Promise<Place[]> {
    checkBudget(c);
    c.apiCalls++;
    await this.source.ready();
    // every search takes a turn, and a long read pauses when its slice is spent (a cell built, places
    // scored): /health and other requests are answered while a plan's many searches run
    await nextTurn();
    const want = Math.min(area.size, MAX_RESULTS);
    const byDistance = area.sort === "distance";
    if (!byDistance && how.names?.length) {
      const narrow = await this.read(c, area, { ...how.need, names: how.names }, how, want);
      if (narrow.atBest >= want) return narrow.ranked(false);
    }
    return (await this.read(c, area, how.need, how, want)).ranked(byDistance);
  }

  private async read(c: CallCounter, area: AreaSearch, need: Need, how: SearchHow, want: number) {
    const located = area.x !== undefined && area.y !== undefined;
    const center = located ? { lat: area.y!, lng: area.x! } : undefined;
    const hits = new Hits(want, area.sort === "distance" ? undefined : how.best);
    const turns = new TimeSlice();
    const shelves = center
      ? this.source.near(center, area.radius ?? WHOLE_AREA, need, turns)
      : this.source.everywhere(need, turns);
    let scanned = 0;
    for await (const shelf of shelves) {
      if (center && hits.enough(shelf.distance)) break;
      for (const { place, distance } of shelf.places()) {
        if (++scanned % SCAN_CHUNK === 0) checkBudget(c);
        if (turns.due) {
          await turns.pause();
          checkBudget(c);
        }
        const score = how.accept(place);
        if (score > 0) hits.add(place, distance === null ? null : Math.round(distance), score);
      }
    }
    return hits;
  }

  async keywordSearch(
    c: CallCounter,
    query: string,
    area: AreaSearch & { category?: string },
  ): Promise<Place[]> {
    const score = matcher(query);
    const category = area.category ?? requiredCategory(query);
    return this.search(c, area, {
      need: { category, words: requiredText(query) },
      best: maxScore(query),
      names: nameWords(query),
      accept: (p) => (area.category && p.categoryCode !== area.category ? 0 : score(p)),
    });
  }

  async categorySearch(c: CallCounter, category: string, area: AreaSearch): Promise<Place[]> {
    return this.search(
      c,
      { ...area, sort: "distance" },
      { need: { category }, best: 1, accept: (p) => (p.categoryCode === category ? 1 : 0) },
    );
  }
}

/** Straight-line routes: the seeds' fallback when no road polyline is available. */
export class StraightLineRoutes implements RoutePort {
  readonly name = "straight-line";
  async route(_c: CallCounter, origin: LatLng, destination: LatLng): Promise<RouteResult> {
    return {
      points: straightLine(origin, destination),
      distanceMeters: Math.round(haversine(origin, destination)),
      durationSeconds: null,
    };
  }
}

/** Haversine travel distances (the seeds' fallback); callers add the detour caveat to meta.warnings. */
export class HaversineDistances implements TravelDistancePort {
  readonly name = "haversine";
  async distances(
    _c: CallCounter,
    origin: LatLng,
    destinations: LatLng[],
  ): Promise<(TravelEstimate | null)[]> {
    return destinations.map((d) => ({ distance: Math.round(haversine(origin, d)), duration: null }));
  }
}
