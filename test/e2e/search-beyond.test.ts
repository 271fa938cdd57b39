// What map users expect beyond the seeds, over HTTP through the real workflow definitions (embedded
// provider): "near me" with the user's position (and a question without it), meeting halfway, more
// results by a stateless cursor, the interpretation, and why an empty answer is empty. Photos abroad
// come back as absolute URLs (a fake Google on loopback).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { lookupPlace } from "../../shared/geo/gazetteer.ts";
import { AgentResponse } from "../../shared/places/place.ts";
import { PlanResponse } from "../../shared/place-search/schemas.ts";
import { GooglePlaces } from "../../shared/providers/google-places.ts";
import { startFake, type FakeServer } from "../helpers/fake-http.ts";
import { fakeGoogle } from "../helpers/fake-google.ts";
import { postJson, startServer, testExecDeps, type TestServer } from "../helpers/server.ts";
import { NO_LOCATION } from "../../shared/place-search/warnings.ts";

let server: TestServer;
let google: FakeServer;
beforeAll(async () => {
  google = await startFake(fakeGoogle());
  const places = new GooglePlaces({ apiKey: "g", baseUrl: google.url });
  server = await startServer({ exec: () => ({ ...testExecDeps(), google: places }) });
});
afterAll(async () => {
  await server.close();
  await google.close();
});

