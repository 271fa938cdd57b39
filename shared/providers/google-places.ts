// Google Places API (New) (provider-apis.md §3): searchText with a location bias, searchNearby, details
// with reviews, Search Along Route with an encoded polyline. Photos are served through our own
// /v1/place-photos route so the key never appears in a response.
import { z } from "zod";
import type { LatLng } from "../geo/haversine.ts";
import type { Place } from "../places/place.ts";
import { ProviderHttp, type CallCounter } from "./http.ts";
import type { GeoPoint, GooglePlacesPort, PlaceDetails } from "./port.ts";

const Review = z.object({
  rating: z.number().optional(),
  text: z.object({ text: z.string() }).optional(),
  relativePublishTimeDescription: z.string().optional(),
  authorAttribution: z.object({ displayName: z.string().optional() }).optional(),
});

const GPlace = z.object({
  id: z.string(),
  displayName: z.object({ text: z.string() }).optional(),
  formattedAddress: z.string().optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  types: z.array(z.string()).optional(),
  primaryType: z.string().optional(),
  primaryTypeDisplayName: z.object({ text: z.string() }).optional(),
  rating: z.number().optional(),
  userRatingCount: z.number().optional(),
  currentOpeningHours: z
    .object({
      openNow: z.boolean().optional(),
      weekdayDescriptions: z.array(z.string()).optional(),
      /** RFC 3339; only while a period is open */
      nextCloseTime: z.string().optional(),
    })
    .optional(),
  utcOffsetMinutes: z.number().optional(),
  photos: z.array(z.object({ name: z.string() })).optional(),
  googleMapsUri: z.string().optional(),
  nationalPhoneNumber: z.string().optional(),
  editorialSummary: z.object({ text: z.string() }).optional(),
  reviews: z.array(Review).optional(),
});
type GPlace = z.infer<typeof GPlace>;

const SearchResponse = z.object({ places: z.array(GPlace).optional() });
const PhotoMedia = z.object({ photoUri: z.string() });

const SEARCH_FIELDS = [
  "id",
  "displayName",
  "formattedAddress",
  "location",
  "types",
  "primaryType",
  "primaryTypeDisplayName",
  "rating",
  "userRatingCount",
  "currentOpeningHours.openNow",
  "photos",
  "googleMapsUri",
  "nationalPhoneNumber",
];
const searchMask = SEARCH_FIELDS.map((f) => `places.${f}`).join(",");
const detailsMask = [
  ...SEARCH_FIELDS.filter((f) => f !== "currentOpeningHours.openNow"),
  "currentOpeningHours",
  "utcOffsetMinutes",
  "editorialSummary",
  "reviews",
].join(",");

const KOREAN_CATEGORY: [RegExp, string][] = [
  [/cafe|coffee|bakery|dessert/, "카페"],
  [/bar|pub|night_club|wine/, "술집"],
  [/restaurant|food|meal/, "음식점"],
  [/lodging|hotel|hostel/, "숙박"],
  [/tourist_attraction|museum|park|landmark/, "관광명소"],
];

export const googlePlaceUrl = (id: string) => `https://www.google.com/maps/place/?q=place_id:${id}`;

/** 000's Google mapping: numbers as numbers, roadAddress null, a Maps URL when none is given. */
export function googleToPlace(g: GPlace): Place {
  const types = g.types ?? [];
  const code = g.primaryType ?? types[0] ?? null;
  const categoryName = g.primaryTypeDisplayName?.text ?? types.join(" > ");
  return {
    id: g.id,
    provider: "google",
    displayName: g.displayName?.text ?? g.id,
    formattedAddress: g.formattedAddress ?? "",
    roadAddress: null,
    location: { latitude: g.location.latitude, longitude: g.location.longitude },
    lat: g.location.latitude,
    lng: g.location.longitude,
    categoryCode: code,
    categoryName,
    categoryGroupName: null,
    detailCategory: code,
    phone: g.nationalPhoneNumber ?? null,
    placeUrl: g.googleMapsUri ?? googlePlaceUrl(g.id),
    distance: null,
    rating: g.rating ?? null,
    reviewCount: g.userRatingCount ?? null,
    openNow: g.currentOpeningHours?.openNow ?? null,
    photoUrl: g.photos?.[0] ? `/v1/place-photos/${g.photos[0].name}` : null,
    category: KOREAN_CATEGORY.find(([re]) => re.test(types.join(" ")))?.[1] ?? null,
    tags: [],
    suitability: [],
  };
}

export class GooglePlaces implements GooglePlacesPort {
  private readonly http: ProviderHttp;
  /** the language of names and addresses (Korean by default: the product answers in Korean) */
  private readonly language: string;

