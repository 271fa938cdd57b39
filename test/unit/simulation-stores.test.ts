// The simulation's stores: chosen by administrative dong (망원1동, 망원2동), ids that survive reordering
// and new imports, 004's store card built from restaurant documents, and stores closed at a slot left
// out of the candidates.
import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { registryRowToPlace } from "../../shared/providers/embedded/registry-import.ts";
import type { Place } from "../../shared/places/place.ts";
import { generateDemoCorpus } from "../../shared/demo/corpus.ts";
import { defaultPersonas } from "../../shared/simulation/personas.ts";
import { searchRankedStores, storeCard } from "../../shared/simulation/ranking.ts";
import {
  cardDescription,
  isOpenAt,
  distinctNames,
  mangwonStores,
  simulationCategory,
  storeSetSummary,
  type StoreDocument,
} from "../../shared/simulation/stores.ts";
import { mangwonDongOf } from "../../shared/simulation/dongs.ts";
import type { Store } from "../../shared/simulation/types.ts";
import { mulberry32 } from "../../shared/platform/random.ts";

/** A registry place (as `dongne import-stores` writes it) at a point. */
function registryPlace(id: string, name: string, lat: number, lng: number, small = "국밥"): Place {
  return registryRowToPlace({
    id,
    name,
    large: "음식",
    middle: "한식",
    small,
    jibun: "서울특별시 마포구 망원동 1-1",
    lat: String(lat),
    lng: String(lng),
  })!;
}

// points checked against the vendored boundaries (and, for the first two, SGIS's 2024 centroids)
const IN_1 = { lat: 37.552214, lng: 126.898747 }; // 망원1동's SGIS centroid
const IN_2 = { lat: 37.556728, lng: 126.89485 }; // 망원2동's SGIS centroid
const FAR_WEST_2 = { lat: 37.5555, lng: 126.888 }; // 망원2동, 1,049 m from the old radius anchors
const SEONGSAN = { lat: 37.562, lng: 126.912 }; // 성산동, 677 m from 망원역: inside the old 900 m
const SEOGYO = { lat: 37.554, lng: 126.915 }; // 서교동, 491 m from 망원역

const demoPlaces = pinnedDemoPlaces();
const demoStores = mangwonStores(demoPlaces);
const floating = defaultPersonas().find((p) => p.type === "floating")!;

describe("stores by administrative dong", () => {
  it("the dongs' own centroids fall in their dong; 성산동 and 서교동 fall in neither", () => {
    expect(mangwonDongOf(IN_1)).toBe("망원1동");
    expect(mangwonDongOf(IN_2)).toBe("망원2동");
    expect(mangwonDongOf(FAR_WEST_2)).toBe("망원2동");
    expect(mangwonDongOf(SEONGSAN)).toBeNull();
    expect(mangwonDongOf(SEOGYO)).toBeNull();
  });

  it("keeps the places inside 망원1동/망원2동, not those within 900 m of 망원역", () => {
    const places = [
      registryPlace("1", "망원 국밥", IN_1.lat, IN_1.lng),
      registryPlace("2", "서쪽 국밥", FAR_WEST_2.lat, FAR_WEST_2.lng),
      registryPlace("3", "성산 국밥", SEONGSAN.lat, SEONGSAN.lng),
      registryPlace("4", "서교 국밥", SEOGYO.lat, SEOGYO.lng),
    ];
    const stores = mangwonStores(places);
    expect(stores.map((s) => [s.name, s.dong])).toEqual([
      ["망원 국밥", "망원1동"],
      ["서쪽 국밥", "망원2동"],
    ]);
  });

  it("every demo store lies in one of the two dongs, and the set covers every category", () => {
    expect(demoStores.length).toBeGreaterThan(40);
    for (const s of demoStores) expect(mangwonDongOf(s)).toBe(s.dong);
    expect(new Set(demoStores.map((s) => s.dong))).toEqual(new Set(["망원1동", "망원2동"]));
    expect(new Set(demoStores.map((s) => s.category))).toEqual(
      new Set(["한식", "일식", "중식", "양식", "분식", "아시아", "카페", "주점"]),
    );
  });

  it("storeSetSummary counts registry and synthetic stores, by dong and by category", () => {
    const mixed = mangwonStores([
      registryPlace("1", "망원 국밥", IN_1.lat, IN_1.lng),
      registryPlace("2", "망원 카페", IN_2.lat, IN_2.lng, "카페"),
      ...demoPlaces.filter((p) => demoStores.some((s) => s.place_id === p.id)).slice(0, 3),
    ]);
    const summary = storeSetSummary(mixed);
    expect(summary).toMatchObject({ total: 5, registry: 2, synthetic: 3, other: 0 });
    expect(Object.values(summary.byDong).reduce((a, b) => a + b, 0)).toBe(5);
    expect(summary.byCategory.카페 ?? 0).toBeGreaterThanOrEqual(1);
    const all = storeSetSummary(demoStores);
    expect(all).toMatchObject({ total: demoStores.length, registry: 0, synthetic: demoStores.length });
    expect(all.byDong.망원1동! + all.byDong.망원2동!).toBe(demoStores.length);
  });
});

