// Provider adapters over real HTTP against fake servers replaying the documented responses, including
// 401, 429, 5xx, malformed bodies and timeouts. Keys must never appear in an error.
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError, type CallCounter } from "../../shared/providers/http.ts";
import { GooglePlaces } from "../../shared/providers/google-places.ts";
import { GoogleRoutes } from "../../shared/providers/google-routes.ts";
import { KakaoLocal } from "../../shared/providers/kakao-local.ts";
import { KakaoMobility } from "../../shared/providers/kakao-mobility.ts";
import { fixture, startFake, type FakeServer, type Reply } from "../helpers/fake-http.ts";

const KEY = "kakao-secret-key-123";
let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
const counter = (): CallCounter => ({ apiCalls: 0 });

async function kakao(route: Parameters<typeof startFake>[0], timeoutMs = 2000) {
  fake = await startFake(route);
  return new KakaoLocal({ apiKey: KEY, baseUrl: fake.url, timeoutMs, retryDelayMs: 5 });
}

/** 15 documents for page `page` of `total`, Kakao-shaped. */
function page(total: number, pageNo: number) {
  const doc = fixture("kakao.keyword.json").documents[0];
  const start = (pageNo - 1) * 15;
  const n = Math.max(0, Math.min(15, total - start));
  return {
    meta: {
      total_count: total,
      pageable_count: Math.min(total, 45),
      is_end: start + n >= Math.min(total, 45),
    },
    documents: Array.from({ length: n }, (_, i) => ({
      ...doc,
      id: String(1000 + start + i),
      place_url: `http://place.map.kakao.com/${1000 + start + i}`,
    })),
  };
}

