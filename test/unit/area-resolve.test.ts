// A wider area named with a place decides which place is meant (shared/geo/area-resolve.ts), in place
// search (the translator, the geocode step) and in restaurant QA's location step alike.
// Cost: builds the gazetteer and the hierarchy's tables (the vendored CSVs, about a second).
import { describe, expect, it } from "vitest";
import { addressInRegions, regionsNamed, resolvePhrase } from "../../shared/geo/area-resolve.ts";
import { haversine } from "../../shared/geo/haversine.ts";
import { planQuery } from "../../shared/place-search/pipeline.ts";
import { resolveNearby } from "../../shared/restaurant-qa/geocode.ts";
import { rewriteWithRules } from "../../shared/restaurant-qa/rewrite.ts";
import type { PlaceSearchPort } from "../../shared/providers/port.ts";

const inside = (phrase: string) => {
  const r = resolvePhrase(phrase);
  if (!r?.inside) throw new Error(`${phrase}: not resolved inside`);
  return r.place;
};

describe("a place inside the area named with it", () => {
  it("is the namesake in the named city, district or province, not the best-known one", () => {
    expect(inside("강릉 교동")).toMatchObject({ sido: "강원특별자치도", sigungu: "강릉시", kind: "dong" });
    expect(inside("전주 교동").sigungu).toBe("전주시 완산구");
    expect(inside("안산 중앙동").sigungu).toBe("안산시 단원구");
    expect(inside("부산 중앙동")).toMatchObject({ sido: "부산", sigungu: "중구" });
    expect(inside("창원 상남동").sigungu).toBe("창원시 성산구");
    expect(inside("대구 수성구 범어동")).toMatchObject({ sido: "대구", sigungu: "수성구" });
    expect(inside("관악구 신사동").sigungu).toBe("관악구");
    expect(inside("은평구 신사동").sigungu).toBe("은평구");
    // a bare name is its dong (송정 → 송정동), a station name its station
    expect(inside("해운대 송정")).toMatchObject({ sigungu: "해운대구", name: "송정동" });
    expect(inside("일산 주엽역").kind).toBe("station");
  });

  it("says so when no place of the name lies in the area: never moved there", () => {
    const r = resolvePhrase("부산 강남역");
    expect(r).toMatchObject({ inside: false, name: "강남역" });
    expect(r && !r.inside && r.elsewhere.every((p) => p.sido === "서울")).toBe(true);
    // words that name no region, or no place, are no such phrase
    expect(resolvePhrase("강남역 2번출구")).toBeNull();
    expect(resolvePhrase("부산 카페")).toBeNull();
  });

  it("reads a region by every name people write (광주 is two: the city and 경기 광주시)", () => {
    expect(regionsNamed("광주").map((r) => `${r.sido} ${r.sigungu}`.trim())).toEqual(
      expect.arrayContaining(["광주", "경기 광주시"]),
    );
    const [busan] = regionsNamed("부산광역시");
    expect(addressInRegions({ formattedAddress: "부산 중구 동광동 1", lat: 0, lng: 0 }, [busan!])).toBe(true);
    expect(addressInRegions({ formattedAddress: "서울 중구 필동1가 1", lat: 0, lng: 0 }, [busan!])).toBe(
      false,
    );
  });
});

describe("two levels of region: a city and an area inside it that is no unit of its own today", () => {
  it("reads a former city by the units that hold its dongs now, from the admin table's history", () => {
    // 마산시 and 진해시 were merged into 창원시 (2010); 북제주군 into 제주시 (2006); 일산구 divided (2005)
    const now = (w: string) => regionsNamed(w).map((r) => `${r.sido} ${r.sigungu}`);
    expect(now("마산").sort()).toEqual(["경남 창원시 마산합포구", "경남 창원시 마산회원구"]);
    expect(now("진해")).toEqual(["경남 창원시 진해구"]);
    expect(now("북제주군")).toEqual(["제주특별자치도 제주시"]);
    expect(now("일산구").sort()).toEqual(["경기 고양시 일산동구", "경기 고양시 일산서구"]);
    // a unit that still holds its dongs is itself
    expect(now("칠곡")).toEqual(["경북 칠곡군"]);
    // a 시도 written onto its city names the city of that name there (경기광주 is never 광주광역시)
    expect(now("경기광주")).toEqual(["경기 광주시"]);
    expect(now("강원고성")).toEqual(["강원특별자치도 고성군"]);
  });

  it("places a bare name as the 동, 읍 or 면 of that name inside the named city", () => {
    expect(inside("양산 물금")).toMatchObject({ sigungu: "양산시", name: "물금읍" });
    expect(inside("김해 장유")).toMatchObject({ sigungu: "김해시", name: "장유동" });
  });

  it("plans a region word that lies elsewhere as the place of its name inside the city before it", async () => {
    // 칠곡 is also 경북 칠곡군; after 대구 it is 북구's 칠곡, never a question about 대구
    const chilgok = await planQuery("대구 칠곡 고깃집");
    expect(chilgok.meta.question).toBeUndefined();
    expect(chilgok.search_plan[0]!.params.query).toBe("대구 북구 칠곡동");
    // a 구 inside the city is the more specific of the two, never weighed against it
    const jinhae = await planQuery("창원 진해 카페");
    expect(jinhae.meta.question).toBeUndefined();
    const centre = jinhae.search_plan[0]!.params;
    expect(centre.query).toMatch(/진해/);
    // a word holding a kind's letters (장유: 유) is the place inside the region, not a typo of 장어
    const jangyu = await planQuery("김해 장유 아울렛");
    expect(jangyu.search_plan[0]!.params.query).toBe("경남 김해시 장유동");
    expect(JSON.stringify(jangyu.search_plan)).not.toMatch(/장어/);
  });

  it("locates a quarter the tables lack inside its city, never searching the whole city instead", async () => {
    // 시지 is a quarter of 대구 수성구 no table names: it is geocoded with its city, or said not found
    const p = await planQuery("대구 시지 이비인후과");
    expect(p.search_plan[0]!.params.query).toBe("대구 시지");
    expect(JSON.stringify(p.search_plan)).not.toMatch(/"radius":5000/);
    // a word after the city that is no kind's neighbour keeps the city (a day trip's course)
    expect((await planQuery("경주 당일치기 코스")).search_plan[0]!.params.query).not.toMatch(/당일치기/);
    // a station the rail tables lack is searched round the dong of its name, and said to be
    const hadan = await planQuery("하단역 편의점");
    expect(hadan.search_plan[0]!.params.query).toBe("부산 사하구 하단동");
    expect((await planQuery("부산 하단역 국밥")).search_plan[0]!.params.query).toBe("부산 사하구 하단동");
    // nor a verb's form or an offer menus write before the kind
    for (const q of ["인천 새로생긴 카페", "광주 무한리필 고기"])
      expect((await planQuery(q)).search_plan[0]!.params.query).not.toMatch(/새로생긴|무한리필/);
    // nor is the rest of a city hall written onto its city (제주시청앞)
    expect((await planQuery("제주시청앞 술집")).search_plan[0]!.params.query).not.toMatch(/청앞/);
  });
});

