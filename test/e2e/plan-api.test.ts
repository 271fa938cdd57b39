// The planner through the HTTP API: the eval set, the seeds' examples, and bad input.
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, sharedServer, startServer, type TestServer } from "../helpers/server.ts";
import { scorePlan, type EvalCase } from "../helpers/eval-score.ts";
import { NO_LOCATION } from "../../shared/place-search/warnings.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer(); // the worker's: this file plans only
});
afterAll(() => server.close());

const plan = (query: string) => postJson(`${server.url}/v1/search/plan`, { query });

// the team's eval set beside the project when it is there (it grows), else the copy taken with the code
const teamEval = new URL("../../../shared/eval/planner-examples.jsonl", import.meta.url);
const evalFile = existsSync(teamEval)
  ? teamEval
  : new URL("../fixtures/eval/planner-examples.jsonl", import.meta.url);

describe("planner eval set", () => {
  it(`passes at least 95 % of ${evalFile.pathname.split("/").slice(-3).join("/")}`, async () => {
    const file = evalFile;
    const cases: EvalCase[] = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const failures: string[] = [];
    for (const c of cases) {
      const res = await plan(c.query);
      const why = res.status === 200 ? scorePlan(res.body, c.expect) : [`HTTP ${res.status}`];
      if (why.length) failures.push(`${c.id} ${c.query}: ${why.join("; ")}`);
    }
    const passed = cases.length - failures.length;
    expect(passed / cases.length, failures.join("\n")).toBeGreaterThanOrEqual(0.95);
  });
});

