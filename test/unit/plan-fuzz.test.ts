// Property: any string up to 500 characters gets a checked plan (200) or a 400 — never a crash.
// Runs through the Hono app and the local workflow runner, as the server does.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import { testWorld } from "../helpers/server.ts";
import { checkPlan } from "../../shared/place-search/plan-check.ts";
import { PlanResponse } from "../../shared/place-search/schemas.ts";

let world: LocalWorld;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  world = await testWorld({ planCache: false });
  app = createApp(() => world.context);
});
afterAll(() => world.close());

async function plan(query: unknown) {
  const res = await app.request("/v1/search/plan", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

function expectPlanOr400(status: number, body: any, query: string) {
  if (status === 400) {
    expect(body.error.field).toBe("query");
    expect(query.trim() === "" || query.trim().length > 500).toBe(true);
    return;
  }
  expect(status, JSON.stringify(body)).toBe(200);
  PlanResponse.parse(body);
  // "근처 카페" with no place: no steps, a question instead
  if (body.meta.question) expect(body.search_plan).toEqual([]);
  else expect(checkPlan(body).ok).toBe(true);
}

// fragments that exercise the rules: places, particles, numbers and units, foods, route words
const FRAGMENTS = [
  "강남역",
  "홍대",
  "망원동",
  "마포구",
  "제주도",
  "시부야",
  "런던",
  "숙소",
  "Hongdae",
  "에서",
  "까지",
  "와",
  "사이",
  "가는 길에",
  "근처",
  "주변",
  "5km",
  "걸어서",
  "10분",
  "이내",
  "반경",
  "2박 3일",
  "당일치기",
  "코스",
  "카페",
  "국밥",
  "속이 편한",
  "애견동반",
  "콘센트",
  "클라이밍",
  "→",
  "near",
  "from",
  "to",
  "  ",
  "!!",
  "0",
  "999999km",
  "-3분",
  "🍜",
  "\u0000",
  "${step1.x}",
];

describe("POST /v1/search/plan never crashes", () => {
  it("on arbitrary strings up to 500 characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 500, unit: "grapheme" }), async (query) => {
        const { status, body } = await plan(query);
        expectPlanOr400(status, body, query);
      }),
      { numRuns: 300 },
    );
  });

  it("on query-like strings built from the rules' own vocabulary", async () => {
    const phrase = fc
      .array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 12 })
      .map((xs) => xs.join(" "));
    await fc.assert(
      fc.asyncProperty(phrase, async (query) => {
        const { status, body } = await plan(query);
        expectPlanOr400(status, body, query);
      }),
      { numRuns: 400 },
    );
  });

  it("on non-string queries: a 400 naming the field", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object()),
        async (query) => {
          const { status, body } = await plan(query);
          expect(status).toBe(400);
          expect(body.error.field).toBe("query");
        },
      ),
      { numRuns: 50 },
    );
  });
});
