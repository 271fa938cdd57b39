// Place search end to end through the HTTP API on the embedded provider (the default with no keys),
// through the real workflow definition (Map fan-out included): the geometry of each strategy is checked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { projectOntoRoute, straightLine } from "../../shared/geo/route.ts";
import { lookupPlace } from "../../shared/geo/gazetteer.ts";
import { AgentResponse } from "../../shared/places/place.ts";
import { postJson, sharedServer, type TestServer } from "../helpers/server.ts";
import { NO_TRAVEL_PROVIDER } from "../../shared/place-search/warnings.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer(); // the worker's: this file searches only
});
afterAll(() => server.close());

async function search(query: string) {
  const res = await postJson(`${server.url}/v1/search`, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return AgentResponse.parse(res.body);
}

describe("POST /v1/search (embedded provider)", () => {
  it("radius: cafés within 1000 m of 강남역, sorted by distance, no duplicates, labelled synthetic", async () => {
    const r = await search("강남역 근처 카페");
    const station = lookupPlace("강남역")!;
    expect(r.searchParams).toMatchObject({
      location: { lat: station.lat, lng: station.lng },
      radius: 1000,
      keywords: ["카페"],
    });
    expect(r.places.length).toBeGreaterThan(3);
    for (const p of r.places) {
      expect(haversine(station, p)).toBeLessThanOrEqual(1000 + 1);
      expect(p.categoryCode).toBe("CE7");
      expect(p.distance).toBe(Math.round(haversine(station, p)));
      expect(p.synthetic).toBe(true);
    }
    const d = r.places.map((p) => p.distance!);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(new Set(r.places.map((p) => p.id)).size).toBe(r.places.length);
    expect(r.meta).toMatchObject({
      strategyUsed: "radius",
      provider: "kakao",
      dataSource: "embedded-demo",
      synthetic: true,
      apiCalls: 2,
      keywordsSearched: ["카페"],
    });
    expect(r.meta.warnings.join(" ")).toMatch(/내장 데모 데이터\(합성 데이터\)/);
  });

  it("radius with several keywords: each result matches one of them and says which", async () => {
    const r = await search("망원역 근처 국밥이나 칼국수");
    expect(r.places.length).toBeGreaterThan(0);
    for (const p of r.places) expect(["국밥", "칼국수"]).toContain(p.keyword);
  });

  it("route: places along 강남 → 판교, ordered from the start, spread over the route's segments", async () => {
    const r = await search("강남에서 판교 가는 길에 속이 편한 음식점");
    const line = straightLine(lookupPlace("강남역")!, lookupPlace("판교역")!);
    expect(r.meta.strategyUsed).toBe("route");
    // 2 geocodes + 4 sample points (13.6 km at ≤ 5000 m) × 4 keywords; the straight line costs no call
    expect(r.meta.apiCalls).toBe(2 + 4 * 4);
    expect(r.meta.warnings.join(" ")).toMatch(/직선을 따라/);
    expect(r.places.length).toBeGreaterThan(3);
    for (const p of r.places) {
      expect(projectOntoRoute(p, line).offRoute).toBeLessThanOrEqual(3000 + 1); // within searchRadius of the route
      expect(["해장국", "죽", "우동", "백반"]).toContain(p.keyword);
    }
    const along = r.places.map((p) => p.distanceFromStart!);
    expect(along).toEqual([...along].sort((a, b) => a - b));
    expect(Math.max(...along) - Math.min(...along)).toBeGreaterThan(5000); // not just the first kilometre
    expect(r.segments!.length).toBeGreaterThan(2);
  });

  it("point_travel: only places within the walking threshold, sorted by travel distance, with the haversine caveat", async () => {
    const r = await search("건대입구역에서 걸어서 10분 이내 카페");
    const station = lookupPlace("건대입구역")!;
    expect(r.meta.strategyUsed).toBe("point_travel");
    expect(r.places.length).toBeGreaterThan(0);
    for (const p of r.places) {
      expect(p.travelDistance).toBeLessThanOrEqual(800);
      expect(haversine(station, p)).toBeLessThanOrEqual(801);
      expect(p.travelMode).toBe("walking");
    }
    const t = r.places.map((p) => p.travelDistance!);
    expect(t).toEqual([...t].sort((a, b) => a - b));
    expect(r.meta.warnings.join(" ")).toContain(NO_TRAVEL_PROVIDER);
  });

  it("trip: 제주도 2박 3일 → three days with roles, lodging on the nights, each day ordered", async () => {
    const r = await search("제주도 2박 3일 코스 짜줘");
    expect(r.itinerary!.map((d) => d.day)).toEqual([1, 2, 3]);
    for (const day of r.itinerary!) {
      const places = day.places.map((id) => r.places.find((p) => p.id === id)!);
      expect(places.length).toBeGreaterThan(1);
      expect(places.length).toBeLessThanOrEqual(5);
      expect(places.every((p) => p.dayGroup === day.day && p.tripRole)).toBe(true);
    }
    const lodging = r.places.filter((p) => p.tripRole === "숙박");
    expect(lodging.map((p) => p.dayGroup)).toEqual([1, 2]);
    expect(new Set(r.places.map((p) => p.tripRole))).toEqual(new Set(["관광지", "맛집", "카페", "숙박"]));
  });

  it("review filters keep the places whose attributes mention them and rank by matches", async () => {
    const r = await search("강남역 근처 콘센트랑 와이파이 되는 카페");
    expect(r.places.length).toBeGreaterThan(0);
    for (const p of r.places) expect(p.reviewMatches!.length).toBeGreaterThan(0);
    const m = r.places.map((p) => p.reviewMatches!.length);
    expect(m).toEqual([...m].sort((a, b) => b - a));
  });

  it("pets: a disclaimer rides along", async () => {
    const r = await search("망원역 근처 애견동반 카페");
    expect(r.disclaimer).toMatch(/반려동물/);
  });

  it("abroad without a Google key: 200, the place located, no places, a clear warning", async () => {
    const r = await search("시부야 근처 라멘 맛집");
    expect(r.meta.provider).toBe("google");
    expect(r.places).toEqual([]);
    // said in Korean, with no setting name (the setting lives in `dongne status` and the page's settings)
    expect(r.meta.warnings.join(" ")).toMatch(/Google 지도가 설정되지 않아 해외 장소는 검색할 수 없습니다/);
    expect(r.meta.warnings.join(" ")).not.toMatch(/GOOGLE_MAPS_API_KEY/);
    expect(r.searchParams.location).toMatchObject({ lat: expect.closeTo(35.658, 2) });
  });

  it("an unknown own place fails its steps as warnings, not a crash", async () => {
    const r = await search("숙소에서 5km 이내 맛집");
    expect(r.places).toEqual([]);
    expect(r.meta.warnings.join(" ")).toMatch(/"숙소"의 위치를 찾지 못했습니다/);
  });

  it("?format=geojson returns a FeatureCollection of [lng, lat] points", async () => {
    const res = await fetch(`${server.url}/v1/search?format=geojson`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "강남역 근처 카페" }),
    });
    expect(res.headers.get("content-type")).toContain("application/geo+json");
    const fc = (await res.json()) as any;
    expect(fc.type).toBe("FeatureCollection");
    expect(fc.features.length).toBeGreaterThan(0);
    const f = fc.features[0];
    expect(f.geometry.type).toBe("Point");
    expect(f.geometry.coordinates[0]).toBeGreaterThan(126); // longitude first
    expect(f.properties.displayName).toBeTruthy();
  });

  it("?format=xml is a 400 naming format", async () => {
    const res = await postJson(`${server.url}/v1/search?format=xml`, { query: "강남역 근처 카페" });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe("format");
  });
});

