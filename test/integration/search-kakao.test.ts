// A whole place search through the real Kakao adapters over HTTP, against fake Kakao Local and Kakao
// Mobility servers on loopback.
import { afterEach, describe, expect, it } from "vitest";
import { limitTo, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import { searchPlaces } from "../../shared/place-search/pipeline.ts";
import { HaversineDistances } from "../../shared/providers/embedded/index.ts";
import { KakaoLocal } from "../../shared/providers/kakao-local.ts";
import { KakaoMobility } from "../../shared/providers/kakao-mobility.ts";
import { fixture, startFake, type FakeServer, type Recorded, type Reply } from "../helpers/fake-http.ts";
import { kakaoLocal } from "../helpers/fake-kakao.ts";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function kakaoDeps(
  localRoute: (r: Recorded) => Reply = kakaoLocal,
  naviFails = false,
): Promise<ExecDeps> {
  const local = await startFake(localRoute);
  const navi = await startFake(() => ({
    json: fixture(naviFails ? "kakaonavi.noroute.json" : "kakaonavi.directions.json"),
  }));
  servers.push(local, navi);
  return {
    places: new KakaoLocal({ apiKey: "k", baseUrl: local.url, retryDelayMs: 5 }),
    routes: new KakaoMobility({ apiKey: "k", baseUrl: navi.url }),
    travel: new HaversineDistances(),
    mapLimit: limitTo(8),
  };
}

describe("place search over Kakao", () => {
  it("route: geocode ×2, Kakao Mobility polyline, a keyword search per sample point × keyword", async () => {
    const deps = await kakaoDeps();
    const r = await searchPlaces("강남에서 판교 가는 길에 속이 편한 음식점", deps);
    const local = servers[0]!;
    const navi = servers[1]!;
    expect(navi.requests).toHaveLength(1);
    expect(navi.requests[0]!.query.get("origin")).toBe("127.027926,37.497175");
    const searches = local.requests.filter((x) => x.query.get("size") !== "1");
    // the fixture's road (13.8 km along its vertexes) sampled ≤ 5000 m apart: 4 points × 4 keywords
    // (the formula's 750 m gave 20 × 4)
    expect(searches).toHaveLength(4 * 4);
    expect(r.meta.apiCalls).toBe(2 + 1 + searches.length);
    expect(r.meta.warnings.join(" ")).not.toMatch(/직선을 따라/);
    expect(r.meta.dataSource).toBe("kakao");
    expect(r.places.length).toBe(10);
    expect(r.places.every((p) => p.provider === "kakao" && p.distanceFromStart !== undefined)).toBe(true);
  });

  it("no route from Kakao Mobility → the same search along a straight line, with a warning", async () => {
    const deps = await kakaoDeps(kakaoLocal, true);
    const r = await searchPlaces("강남에서 판교 가는 길에 해장국", deps);
    expect(r.meta.warnings.join(" ")).toMatch(/도로 경로를 받지 못해 .*직선을 따라 찾았습니다.*104/);
    expect(r.places.length).toBeGreaterThan(0);
  });

  it("a Kakao outage on one keyword: retried once, then a warning; the other keywords still answer", async () => {
    const deps = await kakaoDeps((r) =>
      r.query.get("query") === "우동"
        ? { status: 503, json: { code: -7, msg: "maintenance" } }
        : kakaoLocal(r),
    );
    const r = await searchPlaces("강남역 근처 우동이나 국밥", deps);
    expect(r.meta.warnings.join(" ")).toMatch(/"우동" 검색이 실패해 .*\(오류: kakao: -7: maintenance\)/);
    expect(servers[0]!.requests.filter((x) => x.query.get("query") === "우동")).toHaveLength(2);
    expect(r.places.length).toBeGreaterThan(0);
    expect(r.places.every((p) => p.keyword === "국밥")).toBe(true);
  });
});
