// A reading the translator's schema allows but a search cannot take (an LLM may read 12 keywords, one
// multi_keyword_search takes 10) is bounded before planning, with a Korean warning, so the planner never
// writes a plan its own check refuses (a 502).
import { describe, expect, it } from "vitest";
import { boundTranslation, planStep } from "../../shared/place-search/steps.ts";
import { translateWithRules } from "../../shared/place-search/translator/rules.ts";

describe("a translation past a search's bounds", () => {
  it("plans twelve keywords as ten, naming the two left out", () => {
    const base = translateWithRules("강남역 근처 카페").result;
    const keywords = [
      "카페",
      "빵집",
      "디저트",
      "케이크",
      "마카롱",
      "쿠키",
      "스콘",
      "와플",
      "젤라또",
      "빙수",
      "도넛",
      "크로플",
    ];
    const warnings: string[] = [];
    const bounded = boundTranslation({ ...base, search_keywords: keywords }, warnings);
    expect(bounded.search_keywords).toEqual(keywords.slice(0, 10));
    expect(warnings.join("\n")).toMatch(/10개까지.*도넛, 크로플/);
    const planned = planStep({
      query: "강남역 근처 카페 빵집 디저트 …",
      translator_result: bounded,
      meta: {
        engine: "llm",
        confidence: 0.9,
        llmCalls: 1,
        llmTokens: { input: 0, output: 0 },
        warnings,
        startedAt: 0,
        unread: [],
      },
    });
    const searches = planned.search_plan.filter((s) => s.action === "multi_keyword_search");
    expect(searches).toHaveLength(1);
    expect((searches[0]!.params as { queries: string[] }).queries).toHaveLength(10);
  });

  it("says in Korean that a keyword too long was shortened", () => {
    const warnings: string[] = [];
    const base = translateWithRules("강남역 근처 카페").result;
    const bounded = boundTranslation({ ...base, search_keywords: ["가".repeat(75)] }, warnings);
    expect(bounded.search_keywords[0]).toHaveLength(60);
    expect(warnings).toEqual(["60자가 넘는 키워드는 앞 60자로 줄여 찾았어요"]);
  });
});