describe("seed examples", () => {
  it("000/001: 강남역 근처 카페 → radius 1000, size 15, keyword 카페, sorted by distance", async () => {
    const { status, body } = await plan("강남역 근처 카페");
    expect(status).toBe(200);
    expect(body.strategy_type).toBe("radius");
    expect(body.provider).toBe("kakao");
    expect(body.search_plan).toEqual([
      { step: 1, action: "geocode", description: "기준 위치 좌표", params: { query: "강남역" } },
      {
        step: 2,
        action: "keyword_search",
        params: {
          query: "카페",
          x: "${step1.x}",
          y: "${step1.y}",
          radius: 1000,
          size: 15,
          category_group_code: "CE7",
        },
      },
    ]);
    expect(body.post_processing).toMatchObject({ sort_by: "distance", max_results: 10 });
    expect(body.meta).toMatchObject({ engine: "rules", llmCalls: 0 });
  });

  it("001: 강남에서 판교 가는 길에 속이 편한 음식점 → route with geocode ×2, polyline, sample_and_search", async () => {
    const { body } = await plan("강남에서 판교 가는 길에 속이 편한 음식점");
    expect(body.strategy_type).toBe("route");
    expect(body.translator_result.search_keywords).toEqual(["해장국", "죽", "우동", "백반"]);
    expect(body.search_plan.map((s: any) => s.action)).toEqual([
      "geocode",
      "geocode",
      "route_polyline",
      "sample_and_search",
    ]);
    expect(body.search_plan[0].params.query).toBe("강남역");
    expect(body.search_plan[1].params.query).toBe("판교역");
    expect(body.search_plan[2].params.origin).toEqual({ lat: "${step1.y}", lng: "${step1.x}" });
    expect(body.search_plan[3].params).toMatchObject({
      polyline: "${step3.decodedPoints}",
      searchRadius: 3000,
    });
    expect(body.post_processing).toMatchObject({
      deduplicate: true,
      sort_by: "distance_from_start",
      group_by_segment: true,
      max_results: 10,
    });
  });

  it("001: 숙소에서 5km 이내 맛집 → point_travel, radius 7500, size 30, distance_filter 5000 driving", async () => {
    const { body } = await plan("숙소에서 5km 이내 맛집");
    expect(body.strategy_type).toBe("point_travel");
    expect(body.translator_result).toMatchObject({
      distanceMode: "point_travel",
      distanceThreshold: 5000,
      travelMode: "driving",
      requires_distance_filter: true,
    });
    expect(body.search_plan[1].params).toMatchObject({ query: "맛집", radius: 7500, size: 30 });
    expect(body.search_plan[2]).toMatchObject({
      action: "distance_filter",
      params: {
        places: "${step2.places}",
        threshold: 5000,
        mode: "driving",
        origin: { lat: "${step1.y}", lng: "${step1.x}" },
      },
    });
    expect(body.post_processing.sort_by).toBe("travelDistance");
    expect(body.meta.warnings.join(" ")).toContain("숙소");
  });

  it("001: 제주도 2박 3일 코스 → multi_point with travel_plan, roles and trip post-processing", async () => {
    const { body } = await plan("제주도 2박 3일 코스 짜줘");
    expect(body.strategy_type).toBe("multi_point");
    expect(body.travel_plan).toMatchObject({ days: 3, nights: 2, roles: ["관광지", "맛집", "카페", "숙박"] });
    expect(body.search_plan[0]).toMatchObject({ action: "geocode", params: { query: "제주시" } });
    const roles = body.search_plan.slice(1).map((s: any) => s.params.tripRole);
    expect(roles).toEqual(["관광지", "맛집", "카페", "숙박"]);
    expect(body.search_plan.find((s: any) => s.params.tripRole === "숙박").params.category).toBe("AD5");
    expect(body.post_processing).toMatchObject({
      group_by_day: true,
      assign_trip_roles: true,
      optimize_route_per_day: true,
      max_per_day: 5,
      max_results: 15,
    });
  });

  it("001: 시부야 라멘 → google_find_place + google_text_search near Shibuya, overseas disclaimer", async () => {
    const { body } = await plan("시부야 근처 라멘 맛집");
    expect(body.provider).toBe("google");
    expect(body.search_plan[0]).toMatchObject({
      action: "google_find_place",
      params: { query: "Shibuya, Tokyo" },
    });
    expect(body.search_plan[1]).toMatchObject({
      action: "google_text_search",
      params: { query: "ramen near Shibuya", lat: "${step1.lat}", lng: "${step1.lng}" },
    });
    expect(body.post_processing.disclaimer).toContain("해외");
  });

  it("001: pets → 애견동반/펫 keywords with a disclaimer", async () => {
    const { body } = await plan("강남역 근처 애견동반 카페");
    expect(body.translator_result.tags.pets).toBe(true);
    expect(body.search_plan[1]).toMatchObject({
      action: "multi_keyword_search",
      params: { queries: ["애견동반 카페", "펫 카페"] },
    });
    expect(body.post_processing.disclaimer).toContain("반려동물");
  });

  it("001: activities → keyword search around the city (서울 클라이밍장, radius 5000)", async () => {
    const { body } = await plan("서울 클라이밍장");
    expect(body.translator_result.tags.activities).toEqual(["클라이밍장"]);
    expect(body.search_plan[1]).toMatchObject({
      action: "keyword_search",
      params: { query: "클라이밍장", radius: 5000 },
    });
  });

  it("001: review keywords → filter_by_review, relevance, size 30", async () => {
    const { body } = await plan("강남역 근처 콘센트랑 와이파이 되는 카페");
    expect(body.post_processing).toMatchObject({
      filter_by_review: true,
      review_keywords: ["콘센트", "와이파이"],
      sort_by: "relevance",
    });
    expect(body.search_plan[1].params.size).toBe(30);
  });

  it.each([
    ["강남역 주차되는 일식집", "강남역", ["일식"], ["주차"]],
    ["판교 애견동반 식당", "판교역", ["애견동반 식당", "펫 식당"], []],
    ["마포 진대감 주차되나요?", "마포역", ["진대감"], ["주차"]],
    ["홍대에 회식하기 좋은 삼겹살집 추천해줘", "홍대입구역", ["삼겹살"], ["단체석"]],
  ])("002: %s", async (query, anchor, keywords, review) => {
    const { body } = await plan(query);
    expect(body.search_plan[0].params.query).toBe(anchor);
    expect(body.translator_result.search_keywords.slice(0, keywords.length)).toEqual(keywords);
    expect(body.translator_result.review_check_keywords).toEqual(review);
  });

  it("002: a query without a place (조용히 대화할 수 있는 맥주집) searches without an area and says so", async () => {
    const { status, body } = await plan("조용히 대화할 수 있는 맥주집");
    expect(status).toBe(200);
    expect(body.search_plan).toHaveLength(1);
    expect(body.search_plan[0]).toMatchObject({ action: "keyword_search", params: { query: "맥주" } });
    expect(body.translator_result.review_check_keywords).toContain("조용한");
    expect(body.meta.warnings).toContain(NO_LOCATION);
  });
});

