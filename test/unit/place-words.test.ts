// What a place word is read as: a short form of a station, a place named with its city or gu (inside
// it or asked about), a dish's word that is also a station's, and a word nothing locates (asked about).
// The examples are the tests' own, not rows of the blind place sets.
import { describe, expect, it } from "vitest";
import { planSearch } from "../../shared/place-search/planner.ts";
import { translateWithRules } from "../../shared/place-search/translator/rules.ts";
import { execute, initialState } from "../../shared/place-search/executor.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import type { SearchPlan } from "../../shared/place-search/schemas.ts";
import { limitTo, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import { HaversineDistances, StraightLineRoutes } from "../../shared/providers/embedded/index.ts";

const t = (q: string) => translateWithRules(q);
const center = (q: string) => t(q).result.locations.find((l) => l.role === "center");

describe("short forms of station names", () => {
  it.each([
    ["숙대 파스타", "숙대입구역"],
    ["한성대 카페", "한성대입구역"],
    ["외대 닭갈비", "외대앞역"],
    ["가디 국밥", "가산디지털단지역"],
    ["남터 순대국", "남부터미널역"],
    ["sushi near Guryongpo", "경북 포항시 남구 구룡포읍"],
  ])("%s → %s", (q, query) => {
    expect(center(q)).toMatchObject({ query });
    expect(t(q).result.unknown_place).toBeUndefined();
  });

  it("a short form is never a typo to correct (숙대 is not 순대)", () => {
    expect(t("숙대 파스타").result.search_keywords).not.toContain("순대");
  });
});

describe("a development district named after its place", () => {
  it.each([
    ["수완지구 카페", "광주 광산구 수완동"],
    ["위례신도시 카페", "송파구 위례동"],
    ["동탄신도시 맛집", "동탄역"],
    ["강릉 교동택지 짬뽕", "강원 강릉시 교동"],
  ])("%s → %s", (q, query) => expect(center(q)).toMatchObject({ query }));

  it("inside the region named with it, or asked about", () => {
    expect(t("부산 동탄신도시 맛집").result.area_mismatch).toMatchObject({ area: "부산" });
  });
});

describe("a dish's word that is also a station's name", () => {
  it("is the dish unless the words around it make it a place", () => {
    expect(t("고기국수 맛집").result.locations).toEqual([]);
    expect(t("오리 맛집").result.locations).toEqual([]);
    expect(center("국수역 맛집")).toMatchObject({ query: "국수역" });
    expect(center("오리 근처 카페")).toMatchObject({ query: "오리역" });
    // a station's name that is no dish stays the station (시청 맛집)
    expect(center("시청 맛집")).toMatchObject({ kind: "station" });
  });
});

describe("a place named with its city or gu", () => {
  it("is the place inside it; one read elsewhere beside the region alone is asked about", () => {
    const r = t("부산에서 강남역 근처 밀면").result;
    expect(r.area_mismatch).toMatchObject({ area: "부산", place: "강남역" });
    const plan = planSearch(r);
    expect(plan.question).toMatch(/부산에서 ‘강남역’을 찾지 못했어요/);
    expect(plan.search_plan).toEqual([]);
  });

  it("keeps the place the region holds over a far station read from a later word", () => {
    // 서문시장 is a market the tables know in 대구: the region keeps it
    const r = t("대구 서문시장 칼국수").result;
    expect(r.area_mismatch).toBeUndefined();
    expect(center("대구 서문시장 칼국수")?.name).toMatch(/서문시장/);
  });
});

describe("the geocode step keeps a place named with its region inside it", () => {
  const deps = (at: { lat: number; lng: number }): ExecDeps => ({
    places: {
      name: "kakao",
      dataSource: "kakao",
      synthetic: false,
      geocode: async (c, q) => (c.apiCalls++, { name: q, ...at, address: null }),
      reverseGeocode: async () => ({ address: null, roadAddress: null, region: null }),
      keywordSearch: async (c) => (c.apiCalls++, []),
      categorySearch: async (c) => (c.apiCalls++, []),
    },
    routes: new StraightLineRoutes(),
    travel: new HaversineDistances(),
    mapLimit: limitTo(4),
  });
  const plan: SearchPlan = {
    strategy_type: "radius",
    provider: "kakao",
    search_plan: [{ step: 1, action: "geocode", params: { query: "제주시 탑동거리" } }],
    post_processing: {},
  };
  const run = (at: { lat: number; lng: number }) =>
    execute(initialState(planFromClient(plan)), deps(at), { fanout: "inline" });

  it("a namesake the provider finds in another province is not searched", async () => {
    const s = await run({ lat: 37.516, lng: 127.399 }); // 양평
    expect(s.results["1"]).toBeNull();
    expect(s.warnings.join(" ")).toMatch(/제주시에서 "탑동거리"를 찾지 못했습니다/);
  });

  it("a point inside the named city is the place", async () => {
    const s = await run({ lat: 33.516, lng: 126.52 }); // 제주시 탑동
    expect(s.results["1"]).toMatchObject({ y: 33.516 });
  });
});

describe("a word written as the place that nothing locates", () => {
  it("is asked about, with the word as written (a street keeps its 로)", () => {
    const r = t("충장로 파스타").result;
    expect(r.unknown_place).toBe("충장로");
    const plan = planSearch(r);
    expect(plan.question).toMatch(/^‘충장로’의 위치를 알아보지 못했어요/);
    expect(plan.search_plan).toEqual([]);
    expect(t("pasta near Zorbatown").result.unknown_place).toBe("Zorbatown");
    // lowercase, only when written as romanized Korean
    expect(t("hwamyeongro pasta").result.unknown_place).toBe("hwamyeongro");
    expect(t("cozy cafe").result.unknown_place).toBeUndefined();
  });

  it("is no place when it is a verb's or adjective's form, or not where a place goes", () => {
    for (const q of ["카페 추천 좀 해줘용", "배고픈데 국밥", "맛있는 파스타집 ㅋㅋ", "파스타 맛집"])
      expect(t(q).result.unknown_place, q).toBeUndefined();
  });

  it("asks below the LLM threshold: with a key, the model may know the word", () => {
    expect(t("충장로 파스타").confidence).toBeLessThan(0.7);
  });
});