describe("Kakao Local", () => {
  it("normalizes the documented keyword response field for field (numbers as numbers)", async () => {
    const k = await kakao(() => ({ json: fixture("kakao.keyword.json") }));
    const c = counter();
    const [p] = await k.keywordSearch(c, "카페", { x: 127.02761, y: 37.497942, radius: 1000, size: 1 });
    expect(p).toMatchObject({
      id: "1108353737",
      provider: "kakao",
      displayName: "스타벅스 강남R점",
      formattedAddress: "서울 강남구 역삼동 825",
      roadAddress: "서울 강남구 강남대로 390",
      location: { latitude: 37.497711, longitude: 127.0284 },
      lat: 37.497711,
      lng: 127.0284,
      categoryCode: "CE7",
      categoryName: "음식점 > 카페 > 커피전문점 > 스타벅스",
      categoryGroupName: "카페",
      detailCategory: "스타벅스",
      phone: "1522-3232",
      placeUrl: "http://place.map.kakao.com/1108353737",
      distance: 152,
      rating: null,
      reviewCount: null,
      openNow: null,
      photoUrl: null,
    });
    const req = fake!.requests[0]!;
    expect(req.path).toBe("/v2/local/search/keyword.json");
    expect(req.headers.authorization).toBe(`KakaoAK ${KEY}`);
    expect(Object.fromEntries(req.query)).toMatchObject({
      query: "카페",
      x: "127.02761",
      y: "37.497942",
      radius: "1000",
    });
    expect(c.apiCalls).toBe(1);
  });

  it("maps an empty distance to null and an empty category code to null (category fixture)", async () => {
    const k = await kakao(() => ({ json: fixture("kakao.category.json") }));
    const [p] = await k.categorySearch(counter(), "PM9", { x: 127.06, y: 37.5, radius: 1000, size: 15 });
    expect(p).toMatchObject({ distance: null, categoryCode: "PM9", detailCategory: "약국" });
  });

  it("pages 15 at a time up to the 45-result cap", async () => {
    const k = await kakao((r) => ({ json: page(1873, Number(r.query.get("page"))) }));
    const c = counter();
    const places = await k.keywordSearch(c, "카페", { x: 127, y: 37.5, radius: 1000, size: 100 });
    expect(places).toHaveLength(45);
    expect(new Set(places.map((p) => p.id)).size).toBe(45);
    expect(fake!.requests.map((r) => r.query.get("page"))).toEqual(["1", "2", "3"]);
    expect(c.apiCalls).toBe(3);
  });

  it("stops paging at is_end", async () => {
    const k = await kakao((r) => ({ json: page(20, Number(r.query.get("page"))) }));
    expect(await k.keywordSearch(counter(), "카페", { size: 45 })).toHaveLength(20);
    expect(fake!.requests).toHaveLength(2);
  });

  it("geocodes a place name by keyword search (size 1), an address by address search", async () => {
    const k = await kakao((r) =>
      r.path.endsWith("keyword.json")
        ? {
            json:
              r.query.get("query") === "강남역"
                ? fixture("kakao.keyword.json")
                : { meta: { total_count: 0, pageable_count: 0, is_end: true }, documents: [] },
          }
        : { json: fixture("kakao.address.json") },
    );
    expect(await k.geocode(counter(), "강남역")).toMatchObject({ lat: 37.497711, lng: 127.0284 });
    expect(await k.geocode(counter(), "서울 강남구 테헤란로 152")).toMatchObject({
      lat: 37.500025,
      lng: 127.036482,
      address: "서울 강남구 테헤란로 152",
    });
    expect(fake!.requests.find((r) => r.path.endsWith("keyword.json"))!.query.get("size")).toBe("1");
  });

  it("reverse geocodes with coord2address (road address may be null)", async () => {
    const k = await kakao(() => ({ json: fixture("kakao.coord2address.json") }));
    expect(await k.reverseGeocode(counter(), { lat: 37.515, lng: 127.073 })).toEqual({
      address: "서울 송파구 잠실동 10",
      roadAddress: "서울특별시 송파구 올림픽로 25",
      region: "서울 송파구 잠실동",
    });
  });

  it("401: an auth error, not retried, without the key in the message", async () => {
    const k = await kakao(() => ({
      status: 401,
      json: { errorType: "AccessDeniedError", message: `wrong appKey(${KEY}) format` },
    }));
    const c = counter();
    const err = await k.keywordSearch(c, "카페", { size: 15 }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ reason: "auth", status: 401 });
    expect(err.message).toContain("AccessDeniedError");
    expect(err.message).not.toContain(KEY);
    expect(c.apiCalls).toBe(1);
  });

  it("400 (documented error body): a bad request, not retried", async () => {
    const k = await kakao(() => ({ status: 400, json: fixture("kakao.error.400.json") }));
    await expect(k.keywordSearch(counter(), "카페", { size: 15 })).rejects.toMatchObject({
      reason: "bad_request",
      message: expect.stringContaining("radius is out of range"),
    });
    expect(fake!.requests).toHaveLength(1);
  });

  it.each<[string, Reply]>([
    [
      "429",
      {
        status: 429,
        json: { errorType: "RequestThrottled", message: "API limit has been exceeded." },
        headers: { "retry-after": "0" },
      },
    ],
    ["503", { status: 503, json: { code: -7, msg: "maintenance" } }],
  ])("%s once: retried once, then succeeds", async (_name, failure) => {
    const k = await kakao(() => [failure, { json: fixture("kakao.keyword.json") }]);
    const c = counter();
    expect(await k.keywordSearch(c, "카페", { size: 1 })).toHaveLength(1);
    expect(c.apiCalls).toBe(2);
  });

  it("5xx twice: fails after exactly one retry", async () => {
    const k = await kakao(() => ({ status: 500, json: { code: -1, msg: "internal error" } }));
    const c = counter();
    await expect(k.keywordSearch(c, "카페", { size: 1 })).rejects.toMatchObject({
      reason: "server",
      status: 500,
    });
    expect(c.apiCalls).toBe(2);
  });

  it("a malformed body is a 'malformed' error naming where", async () => {
    const k = await kakao(() => [{ raw: "<html>gateway</html>" }, { json: { meta: {}, documents: "nope" } }]);
    await expect(k.keywordSearch(counter(), "카페", { size: 1 })).rejects.toMatchObject({
      reason: "malformed",
    });
    await expect(k.keywordSearch(counter(), "카페", { size: 1 })).rejects.toMatchObject({
      reason: "malformed",
      message: expect.stringContaining("meta"),
    });
  });

  it("a server that does not answer times out (retried once)", async () => {
    const k = await kakao(() => ({ hang: true }), 150);
    const c = counter();
    await expect(k.keywordSearch(c, "카페", { size: 1 })).rejects.toMatchObject({ reason: "timeout" });
    expect(c.apiCalls).toBe(2);
  });
});

describe("Kakao Mobility", () => {
  it("turns the documented directions response into points (x = longitude) and totals", async () => {
    fake = await startFake(() => ({ json: fixture("kakaonavi.directions.json") }));
    const m = new KakaoMobility({ apiKey: KEY, baseUrl: fake.url });
    const r = await m.route(
      counter(),
      { lat: 37.49795, lng: 127.0276 },
      { lat: 37.39474, lng: 127.1112 },
      { priority: "RECOMMEND" },
    );
    expect(r.distanceMeters).toBe(17452);
    expect(r.durationSeconds).toBe(1690);
    expect(r.points[0]).toEqual({ lat: 37.49795, lng: 127.0276 });
    expect(r.points.at(-1)).toEqual({ lat: 37.39474, lng: 127.1112 });
    expect(r.points).toHaveLength(5); // the shared vertex between roads appears once
    expect(fake.requests[0]!.query.get("origin")).toBe("127.0276,37.49795");
  });

  it("a non-zero result_code (HTTP 200) is 'no_result'", async () => {
    fake = await startFake(() => ({ json: fixture("kakaonavi.noroute.json") }));
    const m = new KakaoMobility({ apiKey: KEY, baseUrl: fake.url });
    await expect(
      m.route(counter(), { lat: 37.5, lng: 127 }, { lat: 37.5, lng: 127 }, {}),
    ).rejects.toMatchObject({ reason: "no_result", message: expect.stringContaining("104") });
  });
});

