// A wider area named with a place decides which place is meant (shared/geo/area-resolve.ts), in place
// search (the translator, the geocode step) and in restaurant QA's location step alike.
// Cost: builds the gazetteer and the hierarchy's tables (the vendored CSVs, about a second).
import { describe, expect, it } from "vitest";
import { addressInRegions, regionsNamed, resolvePhrase } from "../../shared/geo/area-resolve.ts";
import { haversine } from "../../shared/geo/haversine.ts";
import { planQuery } from "../../shared/place-search/pipeline.ts";
import { resolveNearby } from "../../shared/restaurant-qa/geocode.ts";

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
});
