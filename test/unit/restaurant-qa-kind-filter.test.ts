import { describe, expect, it } from "vitest";
import { failedConditions, type Checkable } from "../../shared/restaurant-qa/conditions.ts";

const doc = (category: string | undefined, menus: string[], title = "어느 가게"): Checkable => ({
  lat: 37.5,
  lon: 127,
  title,
  ...(category ? { category } : {}),
  menus: menus.map((name) => ({ name, price: 10000 })),
  convenience: [],
});

describe("the asked kind is a hard filter by the vocabulary of kinds", () => {
  it("does not take a house of another kind for a side dish on its menu", () => {
    // a chicken-galbi house serves fried rice; it is no Chinese restaurant for that
    expect(
      failedConditions(doc("한식>육류,고기>닭요리", ["닭갈비", "볶음밥"]), { cuisine: ["중식"] }, []),
    ).not.toEqual([]);
    expect(failedConditions(doc("중식", ["짜장면"]), { cuisine: ["중식"] }, [])).toEqual([]);
  });

  it("accepts a narrowest dish wherever a menu names it", () => {
    expect(failedConditions(doc("한식>국수", ["잔치국수", "콩국수"]), { menu: ["콩국수"] }, [])).toEqual([]);
  });

  it("keeps a narrower kind narrow: a plain naengmyeon house is not a Pyongyang one", () => {
    expect(
      failedConditions(doc("한식>냉면", ["물냉면"], "동네 냉면집"), { menu: ["평양냉면"] }, []),
    ).not.toEqual([]);
    expect(
      failedConditions(doc("한식>냉면", ["물냉면"], "옥류 평양냉면"), { menu: ["평양냉면"] }, []),
    ).toEqual([]);
  });

  it("reads a document without a category by its menus, as before", () => {
    expect(failedConditions(doc(undefined, ["짬뽕"]), { cuisine: ["중식"] }, [])).toEqual([]);
  });
});

describe("a narrower wording of a condition satisfies the wider one", () => {
  it("asks a valet wording as parking, and a document with valet parking has parking", async () => {
    const { rewriteWithRules } = await import("../../shared/restaurant-qa/rewrite.ts");
    expect(rewriteWithRules("연희동 발렛 가능한 이탈리안").structured.convenience).toEqual(["주차"]);
    const valet = { ...doc("양식>이탈리안", ["파스타"]), convenience: ["발렛파킹"] };
    expect(failedConditions(valet, { convenience: ["주차"] }, [])).toEqual([]);
    expect(failedConditions(doc("양식>이탈리안", ["파스타"]), { convenience: ["주차"] }, [])).not.toEqual([]);
  });
});

describe("the parent kind offered when nothing of the asked kind is found", () => {
  it("is the asked kind's node one level up, below the cuisines, for one asked kind only", async () => {
    const { parentKindOf } = await import("../../shared/restaurant-qa/retrieve.ts");
    expect(parentKindOf({ menu: ["함흥냉면"] })).toEqual({ asked: "함흥냉면", parent: "냉면" });
    // a whole cuisine is too wide to offer for a dish's family
    expect(parentKindOf({ cuisine: ["일식"] })).toBeUndefined();
    expect(parentKindOf({ menu: ["함흥냉면", "만두"] })).toBeUndefined();
    expect(parentKindOf({})).toBeUndefined();
  });
});