describe("bad input", () => {
  const raw = (init: RequestInit) => fetch(`${server.url}/v1/search/plan`, { method: "POST", ...init });

  it.each([
    ["no body", { headers: { "content-type": "application/json" } }, "body"],
    ["non-JSON", { headers: { "content-type": "application/json" }, body: "{query:" }, "body"],
    [
      "wrong content type",
      { headers: { "content-type": "text/plain" }, body: '{"query":"카페"}' },
      "content-type",
    ],
    ["an array", { headers: { "content-type": "application/json" }, body: "[]" }, "body"],
    ["missing query", { headers: { "content-type": "application/json" }, body: "{}" }, "query"],
    ["empty query", { headers: { "content-type": "application/json" }, body: '{"query":"   "}' }, "query"],
    ["non-string query", { headers: { "content-type": "application/json" }, body: '{"query":42}' }, "query"],
    [
      "query over 500 characters",
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "가".repeat(501) }) },
      "query",
    ],
  ])("%s → 400 naming the field", async (_name, init, field) => {
    const res = await raw(init);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error.field).toBe(field);
    expect(body.error.message).toBeTruthy();
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it("a body over 64 KiB is a 413 naming the body, whether or not Content-Length says so", async () => {
    const big = JSON.stringify({ query: "카페", padding: "x".repeat(70_000) });
    const declared = await raw({ headers: { "content-type": "application/json" }, body: big });
    // a chunked body carries no Content-Length: the size is checked after reading
    const chunked = await raw({
      headers: { "content-type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    });
    for (const res of [declared, chunked]) {
      expect(res.status).toBe(413);
      expect(((await res.json()) as any).error).toMatchObject({ code: "body_too_large", field: "body" });
    }
  });

  it("unknown routes are 404 JSON", async () => {
    const res = await fetch(`${server.url}/v1/nope`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe("not_found");
  });

  it("GET /openapi.json describes the plan endpoint from the zod schemas", async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    const body = doc.paths["/v1/search/plan"].post.requestBody.content["application/json"].schema;
    expect(body.properties.query).toMatchObject({ type: "string", maxLength: 500 });
    expect(
      doc.paths["/v1/search/plan"].post.responses["200"].content["application/json"].schema.properties,
    ).toHaveProperty("search_plan");
  });

  it("an internal failure is a 500 without a stack trace; a failed workflow a 502", async () => {
    const { createApp } = await import("../../functions/api/app.ts");
    const context = server.world.context;
    const app = createApp(() => ({
      ...context,
      services: {
        ...context.services,
        placeSearch: { plan: () => Promise.reject(new Error("boom at /secret/path.ts:12")) } as never,
      },
    }));
    const res = await app.request("/v1/search/plan", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "카페" }),
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(500);
    expect(body.error.code).toBe("internal");
    expect(JSON.stringify(body)).not.toContain("boom");

    const { StatesError } = await import("../../shared/workflows/errors.ts");
    const broken = await startServer({
      wrap: (state, handler) =>
        state === "Plan"
          ? async () => {
              throw new StatesError("Error", "boom at /secret/path.ts:12");
            }
          : handler,
    });
    try {
      const failed = await postJson(`${broken.url}/v1/search/plan`, { query: "카페" });
      expect(failed.status).toBe(502);
      expect(failed.body.error.code).toBe("workflow_failed");
      expect(JSON.stringify(failed.body)).not.toContain("boom");
    } finally {
      await broken.close();
    }
  });
});