describe("store ids", () => {
  // key by place id: a store's id is derived from it whatever the store is called
  const idsOf = (stores: Store[]) => new Map(stores.map((s) => [s.place_id!, s.store_id]));

  it("are derived from the place id: the same whatever the input order, and unaffected by other places", () => {
    const ids = idsOf(demoStores);
    expect(idsOf(mangwonStores([...demoPlaces].reverse()))).toEqual(ids);
    // a new import with one store fewer (and one more elsewhere) leaves every other id alone
    const first = demoStores[0]!;
    const fewer = idsOf(
      mangwonStores([
        registryPlace("9", "새 가게", IN_2.lat, IN_2.lng),
        ...demoPlaces.filter((p) => p.id !== first.place_id),
      ]),
    );
    expect(fewer.size).toBe(ids.size);
    for (const [place, id] of ids) if (place !== first.place_id) expect(fewer.get(place)).toBe(id);
  });

  it("have names an agent can tell apart", () => {
    expect(new Set(demoStores.map((s) => s.name)).size).toBe(demoStores.length);
    expect(
      distinctNames([
        { name: "a", dong: "망원1동" },
        { name: "a", dong: "망원2동" },
        { name: "a", dong: "망원2동" },
      ]),
    ).toEqual(["a", "a 망원2동점", "a 2호점"]);
  });

  it("fit the ratings API's store id (S + 3–8 digits) and are unique", () => {
    for (const s of demoStores) expect(s.store_id).toMatch(/^S\d{3,8}$/);
    expect(new Set(demoStores.map((s) => s.store_id)).size).toBe(demoStores.length);
  });
});

describe("the store card (004 step 3)", () => {
  const doc: StoreDocument = {
    place_id: "1234567890", // a crawl's own id: matched by name and position instead
    title: "망원국밥",
    lat: FAR_WEST_2.lat + 0.0003,
    lon: FAR_WEST_2.lng,
    description:
      "망원동 골목 안 가마솥 국밥집입니다. 2025년 8월 31일까지 수육 20% 할인 행사를 진행합니다. 사골을 열두 시간 끓입니다.",
    menus: [
      { name: "돼지국밥", price: 10_000 },
      { name: "모둠순대", price: null },
    ],
  };
  const [store] = mangwonStores([registryPlace("77", "망원 국밥", FAR_WEST_2.lat, FAR_WEST_2.lng)], {
    documents: [doc],
  });

  it("carries the document's menus with prices and its description, not name fragments", () => {
    const card = storeCard(store!, undefined);
    expect(card).toContain("주요키워드: 돼지국밥 10,000원, 모둠순대");
    expect(card).toContain("설명: 망원동 골목 안 가마솥 국밥집입니다. 사골을 열두 시간 끓입니다.");
    expect(card).not.toContain("할인"); // a dated promotion may be over
    expect(card).toContain("평균가격: 10,000원");
    expect(card).toContain("에이전트 평점: 아직 없음");
  });

  it("says where the store is from its coordinates, not from a document's address phrase", () => {
    expect(cardDescription("서울 마포구 서교동에 있는 회 전문점 망원 횟집입니다.\n대표 메뉴 광어회.")).toBe(
      "망원동에 있는 회 전문점 망원 횟집입니다. 대표 메뉴 광어회.",
    );
    for (const s of demoStores) expect(s.description.startsWith("망원동")).toBe(true);
  });

  it("gives the walking distance from the agent's position and the rating so far", () => {
    const from = { lat: FAR_WEST_2.lat + 0.0045, lng: FAR_WEST_2.lng }; // 500 m north
    const card = storeCard(
      store!,
      {
        store_id: store!.store_id,
        count: 2,
        sum: 9,
        tags: { 맛: 2 },
        recent: [{ agent_id: "R001", rating: 5, tags: ["맛"] }],
      },
      from,
    );
    expect(card).toContain("위치: 망원동(망원2동), 현재 위치에서 도보 약 500m");
    expect(card).toContain("에이전트 평점: 4.5/5 (2건), 태그: 맛 2");
  });

  it("says less rather than invent: an imported store without a document has no menus", () => {
    const [plain] = mangwonStores([registryPlace("78", "망원 국밥", IN_1.lat, IN_1.lng)]);
    expect(plain!.menus).toBeUndefined();
    expect(plain!.description).toBe("망원동 국밥");
    expect(storeCard(plain!, undefined)).toContain("주요키워드: 국밥");
  });

  it("demo stores carry the menus of restaurant QA's demo document for the same place", () => {
    const records = new Map(
      generateDemoCorpus(demoPlaces.filter((p) => demoStores.some((s) => s.place_id === p.id))).records.map(
        (r) => [r.place_id, r],
      ),
    );
    const withMenus = demoStores.filter((s) => s.menus?.length);
    expect(withMenus.length).toBeGreaterThan(demoStores.length / 2);
    for (const s of withMenus) {
      const r = records.get(s.place_id!)!;
      expect(s.menus!.map((m) => m.name)).toEqual(r.menus!.map((m) => m.name));
      const m = s.menus![0]!;
      expect(storeCard(s, undefined)).toContain(
        `주요키워드: ${m.name}${m.price ? ` ${m.price.toLocaleString("ko-KR")}원` : ""}`,
      );
    }
    // without a document: the category and the place's tags, none of the name's words
    for (const s of demoStores.filter((x) => !x.menus)) {
      const tags = demoPlaces.find((p) => p.id === s.place_id)!.tags!;
      expect(s.description).toBe(`망원동 ${s.detail}${tags.length ? ` — ${tags.join(", ")}` : ""}`);
    }
  });
});