  constructor(opts: {
    apiKey: string;
    baseUrl?: string;
    timeoutMs?: number;
    retryDelayMs?: number;
    languageCode?: string;
  }) {
    this.http = new ProviderHttp({
      provider: "google-places",
      baseUrl: opts.baseUrl ?? "https://places.googleapis.com",
      timeoutMs: opts.timeoutMs ?? 6000,
      retryDelayMs: opts.retryDelayMs,
      headers: { "x-goog-api-key": opts.apiKey },
      secrets: [opts.apiKey],
    });
    this.language = opts.languageCode ?? "ko";
  }

  /** places:searchText, the one endpoint behind text search, find-place and search along a route */
  private async searchText(c: CallCounter, textQuery: string, extra: object): Promise<Place[]> {
    const r = await this.http.json(c, "/v1/places:searchText", SearchResponse, {
      method: "POST",
      headers: { "x-goog-fieldmask": searchMask },
      body: { textQuery, languageCode: this.language, ...extra },
    });
    return (r.places ?? []).map(googleToPlace);
  }

  async textSearch(
    c: CallCounter,
    query: string,
    opts: { near?: LatLng; radius?: number; size?: number },
  ): Promise<Place[]> {
    return this.searchText(c, query, {
      pageSize: Math.min(opts.size ?? 20, 20),
      ...(opts.near
        ? {
            locationBias: {
              circle: {
                center: { latitude: opts.near.lat, longitude: opts.near.lng },
                radius: Math.min(opts.radius ?? 2000, 50_000),
              },
            },
          }
        : {}),
    });
  }

  async findPlace(c: CallCounter, query: string, near?: LatLng): Promise<GeoPoint | null> {
    const [first] = await this.textSearch(c, query, { near, size: 1 });
    return first
      ? {
          name: first.displayName,
          lat: first.lat,
          lng: first.lng,
          address: first.formattedAddress,
          id: first.id,
        }
      : null;
  }

  async searchNearby(
    c: CallCounter,
    center: LatLng,
    radius: number,
    includedTypes: string[],
  ): Promise<Place[]> {
    const r = await this.http.json(c, "/v1/places:searchNearby", SearchResponse, {
      method: "POST",
      headers: { "x-goog-fieldmask": searchMask },
      body: {
        includedTypes,
        maxResultCount: 20,
        languageCode: this.language,
        locationRestriction: {
          circle: {
            center: { latitude: center.lat, longitude: center.lng },
            radius: Math.min(radius, 50_000),
          },
        },
      },
    });
    return (r.places ?? []).map(googleToPlace);
  }

  async details(c: CallCounter, placeId: string): Promise<PlaceDetails> {
    const g = await this.http.json(c, `/v1/places/${encodeURIComponent(placeId)}`, GPlace, {
      headers: { "x-goog-fieldmask": detailsMask },
      query: { languageCode: this.language },
    });
    return {
      place: googleToPlace(g),
      openNow: g.currentOpeningHours?.openNow ?? null,
      weekdayText: g.currentOpeningHours?.weekdayDescriptions ?? [],
      nextCloseTime: g.currentOpeningHours?.nextCloseTime ?? null,
      utcOffsetMinutes: g.utcOffsetMinutes ?? null,
      editorialSummary: g.editorialSummary?.text ?? null,
      reviews: (g.reviews ?? []).map((r) => ({
        author: r.authorAttribution?.displayName ?? "",
        rating: r.rating ?? null,
        text: r.text?.text ?? "",
        time: r.relativePublishTimeDescription ?? null,
      })),
    };
  }

  async searchAlongRoute(
    c: CallCounter,
    query: string,
    encodedPolyline: string,
    origin?: LatLng,
  ): Promise<Place[]> {
    return this.searchText(c, query, {
      searchAlongRouteParameters: { polyline: { encodedPolyline } },
      ...(origin ? { routingParameters: { origin: { latitude: origin.lat, longitude: origin.lng } } } : {}),
    });
  }

  /** The public image URL of a photo (skipHttpRedirect), for the keyless /v1/place-photos route. */
  async photoUri(c: CallCounter, photoName: string, maxWidthPx = 400): Promise<string> {
    if (!/^places\/[^/]+\/photos\/[^/]+$/.test(photoName)) throw new Error("not a photo name");
    const r = await this.http.json(c, `/v1/${photoName}/media`, PhotoMedia, {
      query: { maxWidthPx, skipHttpRedirect: "true" },
    });
    return r.photoUri;
  }
}
