// The blind place set's scoring rules (test/fixtures/eval/places-blind1/README.md) on the README's own
// examples, so the bench that reports them (bench/places-shown.ts) scores as the README says.
import { describe, expect, it } from "vitest";
import {
  inCity,
  namesCity,
  placeMatches,
  scoreRow,
  type BlindRow,
  type ShownPlace,
} from "../helpers/places-shown-score.ts";

const kind = (accept: string[], reject: string[] = [], category_only?: string[]) => ({
  asked: accept[0]!,
  accept,
  reject,
  common: true,
  ...(category_only ? { category_only } : {}),
});
const place = (displayName: string, categoryName: string, extra: Partial<ShownPlace> = {}): ShownPlace => ({
  displayName,
  categoryName,
  formattedAddress: "서울 강남구 신사동 1",
  lat: 37.5163,
  lng: 127.0201,
  ...extra,
});

describe("the matching rule", () => {
  it("removes reject words before looking for an accepted one", () => {
    const jokbal = kind(["족발"], ["보쌈"]);
    expect(placeMatches(jokbal, place("가나 족발보쌈", "음식점 > 한식 > 육류,고기 > 족발,보쌈"))).toBe(true);
    expect(placeMatches(jokbal, place("가나 보쌈", "음식점 > 한식 > 보쌈"))).toBe(false);
    const wine = kind(["와인"], ["와인샵"]);
    expect(placeMatches(wine, place("가나 와인샵", "가정,생활 > 식품판매"))).toBe(false);
    expect(placeMatches(wine, place("가나", "음식점 > 술집 > 와인바"))).toBe(true);
  });

  it("counts a category-only word as a whole category segment, never as letters of a name", () => {
    const bar = kind(["칵테일"], [], ["바"]);
    expect(placeMatches(bar, place("가나", "음식점 > 술집 > 바"))).toBe(true);
    expect(placeMatches(bar, place("바다횟집", "음식점 > 한식 > 해물,생선 > 회"))).toBe(false);
    expect(placeMatches(bar, place("가나 바베큐", "음식점 > 양식 > 바베큐"))).toBe(false);
    const hoe = kind(["횟집"], [], ["회"]);
    expect(placeMatches(hoe, place("가나", "음식점 > 한식 > 해물,생선 > 회"))).toBe(true);
    expect(placeMatches(hoe, place("가나 회관", "음식점 > 한식"))).toBe(false);
  });
});

const row = (over: Partial<BlindRow> = {}): BlindRow => ({
  id: "t-1",
  class: "drink",
  query: "신사역 와인바",
  area: {
    name: "신사역",
    kind: "station",
    sido: "서울특별시",
    sigungu: "강남구",
    lat: 37.516334,
    lng: 127.020114,
    radius_m: 1000,
    src: "test",
  },
  kind: { asked: "와인바", accept: ["와인바", "와인"], reject: ["와인샵"], common: false },
  notes: "",
  ...over,
});

describe("a row", () => {
  it("passes with places of the kind inside the area, and needs no sentence then", () => {
    const wine = place("가나 와인", "음식점 > 술집 > 와인바");
    const s = scoreRow(row(), { places: [wine, wine, wine, wine, wine], first: "", keywords: ["와인바"] });
    expect(s).toMatchObject({ kind: true, inside: true, honest: null, pass: true });
  });

  it("fails a near kind shown as the asked one, and an empty answer whose first sentence is silent", () => {
    const pub = place("가나 펍", "음식점 > 술집 > 호프,요리주점");
    expect(scoreRow(row(), { places: [pub], first: "", keywords: ["와인바"] })).toMatchObject({
      kind: false,
      honest: false,
      pass: false,
    });
    const honest = scoreRow(row(), {
      places: [],
      first: "신사역 반경 1km에서 와인바를 찾지 못했어요",
      keywords: ["와인바"],
    });
    expect(honest).toMatchObject({ nonEmpty: null, honest: true, pass: true });
  });

  it("fails a place outside the radius and, for a named city, one from another city", () => {
    const far = place("가나 와인", "음식점 > 술집 > 와인바", { lat: 37.55, lng: 127.02 });
    expect(scoreRow(row(), { places: [far], first: "", keywords: [] }).inside).toBe(false);
    const r = row({ query: "강남 신사동 와인바", class: "shared_name" });
    expect(namesCity(r)).toBe(true);
    expect(inCity(r, place("가", "바", { formattedAddress: "서울 은평구 신사동 1" }))).toBe(false);
    expect(inCity(r, place("가", "바", { formattedAddress: "서울 강남구 신사동 1" }))).toBe(true);
  });
});
