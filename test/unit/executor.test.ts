// The executor's rules with stub ports (unit tests: our own modules replaced, no HTTP here).
import { describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { limitTo, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import { execute, initialState } from "../../shared/place-search/executor.ts";
import { substitute, UnresolvedReference } from "../../shared/place-search/references.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import type { Place } from "../../shared/places/place.ts";
import { postProcess } from "../../shared/place-search/postprocess.ts";
import type { SearchPlan } from "../../shared/place-search/schemas.ts";
import { ProviderError } from "../../shared/providers/http.ts";
import { HaversineDistances, StraightLineRoutes } from "../../shared/providers/embedded/index.ts";

const place = (id: string, lat: number, lng: number, extra: Partial<Place> = {}): Place => ({
  id,
  provider: "kakao",
  displayName: id,
  formattedAddress: "",
  roadAddress: null,
  location: { latitude: lat, longitude: lng },
  lat,
  lng,
  categoryCode: "FD6",
  categoryName: "음식점",
  categoryGroupName: "음식점",
  detailCategory: null,
  phone: null,
  placeUrl: `http://place.map.kakao.com/${id}`,
  distance: 100,
  rating: null,
  reviewCount: null,
  openNow: null,
  photoUrl: null,
  ...extra,
});

function deps(overrides: Partial<ExecDeps> = {}): ExecDeps {
  return {
    places: {
      name: "kakao",
      dataSource: "kakao",
      synthetic: false,
      geocode: async (c, q) => (
        c.apiCalls++,
        q === "nowhere" ? null : { name: q, lat: 37.5, lng: 127.0, address: null }
      ),
      reverseGeocode: async () => ({ address: null, roadAddress: null, region: null }),
      keywordSearch: async (c, q, a) => (
        c.apiCalls++,
        [place(`${q}-1`, (a.y ?? 37.5) + 0.001, a.x ?? 127), place("shared", 37.5, 127)]
      ),
      categorySearch: async (c) => (c.apiCalls++, [place("cat-1", 37.5, 127)]),
    },
    routes: new StraightLineRoutes(),
    travel: new HaversineDistances(),
    mapLimit: limitTo(4),
    ...overrides,
  };
}

const plan = (steps: SearchPlan["search_plan"], pp: SearchPlan["post_processing"] = {}): SearchPlan => ({
  strategy_type: "radius",
  provider: "kakao",
  search_plan: steps,
  post_processing: pp,
});
const run = (p: SearchPlan, d = deps()) => execute(initialState(planFromClient(p)), d, { fanout: "inline" });

describe("substitute", () => {
  it("replaces whole-value references, deep inside objects and arrays", () => {
    const results = { "1": { x: 127, y: 37.5, places: [1, 2] } };
    expect(
      substitute(
        { origin: { lat: "${step1.y}", lng: "${step1.x}" }, list: ["${step1.places}"], text: "kept" },
        results,
      ),
    ).toEqual({
      origin: { lat: 37.5, lng: 127 },
      list: [[1, 2]],
      text: "kept",
    });
  });
  it("fails on a missing step or field", () => {
    expect(() => substitute("${step2.x}", {})).toThrow(UnresolvedReference);
    expect(() => substitute("${step1.z}", { "1": { x: 1 } })).toThrow("1단계 결과에 `z` 값이 없습니다");
  });
});

describe("execute", () => {
  it("runs steps in order, feeding results forward, and counts calls and keywords", async () => {
    const s = await run(
      plan([
        { step: 1, action: "geocode", params: { query: "강남역" } },
        {
          step: 2,
          action: "multi_keyword_search",
          params: { queries: ["국밥", "우동"], x: "${step1.x}", y: "${step1.y}", radius: 1000 },
        },
      ]),
    );
    expect(s.apiCalls).toBe(3);
    expect(s.keywordsSearched).toEqual(["국밥", "우동"]);
    const places = (s.results["2"] as { places: Place[] }).places;
    expect(places.map((p) => p.id)).toEqual(["국밥-1", "shared", "우동-1"]); // the shared place once
    expect(places[0]!.keyword).toBe("국밥");
  });

  it("a failed step is a warning and its dependants are skipped, not a crash", async () => {
    const s = await run(
      plan([
        { step: 1, action: "geocode", params: { query: "nowhere" } },
        { step: 2, action: "keyword_search", params: { query: "카페", x: "${step1.x}", y: "${step1.y}" } },
      ]),
    );
    expect(s.warnings).toEqual([
      '1단계(장소 좌표 찾기)를 하지 못했습니다: "nowhere"의 위치를 찾지 못했습니다',
      "2단계(키워드 검색)를 건너뛰었습니다: 1단계의 결과가 없습니다",
    ]);
  });

  it("route polyline failure → straight-line sampling with a warning", async () => {
    const failing = {
      name: "kakao",
      route: async () => {
        throw new ProviderError("kakao-mobility", "no_result", "no route (result_code 104)");
      },
    };
    const s = await run(
      plan([
        { step: 1, action: "geocode", params: { query: "a" } },
        {
          step: 2,
          action: "route_polyline",
          params: {
            origin: { lat: 37.5, lng: 127 },
            destination: { lat: 37.4, lng: 127.1 },
            provider: "kakao",
          },
        },
        {
          step: 3,
          action: "sample_and_search",
          params: { polyline: "${step2.decodedPoints}", queries: ["맛집"], searchRadius: 3000 },
        },
      ]),
      deps({ routes: failing }),
    );
    expect((s.results["2"] as { routeSource: string }).routeSource).toBe("straight-line");
    expect(s.warnings.join(" ")).toMatch(/도로 경로를 받지 못해 .*\(오류: kakao-mobility: no route/);
    expect((s.results["3"] as { samplePoints: number }).samplePoints).toBeGreaterThan(2);
  });

  it("travel-distance failure → haversine filtering with the detour warning", async () => {
    const failing = {
      name: "google",
      distances: async () => {
        throw new ProviderError("google-routes", "server", "HTTP 503");
      },
    };
    const s = await run(
      plan([
        { step: 1, action: "geocode", params: { query: "a" } },
        {
          step: 2,
          action: "keyword_search",
          params: { query: "카페", x: "${step1.x}", y: "${step1.y}", radius: 1500 },
        },
        {
          step: 3,
          action: "distance_filter",
          params: {
            origin: { lat: "${step1.y}", lng: "${step1.x}" },
            places: "${step2.places}",
            threshold: 1000,
            mode: "walking",
          },
        },
      ]),
      deps({ travel: failing }),
    );
    expect(s.warnings.join(" ")).toMatch(
      /이동 거리를 받지 못해 직선거리로 걸렀습니다: 직선거리는 실제 이동 거리보다 짧아/,
    );
    const kept = (s.results["3"] as { places: Place[] }).places;
    expect(kept.every((p) => p.travelDistance! <= 1000 && p.travelMode === "walking")).toBe(true);
  });

  it("defers a route fan-out, then resumes with the points' results", async () => {
    const p = planFromClient(
      plan([
        {
          step: 1,
          action: "segment_route",
          params: { origin: { lat: 37.5, lng: 127 }, destination: { lat: 37.4, lng: 127.1 } },
        },
        {
          step: 2,
          action: "sample_and_search",
          params: { polyline: "${step1.decodedPoints}", queries: ["맛집"], searchRadius: 3000 },
        },
      ]),
    );
    const paused = await execute(initialState(p), deps(), { fanout: "defer" });
    expect(paused.fanout!.items.length).toBeGreaterThan(2);
    const resumed = await execute(
      {
        ...paused,
        fanoutResults: paused.fanout!.items.map((it) => ({
          places: [place(`p${it.point.index}`, it.point.lat, it.point.lng)],
          apiCalls: 1,
          warnings: [],
        })),
      },
      deps(),
      { fanout: "defer" },
    );
    expect(resumed.fanout).toBeUndefined();
    expect(resumed.apiCalls).toBe(paused.fanout!.items.length);
    expect((resumed.results["2"] as { places: Place[] }).places).toHaveLength(paused.fanout!.items.length);
  });
});

describe("000's action shapes", () => {
  it("route_polyline's duration as 000 writes it, with the seconds beside it", async () => {
    const route = {
      name: "kakao",
      route: async () => ({
        points: [
          { lat: 37.5, lng: 127 },
          { lat: 37.4, lng: 127.1 },
        ],
        distanceMeters: 198_000,
        durationSeconds: 8400,
      }),
    };
    const s = await run(
      plan([
        {
          step: 1,
          action: "route_polyline",
          params: { origin: { lat: 37.5, lng: 127 }, destination: { lat: 37.4, lng: 127.1 } },
        },
      ]),
      deps({ routes: route }),
    );
    expect(s.results["1"]).toMatchObject({
      distanceMeters: 198_000,
      duration: "2h20m",
      durationSeconds: 8400,
    });
  });

  it("segment_route honours interval; sample_and_search defaults searchRadius to 5000 m", async () => {
    const s = await run(
      plan([
        {
          step: 1,
          action: "segment_route",
          params: { origin: { lat: 37.5, lng: 127 }, destination: { lat: 37.41, lng: 127 }, interval: 2000 },
        },
        {
          step: 2,
          action: "sample_and_search",
          params: { polyline: "${step1.decodedPoints}", queries: ["맛집"], interval: "${step1.interval}" },
        },
      ]),
    );
    const line = s.results["1"] as { decodedPoints: { lat: number; lng: number }[]; interval: number };
    expect(line.interval).toBe(2000);
    const pts = line.decodedPoints;
    const gaps = pts.slice(1).map((p, i) => haversine(pts[i]!, p));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2000); // ~10 km: 6 pieces of ≤ 2 km
    expect(pts).toHaveLength(Math.ceil(haversine(pts[0]!, pts.at(-1)!) / 2000) + 1);
    expect(s.results["2"]).toMatchObject({ samplePoints: pts.length });
    expect((s.results["2"] as { interval: number }).interval).toBeLessThanOrEqual(2000);
    const items = (
      await execute(
        initialState(
          planFromClient(
            plan([
              {
                step: 1,
                action: "sample_and_search",
                params: {
                  polyline: [
                    { lat: 37.5, lng: 127 },
                    { lat: 37.4, lng: 127 },
                  ],
                  queries: ["맛집"],
                },
              },
            ]),
          ),
        ),
        deps(),
        { fanout: "defer" },
      )
    ).fanout!.items;
    expect(items[0]!.radius).toBe(5000);
  });

  it("distance_filter answers 000's {success, places, filteredOut, meta: {apiCalls, threshold, mode}}", async () => {
    const s = await run(
      plan([
        { step: 1, action: "keyword_search", params: { query: "카페", x: 127, y: 37.5, radius: 2000 } },
        {
          step: 2,
          action: "distance_filter",
          params: {
            origin: { lat: 37.5, lng: 127 },
            places: "${step1.places}",
            threshold: 50,
            mode: "walking",
          },
        },
      ]),
    );
    expect(s.results["2"]).toMatchObject({
      success: true,
      filteredOut: 1,
      meta: { apiCalls: 0, threshold: 50, mode: "walking" },
    });
  });

  it("multi_category_search with only 001's queries searches those words, and meta lists them", async () => {
    const s = await run(
      plan([
        {
          step: 1,
          action: "multi_category_search",
          params: { queries: ["관광지", "명소"], x: 127, y: 37.5, radius: 20000, tripRole: "관광지" },
        },
      ]),
    );
    expect(s.keywordsSearched).toEqual(["관광지", "명소"]);
    expect((s.results["1"] as { places: Place[] }).places.map((p) => p.id)).toEqual([
      "관광지-1",
      "shared",
      "명소-1",
    ]);
    expect(s.duplicatesRemoved).toBe(1); // "shared", found by both words
  });

  it("two keywords finding one place at a route sample point count as a duplicate removed", async () => {
    const s = await run(
      plan([
        {
          step: 1,
          action: "segment_route",
          params: { origin: { lat: 37.5, lng: 127 }, destination: { lat: 37.49, lng: 127 } },
        },
        {
          step: 2,
          action: "sample_and_search",
          params: { polyline: "${step1.decodedPoints}", queries: ["국밥", "우동"], searchRadius: 3000 },
        },
      ]),
    );
    const points = (s.results["2"] as { samplePoints: number }).samplePoints;
    // at each point both keywords find "shared" (one duplicate inside the point); across points the same
    // three places are seen again from every other point
    expect(points).toBeGreaterThan(1);
    expect(s.duplicatesRemoved).toBe(points + 3 * (points - 1));
  });
});

describe("scheduling", () => {
  it("runs independent steps together and dependent ones after", async () => {
    let inFlight = 0;
    let peak = 0;
    const order: string[] = [];
    const base = deps();
    const slow = {
      ...base.places,
      geocode: async (c: { apiCalls: number }, q: string) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        order.push(q);
        c.apiCalls++;
        return { name: q, lat: 37.5, lng: 127, address: null };
      },
    };
    const s = await run(
      plan([
        { step: 1, action: "geocode", params: { query: "a" } },
        { step: 2, action: "geocode", params: { query: "b" } },
        {
          step: 3,
          action: "segment_route",
          params: {
            origin: { lat: "${step1.y}", lng: "${step1.x}" },
            destination: { lat: "${step2.y}", lng: "${step2.x}" },
          },
        },
      ]),
      { ...base, places: slow },
    );
    expect(peak).toBe(2);
    expect(order.sort()).toEqual(["a", "b"]);
    expect(s.results["3"]).toMatchObject({ routeSource: "straight-line" });
  });
});

describe("postProcess", () => {
  it("dedupes by provider+id and placeUrl, counts it, sorts by distance, cuts to max_results", async () => {
    const s = await run(
      plan(
        [
          { step: 1, action: "keyword_search", params: { query: "a" } },
          { step: 2, action: "keyword_search", params: { query: "b" } },
        ],
        { sort_by: "distance", max_results: 2 },
      ),
    );
    const r = postProcess(s, { dataSource: "kakao", synthetic: false });
    expect(r.meta.duplicatesRemoved).toBe(1);
    expect(r.places).toHaveLength(2);
    expect(r.totalCount).toBe(3); // 000: what was found, before max_results cut it
  });
});
