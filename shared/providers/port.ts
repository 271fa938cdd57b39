// The ports the executor talks to. Adapters: Kakao Local + Kakao Mobility, Google Places (New) +
// Routes, and the embedded provider (vendored geography, local places, straight lines, haversine).
import type { LatLng } from "../geo/haversine.ts";
import type { Place } from "../places/place.ts";
import type { CallCounter } from "./http.ts";

export interface GeoPoint extends LatLng {
  name: string;
  address: string | null;
  id?: string;
}

export interface AreaSearch {
  x?: number;
  y?: number;
  radius?: number;
  /** how many results are wanted; adapters page up to their cap (Kakao 45) */
  size: number;
  sort?: "accuracy" | "distance";
}

/** Kakao-shaped local search: Kakao itself in Korea, or the embedded data offline. */
export interface PlaceSearchPort {
  readonly name: "kakao" | "embedded";
  /** where the places come from, for meta.dataSource */
  readonly dataSource: string;
  readonly synthetic: boolean;
  geocode(c: CallCounter, query: string): Promise<GeoPoint | null>;
  reverseGeocode(
    c: CallCounter,
    p: LatLng,
  ): Promise<{ address: string | null; roadAddress: string | null; region: string | null }>;
  keywordSearch(c: CallCounter, query: string, area: AreaSearch & { category?: string }): Promise<Place[]>;
  categorySearch(c: CallCounter, category: string, area: AreaSearch): Promise<Place[]>;
}

export interface RouteResult {
  points: LatLng[];
  distanceMeters: number;
  durationSeconds: number | null;
}

export interface RoutePort {
  readonly name: string;
  route(
    c: CallCounter,
    origin: LatLng,
    destination: LatLng,
    opts: { mode: string; priority?: string; avoid?: string },
  ): Promise<RouteResult>;
}

export interface TravelEstimate {
  distance: number;
  duration: number | null;
}

export interface TravelDistancePort {
  readonly name: string;
  /** one estimate per destination, in order; null where no route exists */
  distances(
    c: CallCounter,
    origin: LatLng,
    destinations: LatLng[],
    mode: string,
  ): Promise<(TravelEstimate | null)[]>;
}

export interface PlaceDetails {
  place: Place;
  openNow: boolean | null;
  weekdayText: string[];
  /** when the current opening period ends (RFC 3339), null when closed or unknown */
  nextCloseTime: string | null;
  /** the place's offset from UTC, for its local clock */
  utcOffsetMinutes: number | null;
  editorialSummary: string | null;
  reviews: { author: string; rating: number | null; text: string; time: string | null }[];
}

/** Google Places (New): search abroad and details/reviews anywhere. */
export interface GooglePlacesPort {
  findPlace(c: CallCounter, query: string, near?: LatLng): Promise<GeoPoint | null>;
  textSearch(
    c: CallCounter,
    query: string,
    opts: { near?: LatLng; radius?: number; size?: number },
  ): Promise<Place[]>;
  details(c: CallCounter, placeId: string): Promise<PlaceDetails>;
  searchAlongRoute(c: CallCounter, query: string, encodedPolyline: string, origin?: LatLng): Promise<Place[]>;
  /** a photo's public image URL (so responses link photos without the key) */
  photoUri(c: CallCounter, photoName: string): Promise<string>;
}
