// Place search's requests against the steps they feed (issue 26): each route's request schema is at
// least as strict as the first step's input (the search body, the execute body's plan, a decoded
// cursor's plan), and the plan check's cost estimate (plan-cost.ts) refuses the plans that would pass
// Step Functions' 256 KB state or the time budget, while no plan the planner makes and no seed plan is
// refused.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { accepts, jsonSchema } from "../helpers/schema-edges.ts";
import { executeStep } from "../../shared/place-search/workflow/execute.ts";
import { translate } from "../../shared/place-search/workflow/translate.ts";
import {
  LatLngInput,
  PlaceSearchRequest,
  PlanResponse,
  SearchPlan,
} from "../../shared/place-search/schemas.ts";
import { MAX_PAGE, Seen, decodeCursor, encodeCursor, planForPage } from "../../shared/place-search/cursor.ts";
import { checkPlan } from "../../shared/place-search/plan-check.ts";
import {
  fitToState,
  planCost,
  MAX_PLAN_CALLS,
  STATE_LIMIT_BYTES,
} from "../../shared/place-search/plan-cost.ts";
import { planQuery } from "../../shared/place-search/pipeline.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import { DEFAULT_API_BUDGET_MS } from "../../shared/platform/config-schema.ts";
import { Deadline } from "../../shared/platform/deadline.ts";
import { searchAtPoint } from "../../shared/place-search/actions/route.ts";
import { BUDGET_SPENT } from "../../shared/place-search/actions/context.ts";
import { testExecDeps } from "../helpers/server.ts";

const deadlineAt = z.number();

