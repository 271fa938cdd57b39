// What a question asks beyond a kind and a place: a drink-only ask, opening hours, a modifier beside a
// kind, and set operations on the previous answer (each mechanism by its rule, not by example lists).
import { describe, expect, it } from "vitest";
import { failedConditions } from "../../shared/restaurant-qa/conditions.ts";
import { hoursPhrase, meetsHours, readHours } from "../../shared/restaurant-qa/hours.ts";
import { hardFilters } from "../../shared/restaurant-qa/query-builder.ts";
import { rewriteWithRules, titleDictionary } from "../../shared/restaurant-qa/rewrite.ts";

const read = (q: string) => rewriteWithRules(q).structured;

describe("a drink-only ask", () => {
  it("asks for the 술집 kind when it names drinking and no food", () => {
    expect(read("신촌 술집 추천해줘").menu).toEqual(["술집"]);
    expect(read("을지로에서 한잔할 데").menu).toEqual(["술집"]);
    expect(read("종로에서 술 한잔하기 좋은 곳").menu).toEqual(["술집"]);
  });
  it("keeps a named dish or drink as the kind, the occasion a boost", () => {
    const q = read("강남역 삼겹살에 소주 한잔할 곳");
    expect(q.menu).toEqual(["삼겹살"]);
    expect(q.occasion).toContain("술자리");
    expect(read("강남역 맥주 마실 데").menu).toEqual(["맥주"]);
  });
  it("does not read a cup of coffee as drinking", () => {
    const q = read("홍대 커피 한잔할 카페");
    expect(q.occasion ?? []).not.toContain("술자리");
    expect(q.menu ?? []).not.toContain("술집");
  });
});

describe("opening hours", () => {
  it("reads an all-day ask in its wordings", () => {
    for (const q of ["24시간 하는 해장국", "문 안 닫고 밤낮 없이 하는 국밥집", "밤새 하는 술집"])
      expect(readHours(q)?.ask, q).toEqual({ need: "24시간" });
  });
  it("reads a late ask, with the hour when one is named (native numerals too)", () => {
    expect(readHours("새벽 두시쯤 국밥 먹을 수 있는 곳")?.ask).toEqual({ need: "늦게까지", at: 2 });
    expect(readHours("밤 11시 넘어서 갈 데")?.ask).toEqual({ need: "늦게까지", at: 23 });
    expect(readHours("늦게까지 하는 술집")?.ask).toEqual({ need: "늦게까지" });
    expect(readHours("심야에 갈 만한 곳")?.ask).toEqual({ need: "늦게까지" });
    expect(readHours("강남역 삼겹살")).toBeUndefined();
  });
  it("reads 지금 at the hour the question was asked (KST), and asks nothing by day", () => {
    const at = (kstHour: number) => Date.UTC(2026, 0, 1, (kstHour + 24 - 9) % 24);
    expect(readHours("지금 여는 곳", at(1))?.ask).toEqual({ need: "늦게까지", at: 1 });
    expect(readHours("지금 여는 곳", at(13))).toBeUndefined();
    expect(readHours("지금 여는 곳")).toBeUndefined();
  });
  it("carries the ask in the structured query, and a restaurant's name keeps its words", () => {
    expect(read("신촌에 24시간 하는 오마카세")).toEqual({
      location: [{ name: "신촌", relation: "nearby" }],
      menu: ["오마카세"],
      hours: { need: "24시간" },
    });
    const named = rewriteWithRules("새벽 뼈해장국 주차돼?", titleDictionary(["새벽 뼈해장국"])).structured;
    expect(named.hours).toBeUndefined();
    expect(named.location).toEqual([{ name: "새벽 뼈해장국", relation: "exact" }]);
  });
  it("filters by what a document says of its hours: 24시간 meets a late ask, nothing meets 24시간 but 24시간", () => {
    expect(meetsHours(["24시간"], { need: "늦게까지", at: 2 })).toBe(true);
    expect(meetsHours(["늦게까지"], { need: "늦게까지" })).toBe(true);
    expect(meetsHours(["늦게까지"], { need: "24시간" })).toBe(false);
    expect(meetsHours(["가성비"], { need: "늦게까지" })).toBe(false);
    const doc = { lat: 37.5, lon: 127, menus: [{ name: "국밥", price: 9000 }], convenience: [] };
    const q = { menu: ["국밥"], hours: { need: "24시간" as const } };
    expect(failedConditions({ ...doc, features: ["24시간"] }, q, [])).toEqual([]);
    expect(failedConditions({ ...doc, features: ["늦게까지"] }, q, [])).toEqual([
      "24시간 여는 곳이라는 정보 없음",
    ]);
    expect(hardFilters(q, [])).toContainEqual({ terms: { features: ["24시간"] } });
    expect(hoursPhrase({ need: "늦게까지", at: 2 })).toBe("새벽 2시에 여는");
  });
});