describe("Google Places (New)", () => {
  const GKEY = "google-secret-key-456";

  it("text search sends a field mask and location bias, and maps the documented place", async () => {
    fake = await startFake(() => ({ json: fixture("google.searchText.json") }));
    const g = new GooglePlaces({ apiKey: GKEY, baseUrl: fake.url });
    const [p] = await g.textSearch(counter(), "칼국수", { near: { lat: 37.56, lng: 126.98 }, radius: 1000 });
    expect(p).toMatchObject({
      id: "ChIJ3yZ1s3yifDUR5pD4mRk0qI8",
      provider: "google",
      displayName: "명동교자 본점",
      roadAddress: null,
      lat: 37.5626,
      lng: 126.9856,
      categoryCode: "korean_restaurant",
      rating: 4.3,
      reviewCount: 18234,
      openNow: true,
      placeUrl: "https://maps.google.com/?cid=10353066227035820262",
      category: "음식점",
    });
    expect(p!.photoUrl).toBe("/v1/place-photos/places/ChIJ3yZ1s3yifDUR5pD4mRk0qI8/photos/AUy1YQ2example");
    expect(p!.photoUrl).not.toContain(GKEY);
    const req = fake.requests[0]!;
    expect(req.headers["x-goog-api-key"]).toBe(GKEY);
    expect(req.headers["x-goog-fieldmask"]).toContain("places.id");
    expect(req.body).toMatchObject({
      textQuery: "칼국수",
      languageCode: "ko",
      locationBias: { circle: { center: { latitude: 37.56, longitude: 126.98 }, radius: 1000 } },
    });
  });

  it("search along route sends the encoded polyline and origin", async () => {
    fake = await startFake(() => ({ json: fixture("google.sar.response.json") }));
    const g = new GooglePlaces({ apiKey: GKEY, baseUrl: fake.url });
    const places = await g.searchAlongRoute(counter(), "해장국", "eyzcFoaifWpoDogAnsM_aM", {
      lat: 37.49795,
      lng: 127.0276,
    });
    expect(places[0]).toMatchObject({
      displayName: "양평해장국 양재점",
      placeUrl: "https://www.google.com/maps/place/?q=place_id:ChIJexampleA",
    });
    expect(fake.requests[0]!.body).toMatchObject({
      textQuery: "해장국",
      languageCode: "ko",
      searchAlongRouteParameters: { polyline: { encodedPolyline: "eyzcFoaifWpoDogAnsM_aM" } },
      routingParameters: { origin: { latitude: 37.49795, longitude: 127.0276 } },
    });
  });

  it("403 PERMISSION_DENIED is an auth error", async () => {
    fake = await startFake(() => ({
      status: 403,
      json: { error: { code: 403, message: "API not enabled", status: "PERMISSION_DENIED" } },
    }));
    const g = new GooglePlaces({ apiKey: GKEY, baseUrl: fake.url });
    await expect(g.textSearch(counter(), "x", {})).rejects.toMatchObject({
      reason: "auth",
      message: expect.stringContaining("PERMISSION_DENIED"),
    });
  });
});

describe("Google Routes", () => {
  it("computeRoutes decodes the documented polyline", async () => {
    fake = await startFake(() => ({ json: fixture("google.computeRoutes.json") }));
    const g = new GoogleRoutes({ apiKey: "k", baseUrl: fake.url });
    const r = await g.route(
      counter(),
      { lat: 37.42, lng: -122.08 },
      { lat: 37.41, lng: -122.08 },
      { mode: "DRIVE" },
    );
    expect(r.distanceMeters).toBe(12873);
    expect(r.durationSeconds).toBe(1534);
    expect(r.points.length).toBeGreaterThan(10);
  });

  it("an empty answer (Korea) is 'no_result'", async () => {
    fake = await startFake(() => ({ json: {} }));
    const g = new GoogleRoutes({ apiKey: "k", baseUrl: fake.url });
    await expect(
      g.route(counter(), { lat: 37.5, lng: 127 }, { lat: 37.4, lng: 127.1 }, { mode: "DRIVE" }),
    ).rejects.toMatchObject({ reason: "no_result" });
  });

  it("computeRouteMatrix: one estimate per destination, null where no route", async () => {
    fake = await startFake(() => ({
      json: [
        { originIndex: 0, destinationIndex: 1, status: {}, condition: "ROUTE_NOT_FOUND" },
        {
          originIndex: 0,
          destinationIndex: 0,
          status: {},
          condition: "ROUTE_EXISTS",
          distanceMeters: 612,
          duration: "476s",
        },
      ],
    }));
    const g = new GoogleRoutes({ apiKey: "k", baseUrl: fake.url });
    const d = await g.distances(
      counter(),
      { lat: 0, lng: 0 },
      [
        { lat: 0, lng: 0.01 },
        { lat: 0, lng: 0.02 },
      ],
      "walking",
    );
    expect(d).toEqual([{ distance: 612, duration: 476 }, null]);
    expect(fake.requests[0]!.body.travelMode).toBe("WALK");
  });
});