describe("each route's request is accepted by the first step it feeds", () => {
  it("POST /v1/search: {query, location} → Translate", () => {
    const sent = z.object({
      query: PlaceSearchRequest.shape.query.unwrap(),
      location: LatLngInput.optional(),
      deadlineAt,
    });
    expect(accepts(jsonSchema(translate.input, "input"), jsonSchema(sent, "output"))).toEqual([]);
  });

  it("POST /v1/search/execute: the checked plan → Execute", () => {
    const sent = z.object({ plan: SearchPlan, query: z.string().max(500).optional(), deadlineAt });
    expect(accepts(jsonSchema(executeStep.input, "input"), jsonSchema(sent, "output"))).toEqual([]);
  });

  it("POST /v1/search with a cursor: the decoded cursor's plan and page → Execute", () => {
    const sent = z.object({
      plan: PlanResponse,
      page: z.number().int().min(2).max(MAX_PAGE),
      seen: Seen,
      deadlineAt,
    });
    expect(accepts(jsonSchema(executeStep.input, "input"), jsonSchema(sent, "output"))).toEqual([]);
  });

  it("a given plan's fields the derived translator_result cannot hold are cut, with a Korean warning", () => {
    const checked = checkPlan({
      search_plan: [
        { step: 1, action: "multi_keyword_search", params: { queries: ["가".repeat(200), "나".repeat(61)] } },
      ],
      post_processing: {
        filter_by_review: true,
        review_keywords: Array.from({ length: 12 }, (_, i) => `키워드${i}${"다".repeat(i === 0 ? 40 : 0)}`),
      },
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const plan = planFromClient(checked.plan);
    // what the Execute step's output schema requires of the plan it carries
    expect(PlanResponse.safeParse(plan).success).toBe(true);
    expect(plan.post_processing.review_keywords).toHaveLength(10);
    expect(plan.meta.warnings.join(" ")).toMatch(/리뷰 키워드는 10개까지만/);
    expect(plan.meta.warnings.join(" ")).toMatch(/30자까지만/);
    // the searches themselves keep the words as written
    expect(plan.search_plan[0]!.params.queries).toEqual(["가".repeat(200), "나".repeat(61)]);
  });

  it("a literal place list must be whole places: one with only an id is refused by the check", () => {
    const c = checkPlan({
      search_plan: [{ step: 1, action: "google_enrich", params: { places: [{ id: "a" }] } }],
    });
    expect(c.ok).toBe(false);
  });
});

// ---- the cost estimate ----

const SEOUL = { lat: 37.5547, lng: 126.9707 };
const BUSAN = { lat: 35.1152, lng: 129.0422 };
const gangnam = { x: 127.0276, y: 37.4979 };
const TEN = ["카페", "음식점", "편의점", "약국", "병원", "은행", "주차장", "주유소", "술집", "빵집"];

const route = (samples: number, queries: string[]) => ({
  search_plan: [
    { step: 1, action: "segment_route", params: { origin: SEOUL, destination: BUSAN } },
    ...Array.from({ length: samples }, (_, i) => ({
      step: i + 2,
      action: "sample_and_search",
      params: { polyline: "${step1.decodedPoints}", queries, searchRadius: 20_000 },
    })),
  ],
});

describe("the plan check's cost estimate", () => {
  it("refuses, naming the cause in Korean, the plans issue 26 found past 256 KB or the budget", () => {
    const refused = (plan: unknown) => {
      const c = checkPlan(plan);
      expect(c.ok, JSON.stringify(plan).slice(0, 200)).toBe(false);
      return c.ok ? "" : c.problems.map((p) => p.message).join(" ");
    };
    // five sample_and_search steps from Seoul to Busan with ten queries
    expect(refused(route(5, TEN))).toMatch(/워크플로 상태|작업량/);
    // ten queries of size 45, then distance_filter
    expect(
      refused({
        search_plan: [
          { step: 1, action: "multi_keyword_search", params: { queries: TEN, ...gangnam, size: 45 } },
          {
            step: 2,
            action: "distance_filter",
            params: { origin: SEOUL, places: "${step1.places}", threshold: 5000, mode: "walking" },
          },
        ],
      }),
    ).toMatch(/워크플로 상태가 약 \d+KB/);
    // 30 multi_keyword_search steps of ten unknown keywords and no coordinates
    const thirty = {
      search_plan: Array.from({ length: 30 }, (_, i) => ({
        step: i + 1,
        action: "multi_keyword_search",
        params: { queries: TEN.map((k) => `${k}없는말${i}`) },
      })),
    };
    expect(refused(thirty)).toMatch(/작업량이 너무 많습니다|워크플로 상태/);
    // a 29-step trip
    const trip = {
      search_plan: Array.from({ length: 29 }, (_, i) => ({
        step: i + 1,
        action: "multi_category_search",
        params: { queries: ["관광지", "맛집", "숙소"], ...gangnam, radius: 20_000, size: 15 },
      })),
      travel_plan: { destination: "서울", days: 10, nights: 9, roles: ["관광지", "맛집", "숙소"] },
    };
    expect(refused(trip)).toMatch(/워크플로 상태/);
  });

  it("refuses the same plans carried by a cursor", () => {
    const c = checkPlan({ search_plan: [{ step: 1, action: "keyword_search", params: { query: "카페" } }] });
    if (!c.ok) throw new Error("a one-step plan fails its check");
    const forged = { ...planFromClient(c.plan), search_plan: route(5, TEN).search_plan };
    expect(() => decodeCursor(encodeCursor(forged as never, 2, []))).toThrow(
      /커서에 담긴 계획이 검사를 통과하지 못합니다/,
    );
    // the places shown count too: a cursor whose `seen` fills the state is refused
    // (800 of the 2,000 a cursor may list, at 290 characters: within what a cursor may inflate to)
    const seen = Array.from({ length: 800 }, (_, i) => `embedded:${"x".repeat(280)}${i}`);
    expect(() => decodeCursor(encodeCursor(planFromClient(c.plan), 2, seen))).toThrow(/커서가 너무 큽니다/);
  });

  it("refuses no plan the planner makes (bench and fixture queries) and no seed plan, page 1 or later", async () => {
    const queries = new Set<string>();
    for (const f of ["../../bench/search-queries.txt", "../../bench/queries.txt"])
      for (const line of readFileSync(new URL(f, import.meta.url), "utf8").split("\n")) {
        const q = line.split("|")[0]!.trim();
        if (q && !q.startsWith("#")) queries.add(q);
      }
    const evalDir = new URL("../fixtures/eval/", import.meta.url);
    for (const f of readdirSync(evalDir).filter((f) => f.endsWith(".jsonl")))
      for (const line of readFileSync(new URL(f, evalDir), "utf8").split("\n")) {
        if (!line.trim()) continue;
        const q = (JSON.parse(line) as { query?: unknown }).query;
        if (typeof q === "string") queries.add(q);
      }
    expect(queries.size).toBeGreaterThan(300);
    const refused: string[] = [];
    let planned = 0;
    for (const q of queries) {
      const plan = await planQuery(q);
      if (!plan.search_plan.length) continue; // a question back, nothing to run
      planned++;
      for (const page of [1, 2, MAX_PAGE]) {
        const c = checkPlan(planForPage(plan, page));
        if (!c.ok) refused.push(`${q} (page ${page}): ${c.problems[0]?.message}`);
      }
    }
    const seeds = new URL("../fixtures/seed-plans/", import.meta.url);
    for (const f of readdirSync(seeds).filter((f) => f.endsWith(".json"))) {
      const c = checkPlan(JSON.parse(readFileSync(new URL(f, seeds), "utf8")));
      if (!c.ok) refused.push(`${f}: ${c.problems[0]?.message}`);
    }
    expect(planned).toBeGreaterThan(300);
    expect(refused).toEqual([]);
  }, 180_000);

  it("counts what a plan can hold: a route's sample points, their queries, a filter over a search", () => {
    const ok = checkPlan(route(1, TEN));
    if (!ok.ok) throw new Error("one route search of ten queries is refused");
    const cost = planCost(ok.plan);
    expect(cost.calls).toBeLessThanOrEqual(MAX_PLAN_CALLS);
    expect(cost.stateBytes).toBeLessThan(STATE_LIMIT_BYTES);
    expect(cost.workMs).toBeLessThanOrEqual(DEFAULT_API_BUDGET_MS);
    expect(cost.steps[1]).toMatchObject({ action: "sample_and_search", places: 160, calls: 200 });
  });
});

describe("the deadline, in every search", () => {
  it("an embedded search past the deadline is not started, and a sample point says so once", async () => {
    const deps = testExecDeps();
    const counter = { apiCalls: 0, deadline: Deadline.from(Date.now() - 1) };
    await expect(deps.places.keywordSearch(counter, "카페", { size: 15 })).rejects.toMatchObject({
      reason: "deadline",
    });
    const point = await searchAtPoint(
      {
        step: 1,
        point: { lat: 37.4979, lng: 127.0276, index: 0, distanceFromStart: 0 },
        queries: TEN,
        radius: 1000,
        deadlineAt: Date.now() - 1,
      },
      deps,
    );
    expect(point.places).toEqual([]);
    expect(point.warnings).toEqual([BUDGET_SPENT]);
  });
});

describe("a planner plan past the state's limit", () => {
  it("asks fewer places a search until it fits, and says so", () => {
    const plan = checkPlan({
      strategy_type: "point_travel",
      search_plan: [
        { step: 1, action: "multi_keyword_search", params: { queries: TEN, ...gangnam, size: 30 } },
        {
          step: 2,
          action: "distance_filter",
          params: { origin: SEOUL, places: "${step1.places}", threshold: 5000, mode: "walking" },
        },
      ],
    });
    expect(plan.ok).toBe(false);
    const fitted = fitToState({
      strategy_type: "radius",
      provider: "kakao",
      post_processing: {},
      search_plan: [
        { step: 1, action: "multi_keyword_search", params: { queries: TEN, ...gangnam, size: 30 } },
        {
          step: 2,
          action: "distance_filter",
          params: { origin: SEOUL, places: "${step1.places}", threshold: 5000, mode: "walking" },
        },
      ],
    });
    expect(fitted.size).toBe(10);
    expect(checkPlan(fitted.plan).ok).toBe(true);
  });
});
