import { describe, expect, it } from "vitest";
import { checkPlan } from "../../shared/place-search/plan-check.ts";

const plan = (steps: unknown[]) => ({
  strategy_type: "radius",
  provider: "kakao",
  search_plan: steps,
  post_processing: {},
});
const geocode = { step: 1, action: "geocode", params: { query: "강남역" } };
const problemsOf = (p: unknown) => {
  const r = checkPlan(p);
  return r.ok ? [] : r.problems.map((x) => `${x.path}: ${x.message}`);
};

describe("checkPlan", () => {
  it("accepts a plan whose references point back to fields earlier steps produce", () => {
    expect(
      problemsOf(
        plan([
          geocode,
          {
            step: 2,
            action: "keyword_search",
            params: { query: "카페", x: "${step1.x}", y: "${step1.y}", radius: 1000 },
          },
        ]),
      ),
    ).toEqual([]);
  });

  it("rejects actions outside the allow-list", () => {
    expect(problemsOf(plan([{ step: 1, action: "shell_exec", params: { cmd: "rm -rf /" } }]))).toEqual([
      'search_plan[0].action: "shell_exec"은 허용된 action이 아닙니다',
    ]);
  });

  it("rejects parameters that fail the action's schema, naming them", () => {
    const p = problemsOf(
      plan([
        geocode,
        { step: 2, action: "keyword_search", params: { query: "카페", radius: 99_999, bogus: 1 } },
      ]),
    );
    expect(p.join("\n")).toMatch(/search_plan\[1\]\.params\.radius/);
    expect(p.join("\n")).toMatch(/bogus/);
  });

  it("rejects references to later steps, to itself, and to fields a step does not produce", () => {
    const p = problemsOf(
      plan([
        { step: 1, action: "geocode", params: { query: "${step2.x}" } },
        {
          step: 2,
          action: "keyword_search",
          params: { query: "카페", x: "${step1.decodedPoints}", y: "${step2.y}" },
        },
      ]),
    );
    expect(p).toEqual(
      expect.arrayContaining([
        "search_plan[0].params.query: step2는 앞선 단계가 아닙니다",
        'search_plan[1].params.x: step1 (geocode)에는 "decodedPoints" 필드가 없습니다',
        "search_plan[1].params.y: step2는 앞선 단계가 아닙니다",
      ]),
    );
  });

  it("names the step a bad field reference points to, even when the steps are misnumbered", () => {
    const p = problemsOf(
      plan([
        { step: 5, action: "geocode", params: { query: "강남역" } },
        { step: 6, action: "keyword_search", params: { query: "카페", x: "${step5.nope}", y: "${step5.y}" } },
      ]),
    );
    expect(p).toEqual(
      expect.arrayContaining(['search_plan[1].params.x: step5 (geocode)에는 "nope" 필드가 없습니다']),
    );
  });

  it("rejects references embedded in text and steps out of order", () => {
    const p = problemsOf(plan([{ step: 2, action: "geocode", params: { query: "near ${step1.x}" } }]));
    expect(p.join("\n")).toMatch(/step: 1이어야 합니다/);
    expect(p.join("\n")).toMatch(/참조는 값 전체여야 합니다/);
  });

  it("rejects a plan without steps or with an unknown strategy", () => {
    expect(problemsOf({ ...plan([]), strategy_type: "teleport" }).length).toBeGreaterThanOrEqual(2);
  });
});