describe("the same in planning and in restaurant questions", () => {
  it("plans the namesake inside, and asks when the place is not in the area", async () => {
    const p = await planQuery("안산 중앙동 쌀국수");
    expect(p.search_plan[0]!.params.query).toBe("경기 안산시 단원구 중앙동");
    const asked = await planQuery("부산 강남역 카페");
    expect(asked.search_plan).toEqual([]);
    expect(asked.meta.question).toMatch(/부산에서 ‘강남역’을 찾지 못했어요/);
  });

  it("reads a place word that is also a district before a place outside it as two places", async () => {
    // 종로 and 강남 are places of their own (종로3가, 강남역); 부산 is only a region
    const p = await planQuery("강남 망원동 떡볶이");
    expect(p.meta.question ?? "").not.toMatch(/찾지 못했어요/);
    const listed = rewriteWithRules("홍대 종로 서울대입구역 맛집").structured.location?.map((l) => l.name);
    expect(listed).toEqual(["홍대", "종로", "서울대입구역"]);
  });

  it("restaurant QA's location step draws its circle around the namesake inside the area", async () => {
    const counter = { apiCalls: 0 };
    const { circles } = await resolveNearby(
      ["강릉 교동", "대구 수성구 범어동"],
      {},
      { defaultRadiusM: 3000, counter },
    );
    expect(haversine({ lat: circles[0]!.lat, lng: circles[0]!.lon }, inside("강릉 교동"))).toBeLessThan(10);
    expect(circles[0]!.radiusM).toBe(1500); // a dong's circle, not a city's
    expect(
      haversine({ lat: circles[1]!.lat, lng: circles[1]!.lon }, inside("대구 수성구 범어동")),
    ).toBeLessThan(10);
    const none = await resolveNearby(["부산 강남역"], {}, { defaultRadiusM: 3000, counter });
    expect(none.circles).toEqual([]);
    expect(none.warnings.join(" ")).toMatch(
      /부산에서 "강남역"을 찾지 못해, 그 지역 밖의 같은 이름으로 옮기지 않고/,
    );
  });

  it("a dong the tables lack is placed by the provider, inside the named city only", async () => {
    const counter = { apiCalls: 0 };
    // a provider that knows 여수 교동 (a legal dong in 여수 중앙동) and answers 대전 봉명동 with 천안's
    const points: Record<string, { lat: number; lng: number }> = {
      "여수 교동": { lat: 34.7397, lng: 127.7347 },
      "대전 봉명동": { lat: 36.801, lng: 127.1357 },
    };
    const kakao: PlaceSearchPort = {
      name: "kakao",
      dataSource: "kakao",
      synthetic: false,
      geocode: async (c, q) => (c.apiCalls++, points[q] ? { name: q, address: q, ...points[q] } : null),
      reverseGeocode: async () => ({ address: null, roadAddress: null, region: null }),
      keywordSearch: async () => [],
      categorySearch: async () => [],
    };
    const r = await resolveNearby(["여수 교동", "대전 봉명동"], { kakao }, { defaultRadiusM: 3000, counter });
    expect(r.circles).toEqual([
      { name: "여수 교동", lat: 34.7397, lon: 127.7347, radiusM: 1500, source: "kakao" },
    ]);
    expect(r.warnings.join(" ")).toMatch(/대전에서 "봉명동"을 찾지 못해/);
    // without a provider the tables alone decide: not found inside, said
    const offline = await resolveNearby(["여수 교동"], {}, { defaultRadiusM: 3000, counter });
    expect(offline.circles).toEqual([]);
    expect(offline.warnings.join(" ")).toMatch(/여수에서 "교동"을 찾지 못해/);
  });
});
