import { describe, expect, it } from "vitest";
import { isQuestionWord, looksPredicate } from "../../shared/korean/word-class.ts";
import { askedCount, readFollowUp } from "../../shared/restaurant-qa/follow-up.ts";
import { rewriteWithRules } from "../../shared/restaurant-qa/rewrite.ts";
import { afterEmptyAnswer } from "../../shared/restaurant-qa/generate.ts";
import { findLocations } from "../../shared/places/query-locations.ts";
import { isLexiconWord } from "../../shared/places/query-terms.ts";
import { tokenize } from "../../shared/korean/text.ts";

describe("question words and predicates", () => {
  it("knows interrogatives with their endings, and not words that merely start alike", () => {
    for (const w of ["어디쯤이야", "언제부터", "몇시쯤", "얼마예요", "어느", "뭐가", "누구랑", "왜요"])
      expect(isQuestionWord(w), w).toBe(true);
    for (const w of ["왜관", "어린이", "언주역", "몽골", "얼음"]) expect(isQuestionWord(w), w).toBe(false);
  });

  it("tells predicates from names, foreign names ending in a vowel included", () => {
    for (const w of ["닫아", "골라", "먹어요", "갈까", "비싸냐", "먹고나서", "앉을수", "예약해서"])
      expect(looksPredicate(w), w).toBe(true);
    for (const w of ["이탈리아", "아시아", "우래옥", "할매네", "진대감"])
      expect(looksPredicate(w), w).toBe(false);
  });

  it("never reads a question word as a place, nor as a restaurant's name", () => {
    for (const q of ["몇시까지 영업해?", "어디쯤에 있어?", "언제부터 열어요?"]) {
      expect(findLocations(tokenize(q), isLexiconWord), q).toEqual([]);
      expect(rewriteWithRules(q).structured.location ?? [], q).toEqual([]);
    }
  });
});

describe("reading a follow-up", () => {
  it("takes bare numbers and 둘째-style ordinals as positions, not exits or bus numbers", () => {
    expect(readFollowUp("2번은 몇 시에 닫아?").pick).toEqual({ by: "position", n: 2 });
    expect(readFollowUp("넷째 가게 메뉴").pick).toEqual({ by: "position", n: 4 });
    expect(readFollowUp("2번 출구 근처 국수집").pick).toBeUndefined();
  });

  it("reads 말고/빼고 as leaving the named restaurant out", () => {
    const a = readFollowUp("두 번째 집 빼고 조용한 곳");
    expect(a).toMatchObject({ pick: { by: "position", n: 2 }, exclude: true });
    expect(a.rest).toBe("조용한 곳");
    expect(readFollowUp("그 가게 말고 다른 곳은?")).toMatchObject({ same: true, exclude: true });
    expect(readFollowUp("두 번째 집 주소").exclude).toBe(false);
  });

  it("reads a cheaper comparison apart from a superlative", () => {
    expect(readFollowUp("좀 더 저렴한 곳 있어?").cheaper).toBe(true);
    expect(readFollowUp("제일 싼 곳").cheaper).toBe(false);
    expect(readFollowUp("제일 싼 곳").pick).toEqual({ by: "cheapest" });
  });

  it("reads 거기서 …곳만 as places there, and 거기서 alone as the one restaurant", () => {
    expect(readFollowUp("거기서 배달되는 데만")).toMatchObject({ place: true, same: false });
    expect(readFollowUp("거기서 주차 돼?")).toMatchObject({ place: false, same: true });
  });

  it("reads which-is-better as a comparison by reviews", () => {
    expect(readFollowUp("어느 집이 더 나아?").pick).toEqual({ by: "best_rated" });
    expect(readFollowUp("어디가 더 나을까").pick).toEqual({ by: "best_rated" });
  });

  it("reads how many restaurants are asked for", () => {
    expect(askedCount("을지로 냉면 두 곳만")).toBe(2);
    expect(askedCount("종로 빈대떡 하나만 알려줘")).toBe(1);
    expect(askedCount("3군데만 추천")).toBe(3);
    expect(askedCount("종로 빈대떡 맛집")).toBeUndefined();
  });
});

describe("after an answer that found nothing", () => {
  it("says there is nothing to point at and offers a new search, naming no restaurant", () => {
    const a = afterEmptyAnswer("부산 서면 페루 음식");
    const first = a.answer.split("\n")[0]!;
    expect(first).toMatch(/찾은 식당이 없/);
    expect(a.answer).toMatch(/다시 찾아 드릴까요/);
    expect(a.citations).toEqual([]);
  });
});
