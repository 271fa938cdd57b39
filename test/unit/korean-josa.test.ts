// Particles chosen by how a word ends when read aloud (shared/korean/josa.ts): Hangul by es-hangul's
// josa, digits as Korean numerals, capital letters by their Korean names, English words by their last
// sound; quotes and brackets at the end are read through. Never a fallback like "을(를)".
import { describe, expect, it } from "vitest";
import { josaFor, listWith, withJosa } from "../../shared/korean/josa.ts";

describe("josaFor", () => {
  it.each([
    ["삼성전자", "은/는", "는"],
    ["카카오뱅크", "이/가", "가"],
    ["셀트리온", "을/를", "을"],
    ["서울", "으로/로", "로"], // ㄹ takes 로
    ["1,290원", "으로/로", "으로"],
    ["3", "을/를", "을"], // 삼
    ["2", "을/를", "를"], // 이
    ["17.81%", "으로/로", "로"], // 퍼센트
    ["LG", "은/는", "는"], // 엘지
    ["SM", "이/가", "이"], // 에스엠
    ["KT&G", "와/과", "와"], // 케이티앤지
    ["Elec", "을/를", "을"], // 일렉
    ["naver", "와/과", "와"], // 네이버
    ["Celltrion", "은/는", "은"], // 셀트리온
    ["‘구름빵전자’", "이라/라", "라"],
    ["임원E(합성)", "으로/로", "으로"],
  ] as const)("%s + %s → %s", (word, option, particle) => {
    expect(josaFor(word, option)).toBe(particle);
  });

  it("withJosa writes the word and its particle", () => {
    expect(withJosa("기아", "은/는")).toBe("기아는");
    expect(withJosa("롯데지주", "이/가")).toBe("롯데지주가");
  });
});

describe("listWith", () => {
  it("puts the particle after the last word", () => {
    expect(listWith(["김밥", "라면"], "은/는")).toBe("김밥, 라면은");
    expect(listWith(["카페"], "은/는")).toBe("카페는");
    expect(listWith([], "은/는")).toBe("");
  });
});