describe("POST /v1/search/execute", () => {
  const plan = {
    strategy_type: "radius",
    provider: "kakao",
    search_plan: [
      { step: 1, action: "geocode", params: { query: "합정역" } },
      {
        step: 2,
        action: "keyword_search",
        params: { query: "파스타", x: "${step1.x}", y: "${step1.y}", radius: 1500, size: 15 },
      },
    ],
    post_processing: { sort_by: "distance", max_results: 5 },
  };

  it("runs a given plan", async () => {
    const res = await postJson(`${server.url}/v1/search/execute`, { plan, query: "합정 파스타" });
    expect(res.status).toBe(200);
    const r = AgentResponse.parse(res.body);
    expect(r.places.length).toBeGreaterThan(0);
    expect(r.places.length).toBeLessThanOrEqual(5);
    expect(r.meta.engine).toBe("client");
    expect(r.searchParams.keywords).toEqual(["파스타"]); // what is searched, not the place geocoded
  });

  it("rejects a plan that fails its check, naming the field", async () => {
    const bad = structuredClone(plan);
    (bad.search_plan[1]!.params as any).x = "${step3.x}";
    const res = await postJson(`${server.url}/v1/search/execute`, { plan: bad });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_plan", field: "plan.search_plan[1].params.x" });
  });

  it("rejects a missing plan and an action outside the allow-list", async () => {
    expect((await postJson(`${server.url}/v1/search/execute`, {})).body.error.field).toBe("plan");
    const evil = {
      ...plan,
      search_plan: [{ step: 1, action: "http_get", params: { url: "http://169.254.169.254" } }],
    };
    const res = await postJson(`${server.url}/v1/search/execute`, { plan: evil });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/허용된 action이 아닙니다/);
  });
});