describe("opening hours", () => {
  const base = demoStores.find((s) => s.category === "한식" && !s.hours)!;
  const lunch: Store = {
    ...base,
    store_id: "S00000001",
    name: "점심만",
    hours: [{ open: "11:00", close: "15:00" }],
  };
  const late: Store = {
    ...base,
    store_id: "S00000002",
    name: "밤샘",
    hours: [{ open: "18:00", close: "02:00", days: [5, 6] }], // Fri, Sat nights
  };
  const unknown: Store = { ...base, store_id: "S00000003", name: "모름", hours: undefined };

  it("isOpenAt reads periods, nights past midnight and weekdays; unknown hours are open", () => {
    expect(isOpenAt(lunch, "12:00")).toBe(true);
    expect(isOpenAt(lunch, "07:00")).toBe(false);
    expect(isOpenAt(lunch, "22:00")).toBe(false);
    expect(isOpenAt(late, "22:00", 5)).toBe(true);
    expect(isOpenAt(late, "22:00", 1)).toBe(false);
    expect(isOpenAt(late, "01:00", 6)).toBe(true); // Friday night, after midnight
    expect(isOpenAt(late, "01:00", 1)).toBe(false);
    expect(isOpenAt(late, "22:00")).toBe(true); // no weekday: open on some day at that time
    expect(isOpenAt(unknown, "07:00")).toBe(true);
  });

  it("searchRankedStores leaves out stores known to be closed at the slot", () => {
    const stores = [lunch, late, unknown];
    const names = (slot: string, weekday?: number) =>
      searchRankedStores(mulberry32(1), stores, floating, "한식", {}, { slot, weekday })
        .map((s) => s.name)
        .sort();
    expect(names("12:00")).toEqual(["모름", "점심만"]);
    expect(names("22:00", 1)).toEqual(["모름"]);
    expect(names("22:00", 6)).toEqual(["모름", "밤샘"]);
    // without a slot (today's callers) nothing is left out
    expect(searchRankedStores(mulberry32(1), stores, floating, "한식", {})).toHaveLength(3);
  });

  it("a demo place tagged 24시 is known to be open at every slot, and says so on its card", () => {
    const allDay = demoStores.find((s) => s.hours);
    expect(allDay).toBeDefined();
    for (const slot of ["07:00", "12:00", "18:00", "22:00"]) expect(isOpenAt(allDay!, slot)).toBe(true);
    expect(storeCard(allDay!, undefined)).toContain("영업시간: 24시간");
  });
});

describe("store categories agree with the place's kind", () => {
  const place = (categoryName: string, categoryCode: string | null = "FD6") =>
    ({ ...demoPlaces[0]!, categoryName, categoryCode }) as Place;

  it("read a bar from a segment of the category path, never from the letters 바 inside another", () => {
    expect(simulationCategory(place("음식점 > 일식 > 돈까스,우동"))).toBe("일식");
    expect(simulationCategory(place("음식점 > 양식 > 바베큐"))).toBe("양식");
    expect(simulationCategory(place("음식점 > 술집 > 와인바"))).toBe("주점");
    expect(simulationCategory(place("음식점 > 술집 > 호프,요리주점"))).toBe("주점");
    expect(simulationCategory(place("음식 > 주점 > 생맥주 전문"))).toBe("주점");
    expect(simulationCategory(place("가정,생활 > 키즈카페", null))).toBeNull();
    expect(simulationCategory(place("교육,학문 > 학습시설 > 스터디카페", null))).toBeNull();
  });

  it("type no demo store of a dish as a bar, and every bar by a bar's kind", () => {
    const bars = [
      "술집",
      "호프,요리주점",
      "수제맥주",
      "실내포장마차",
      "일본식주점",
      "와인바",
      "칵테일바",
      "위스키바",
    ];
    const barKinds = new Set([...bars, "전통주점", "오뎅바", "비치클럽"]);
    for (const s of demoStores) {
      if (s.category === "주점") expect(barKinds, `${s.name} ${s.detail}`).toContain(s.detail);
      else expect(barKinds.has(s.detail!), `${s.name} ${s.detail}`).toBe(false);
    }
    expect(
      demoStores
        .filter((s) => s.detail === "우동" || s.detail === "소바")
        .every((s) => s.category === "일식"),
    ).toBe(true);
  });
});
