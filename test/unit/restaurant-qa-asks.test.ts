// What a question asks beyond a kind and a place: a drink-only ask, opening hours, a modifier beside a
// kind, and set operations on the previous answer (each mechanism by its rule, not by example lists).
import { describe, expect, it } from "vitest";
import { rewriteWithRules } from "../../shared/restaurant-qa/rewrite.ts";

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