async function search(body: Record<string, unknown>) {
  const res = await postJson(`${server.url}/v1/search`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return AgentResponse.parse(res.body);
}

const mangwon = lookupPlace("망원역")!;

describe("near me", () => {
  it("근처 카페 with the user's position searches around it, and says so", async () => {
    const r = await search({ query: "근처 카페", location: { lat: mangwon.lat, lng: mangwon.lng } });
    expect(r.searchParams.location).toMatchObject({
      lat: mangwon.lat,
      lng: mangwon.lng,
      address: expect.any(String),
    });
    expect(r.places.length).toBeGreaterThan(0);
    for (const p of r.places) {
      expect(haversine(mangwon, p)).toBeLessThanOrEqual(1001);
      expect(p.categoryCode).toBe("CE7");
    }
    expect(r.meta.interpretation!.anchors[0]).toMatchObject({ role: "user", lat: mangwon.lat });
    expect(r.meta.interpretation!.text).toMatch(/^내 위치 .*반경 1km · 카페$/);
    expect(r.meta.warnings.join(" ")).not.toContain(NO_LOCATION);
  });

  it("내 주변 맛집 without a position: no nationwide search, the answer asks for a place", async () => {
    const r = await search({ query: "내 주변 맛집" });
    expect(r.places).toEqual([]);
    expect(r.meta.apiCalls).toBe(0);
    expect(r.meta.emptyReason?.code).toBe("needs_location");
    expect(r.meta.interpretation!.question).toMatch(/어디 근처/);
    // a person is asked for a place; the API's field name stays out of the text (emptyReason's code says it)
    expect(r.meta.suggestion).toMatch(/어디 근처/);
    expect(r.meta.suggestion).not.toMatch(/location/);
  });

  it("the plan endpoint takes the position too, and a bad one is a 400 naming it", async () => {
    const res = await postJson(`${server.url}/v1/search/plan`, { query: "근처 카페", location: mangwon });
    expect(res.status, JSON.stringify(res.body)).toBe(400); // a gazetteer entry is not {lat, lng}
    expect(res.body.error.field).toMatch(/^location/);
    const ok = await postJson(`${server.url}/v1/search/plan`, {
      query: "근처 카페",
      location: { lat: mangwon.lat, lng: mangwon.lng },
    });
    const plan = PlanResponse.parse(ok.body);
    expect(plan.search_plan[0]).toMatchObject({
      action: "reverse_geocode",
      params: { x: mangwon.lng, y: mangwon.lat },
    });
    const far = await postJson(`${server.url}/v1/search`, {
      query: "근처 카페",
      location: { lat: 91, lng: 0 },
    });
    expect(far.status).toBe(400);
    expect(far.body.error.field).toBe("location.lat");
  });
});

describe("meeting halfway", () => {
  it("강남역과 홍대 중간: around the midpoint, not along a drive from 강남", async () => {
    const r = await search({ query: "강남역과 홍대 중간에서 만나기 좋은 카페" });
    const a = lookupPlace("강남역")!;
    const b = lookupPlace("홍대입구역")!;
    expect(r.meta.strategyUsed).toBe("radius");
    expect(r.meta.apiCalls).toBe(3); // two geocodes, one search
    const mid = r.searchParams.location!;
    expect(Math.abs(haversine(mid, a) - haversine(mid, b))).toBeLessThan(50);
    expect(mid.name).toMatch(/강남역·홍대 중간/);
    for (const p of r.places) expect(haversine(mid, p)).toBeLessThanOrEqual(r.searchParams.radius! + 1);
    expect(r.meta.interpretation!.anchors.map((x) => x.role)).toEqual(["center", "center", "midpoint"]);
  });
});

describe("more results", () => {
  it("the cursor returns the next places of the same search, without planning again", async () => {
    const first = await search({ query: "강남역 근처 카페" });
    expect(first.meta.page).toMatchObject({ number: 1, size: 10, next: expect.any(String) });
    expect(first.totalCount).toBeGreaterThan(10);
    const second = await search({ cursor: first.meta.page!.next });
    expect(second.meta.page!.number).toBe(2);
    expect(second.query).toBe("강남역 근처 카페");
    expect(second.places.length).toBeGreaterThan(0);
    const seen = new Set(first.places.map((p) => p.id));
    for (const p of second.places) expect(seen.has(p.id)).toBe(false);
    const d2 = second.places.map((p) => p.distance!);
    expect(d2).toEqual([...d2].sort((a, b) => a - b));
    expect(second.meta.engine).toBe(first.meta.engine);
    expect(second.meta.llmCalls).toBe(0);
    // later pages ask the provider for all it gives (45 a keyword search): more found than page 1's 15
    expect(second.totalCount).toBeGreaterThan(first.totalCount);
    // and from page 2 on, one ranking: page 3 continues where page 2 ended, with nothing seen twice
    const third = await search({ cursor: second.meta.page!.next });
    expect(third.meta.page!.number).toBe(3);
    for (const p of third.places) expect(seen.has(p.id)).toBe(false);
    for (const p of third.places) expect(second.places.some((q) => q.id === p.id)).toBe(false);
    expect(third.places[0]!.distance!).toBeGreaterThanOrEqual(second.places.at(-1)!.distance!);
  });

  it("a route search pages over its segments too", async () => {
    const first = await search({ query: "강남에서 판교 가는 길에 속이 편한 음식점" });
    const second = await search({ cursor: first.meta.page!.next });
    const seen = new Set(first.places.map((p) => p.id));
    expect(second.places.length).toBeGreaterThan(0);
    for (const p of second.places) expect(seen.has(p.id)).toBe(false);
    expect(second.segments!.length).toBeGreaterThan(1);
  });

  it("a cursor that is not one is a 400 naming it; a tampered plan fails its check", async () => {
    const bad = await postJson(`${server.url}/v1/search`, { cursor: "not-a-cursor" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "invalid_cursor", field: "cursor" });
    expect(bad.body.error.message).toMatch(/이 API가 준 커서가 아닙니다/);
    const none = await postJson(`${server.url}/v1/search`, {});
    expect(none.status).toBe(400);
    expect(none.body.error.field).toBe("query");
  });
});

describe("the interpretation and the empty answer", () => {
  it("meta.interpretation: anchors, keywords, conditions and corrections a client can show", async () => {
    const r = await search({ query: "합점역 근처 프랜차이즈 말고 카페" });
    expect(r.meta.interpretation).toMatchObject({
      anchors: [{ name: "합정역", role: "center", lat: expect.any(Number) }],
      keywords: ["카페"],
      conditions: ["프랜차이즈 제외"],
      corrections: [{ from: "합점역", to: "합정역" }],
      text: "합정역 반경 1km · 카페 · 프랜차이즈 제외",
    });
  });

  it("nothing found: why, and 000's suggestion (a wider radius, another keyword)", async () => {
    const r = await search({ query: "강남역 근처 xyzzy가게" });
    expect(r.places).toEqual([]);
    expect(r.totalCount).toBe(0);
    expect(r.meta.emptyReason).toMatchObject({
      code: "nothing_found",
      message: expect.stringContaining("1km"),
    });
    expect(r.meta.suggestion).toMatch(/반경을 2km로 넓히거나 다른 키워드/);
    expect(r.meta.page!.next).toBeNull();
  });

  it("every place has its areaGroup, from its address", async () => {
    const r = await search({ query: "망원역 근처 빵집" });
    expect(r.places.length).toBeGreaterThan(0);
    for (const p of r.places) expect(p.formattedAddress).toContain(p.areaGroup!);
  });

  it("photos abroad are absolute URLs on this API (the key stays server-side)", async () => {
    const r = await search({ query: "시부야 근처 라멘 맛집" });
    expect(r.places.length).toBeGreaterThan(0);
    for (const p of r.places)
      expect(p.photoUrl).toMatch(new RegExp(`^${server.url}/v1/place-photos/places/`));
  });
});
