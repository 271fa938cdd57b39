// Trips hold together (per-day quotas within max_per_day, lodging every night) and every place's
// areaGroup comes from its address (001).
import { describe, expect, it } from "vitest";
import { areaGroupOf } from "../../shared/place-search/area-group.ts";
import type { Place } from "../../shared/places/place.ts";
import { layoutTrip } from "../../shared/place-search/trip.ts";

const center = { lat: 33.4996, lng: 126.5312 };
let n = 0;
const place = (role: string, extra: Partial<Place> = {}): Place => {
  n++;
  const lat = center.lat + Math.sin(n) * 0.05;
  const lng = center.lng + Math.cos(n) * 0.05;
  return {
    id: `p${n}`,
    provider: "kakao",
    displayName: `${role} ${n}`,
    formattedAddress: "제주특별자치도 제주시 연동 1",
    roadAddress: null,
    location: { latitude: lat, longitude: lng },
    lat,
    lng,
    categoryCode: null,
    categoryName: role,
    categoryGroupName: null,
    detailCategory: null,
    phone: null,
    placeUrl: `http://place.map.kakao.com/p${n}`,
    distance: null,
    rating: null,
    reviewCount: null,
    openNow: null,
    photoUrl: null,
    tripRole: role,
    ...extra,
  };
};
const many = (role: string, k: number) => Array.from({ length: k }, () => place(role));

describe("layoutTrip", () => {
  it("puts lodging on every night first, then fills round-robin within max_per_day and each role's quota", () => {
    const candidates = [...many("관광지", 9), ...many("맛집", 9), ...many("카페", 9), ...many("숙박", 3)];
    for (const max of [3, 5]) {
      const t = layoutTrip(candidates, center, 3, 2, max, true);
      expect(t.itinerary.map((d) => d.day)).toEqual([1, 2, 3]);
      for (const day of t.itinerary) {
        expect(day.places.length).toBeLessThanOrEqual(max);
        const roles = day.places.map((id) => candidates.find((p) => p.id === id)!.tripRole);
        expect(roles.filter((r) => r === "숙박")).toHaveLength(day.day <= 2 ? 1 : 0);
        expect(roles.filter((r) => r === "관광지").length).toBeLessThanOrEqual(2);
        expect(roles.filter((r) => r === "맛집").length).toBeLessThanOrEqual(2);
        expect(roles.filter((r) => r === "카페").length).toBeLessThanOrEqual(1);
        if (day.day <= 2) expect(roles.at(-1)).toBe("숙박"); // the day ends at its lodging
      }
      expect(t.nightsWithoutLodging).toBe(0);
    }
  });

  it("one lodging for two nights: kept the second night (listed once); none at all: said", () => {
    const one = layoutTrip([...many("관광지", 6), ...many("숙박", 1)], center, 3, 2, 5, false);
    expect(one.lodgingReused).toBe(1);
    const lodging = one.itinerary.map((d) => d.places.at(-1));
    expect(lodging[0]).toBe(lodging[1]);
    expect(one.places.filter((p) => p.tripRole === "숙박")).toHaveLength(1);
    const none = layoutTrip(many("관광지", 6), center, 2, 1, 5, false);
    expect(none.nightsWithoutLodging).toBe(1);
  });
});

describe("areaGroupOf: from the address (001)", () => {
  const at = (formattedAddress: string, roadAddress: string | null = null) =>
    areaGroupOf({ formattedAddress, roadAddress, lat: 37.5, lng: 127 });
  it("001's areas, where the address is in one", () => {
    expect(at("제주특별자치도 서귀포시 중문동 2563")).toBe("중문");
    expect(at("부산광역시 해운대구 우동 1")).toBe("해운대");
    expect(at("부산 수영구 광안2동 1")).toBe("광안리");
    expect(at("1-22-7 Jinnan, Shibuya City, Tokyo")).toBe("시부야");
    expect(at("일본 〒160-0022 도쿄도 신주쿠구 신주쿠 3")).toBe("신주쿠");
  });
  it("else the dong of a Korean address, or the first name of a short one", () => {
    expect(at("서울 강남구 역삼동 858", "서울 강남구 강남대로 390")).toBe("역삼동");
    expect(at("서울 성동구 성수동1가 12-3")).toBe("성수동");
    expect(at("서울 강남구 역삼1동 1")).toBe("역삼동");
    expect(at("제주특별자치도 제주시 애월읍 애월리 1")).toBe("애월읍");
    expect(at("제주시 123-4")).toBe("제주시");
  });
  it("abroad, the district the gazetteer knows; without an address, the nearest named area", () => {
    expect(at("일본 오사카부 오사카시 주오구 난바")).toBe("난바");
    expect(at("")).toBeTruthy();
  });
});
