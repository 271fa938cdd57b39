// Kakao Local REST API (provider-apis.md §1): keyword/category search paged to the 45-result cap,
// geocoding by keyword search (size 1) then address search, coord2address.
import { z } from "zod";
import { KAKAO_CATEGORIES } from "../places/categories.ts";
import { detailOf, type Place } from "../places/place.ts";
import type { LatLng } from "../geo/haversine.ts";
import { ProviderHttp, type CallCounter } from "./http.ts";
import type { AreaSearch, GeoPoint, PlaceSearchPort } from "./port.ts";

const KakaoDoc = z.object({
  id: z.string(),
  place_name: z.string(),
  category_name: z.string(),
  category_group_code: z.string(),
  category_group_name: z.string(),
  phone: z.string(),
  address_name: z.string(),
  road_address_name: z.string(),
  x: z.string(),
  y: z.string(),
  place_url: z.string(),
  distance: z.string(),
});
type KakaoDoc = z.infer<typeof KakaoDoc>;

const SearchResponse = z.object({
  meta: z.object({ total_count: z.number(), pageable_count: z.number(), is_end: z.boolean() }),
  documents: z.array(KakaoDoc),
});
const AddressResponse = z.object({
  documents: z.array(z.object({ address_name: z.string(), x: z.string(), y: z.string() })),
});
const Coord2Address = z.object({
  documents: z.array(
    z.object({
      road_address: z.object({ address_name: z.string() }).nullable(),
      address: z
        .object({
          address_name: z.string(),
          region_1depth_name: z.string(),
          region_2depth_name: z.string(),
          region_3depth_name: z.string(),
        })
        .nullable(),
    }),
  ),
});

export const KAKAO_PAGE_SIZE = 15;
export const KAKAO_MAX_RESULTS = 45;
export const KAKAO_MAX_RADIUS = 20_000;

/** 000's table: Kakao fields → Place (numbers as numbers, "" distance → null). */
export function kakaoToPlace(d: KakaoDoc): Place {
  const lat = Number(d.y);
  const lng = Number(d.x);
  return {
    id: d.id,
    provider: "kakao",
    displayName: d.place_name,
    formattedAddress: d.address_name,
    roadAddress: d.road_address_name || null,
    location: { latitude: lat, longitude: lng },
    lat,
    lng,
    categoryCode: d.category_group_code || null,
    categoryName: d.category_name,
    categoryGroupName: d.category_group_name || null,
    detailCategory: detailOf(d.category_name),
    phone: d.phone || null,
    placeUrl: d.place_url,
    distance: d.distance === "" ? null : Number(d.distance),
    rating: null,
    reviewCount: null,
    openNow: null,
    photoUrl: null,
    category:
      d.category_group_name || (KAKAO_CATEGORIES as Record<string, string>)[d.category_group_code] || null,
  };
}

export class KakaoLocal implements PlaceSearchPort {
  readonly name = "kakao" as const;
  readonly dataSource = "kakao";
  readonly synthetic = false;
  private readonly http: ProviderHttp;

  constructor(opts: { apiKey: string; baseUrl?: string; timeoutMs?: number; retryDelayMs?: number }) {
    this.http = new ProviderHttp({
      provider: "kakao",
      baseUrl: opts.baseUrl ?? "https://dapi.kakao.com",
      timeoutMs: opts.timeoutMs ?? 5000,
      retryDelayMs: opts.retryDelayMs,
      headers: { authorization: `KakaoAK ${opts.apiKey}` },
      secrets: [opts.apiKey],
    });
  }

  /** Pages of 15 until `size` results, is_end or the 45-result cap. */
  private async paged(
    c: CallCounter,
    path: string,
    query: Record<string, string | number | undefined>,
    size: number,
  ): Promise<Place[]> {
    const want = Math.min(size, KAKAO_MAX_RESULTS);
    const out: Place[] = [];
    for (let page = 1; out.length < want && page <= KAKAO_MAX_RESULTS / KAKAO_PAGE_SIZE; page++) {
      const r = await this.http.json(c, path, SearchResponse, {
        query: { ...query, page, size: Math.min(KAKAO_PAGE_SIZE, want) },
      });
      out.push(...r.documents.map(kakaoToPlace));
      if (r.meta.is_end || r.documents.length === 0) break;
    }
    return out.slice(0, want);
  }

  private area(a: AreaSearch) {
    const located = a.x !== undefined && a.y !== undefined;
    return {
      x: a.x,
      y: a.y,
      radius: located && a.radius !== undefined ? Math.min(a.radius, KAKAO_MAX_RADIUS) : undefined,
      sort: a.sort === "distance" && located ? "distance" : undefined,
    };
  }

  keywordSearch(c: CallCounter, query: string, a: AreaSearch & { category?: string }): Promise<Place[]> {
    return this.paged(
      c,
      "/v2/local/search/keyword.json",
      { query, category_group_code: a.category, ...this.area(a) },
      a.size,
    );
  }

  categorySearch(c: CallCounter, category: string, a: AreaSearch): Promise<Place[]> {
    return this.paged(
      c,
      "/v2/local/search/category.json",
      { category_group_code: category, ...this.area(a) },
      a.size,
    );
  }

  async geocode(c: CallCounter, query: string): Promise<GeoPoint | null> {
    // place names (강남역) are found by keyword search; addresses by address search
    const byName = await this.http.json(c, "/v2/local/search/keyword.json", SearchResponse, {
      query: { query, size: 1 },
    });
    const d = byName.documents[0];
    if (d)
      return {
        name: d.place_name,
        lat: Number(d.y),
        lng: Number(d.x),
        address: d.road_address_name || d.address_name,
        id: d.id,
      };
    const byAddress = await this.http.json(c, "/v2/local/search/address.json", AddressResponse, {
      query: { query, size: 1 },
    });
    const a = byAddress.documents[0];
    return a ? { name: query, lat: Number(a.y), lng: Number(a.x), address: a.address_name } : null;
  }

  async reverseGeocode(c: CallCounter, p: LatLng) {
    const r = await this.http.json(c, "/v2/local/geo/coord2address.json", Coord2Address, {
      query: { x: p.lng, y: p.lat },
    });
    const d = r.documents[0];
    return {
      address: d?.address?.address_name ?? null,
      roadAddress: d?.road_address?.address_name ?? null,
      region: d?.address
        ? `${d.address.region_1depth_name} ${d.address.region_2depth_name} ${d.address.region_3depth_name}`
        : null,
    };
  }
}
