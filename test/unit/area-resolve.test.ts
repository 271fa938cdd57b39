// A wider area named with a place decides which place is meant (shared/geo/area-resolve.ts), in place
// search (the translator, the geocode step) and in restaurant QA's location step alike.
// Cost: builds the gazetteer and the hierarchy's tables (the vendored CSVs, about a second).
import { describe, expect, it } from "vitest";
import { addressInRegions, regionsNamed, resolvePhrase } from "../../shared/geo/area-resolve.ts";
import { haversine } from "../../shared/geo/haversine.ts";
import { planQuery } from "../../shared/place-search/pipeline.ts";
import { resolveNearby } from "../../shared/restaurant-qa/geocode.ts";
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

describe("the same in planning and in restaurant questions", () => {
  it("plans the namesake inside, and asks when the place is not in the area", async () => {
    const p = await planQuery("안산 중앙동 쌀국수");
    expect(p.search_plan[0]!.params.query).toBe("경기 안산시 단원구 중앙동");
    const asked = await planQuery("부산 강남역 카페");
    expect(asked.search_plan).toEqual([]);
    expect(asked.meta.question).toMatch(/부산에서 ‘강남역’을 찾지 못했어요/);
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
