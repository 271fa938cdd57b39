// Every route of the API, hit with adversarial input over HTTP on loopback: whatever arrives, the answer
// is never a 5xx (a 400 names the field), and the server keeps answering /health afterwards. Bounded and
// seeded, so it runs in CI. Cost: a world of its own (a small simulation allowance, no restaurant
// corpus); the routes that only read restaurants go to the worker's shared server, whose demo corpus is
// built once for every file (the documents route, which writes, stays here).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { honoPath, ROUTES } from "../../functions/api/routes/index.ts";
import { sharedServer, startServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let shared: TestServer;
beforeAll(async () => {
  // a small daily allowance: most simulation starts are refused (429), the few that run are tiny
  server = await startServer(
    {},
    { SIM_MAX_AGENT_DAYS_PER_CALLER: "40", API_BUDGET_MS: "8000", QA_DEMO_CORPUS: "off" },
  );
  shared = await sharedServer({ demoCorpus: true });
});
afterAll(async () => {
  await server.world.workflows.settled();
  await server.close();
  await shared.close();
});

/** The restaurant routes that only read: asked of the shared server, over the demo corpus. */
const READS_RESTAURANTS = new Set([
  "/v1/restaurants/ask",
  "/v1/restaurants/search",
  "/v1/restaurants/{place_id}",
]);

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 600 }),
  fc.constantFrom(
    "",
    " ",
    "제주 30박 31일 여행",
    "100박 101일 제주 여행",
    "가".repeat(500),
    "가".repeat(501),
    "강남역 근처 카페".padEnd(500, "\u0301"),
    "\u0301".repeat(500),
    "a\u0000b",
    "😀".repeat(250),
    "../../etc/passwd",
    "%00%2F..",
    "<script>alert(1)</script>",
    "강남에서 판교 가는 길에 " + "맛집 ".repeat(90),
  ),
);
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e15, -1e15, 1e308, -0, 0, 14, 15, 500, 501, 2 ** 31, -1, 1.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant({}),
);

/** A body that is almost right for the route: its fields with adversarial values, or extra fields. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...fields, "extra"), weirdValue, { maxKeys: fields.length + 1 }),
    fc.constantFrom<unknown>([], "text", 12, null, nested(40), { query: nested(200) }),
  );

const plans = fc.oneof(
  fc.constant({
    strategy_type: "radius",
    provider: "kakao",
    search_plan: [
      { step: 1, action: "keyword_search", params: { query: "카페", x: 127, y: 1e15, radius: 1000 } },
    ],
    post_processing: {},
  }),
  fc.constant({
    strategy_type: "radius",
    provider: "kakao",
    search_plan: [{ step: 1, action: "category_search", params: { category: "FD6", x: 1e15, y: 37.5 } }],
    post_processing: {},
  }),
  fc.constant(nested(200)),
  fc.record({
    strategy_type: fc.constantFrom("radius", "route", "nope"),
    provider: fc.constantFrom("kakao", "google"),
    search_plan: fc.array(
      fc.record({
        step: fc.integer({ min: -1, max: 5 }),
        action: fc.constantFrom(
          "geocode",
          "keyword_search",
          "sample_and_search",
          "distance_filter",
          "rm -rf",
        ),
        params: fc.dictionary(
          fc.constantFrom("query", "x", "y", "radius", "polyline", "queries"),
          weirdValue,
        ),
      }),
      { maxLength: 4 },
    ),
    post_processing: fc.constant({}),
  }),
);

const pathValue = fc.oneof(
  fc.constantFrom(
    "sim-x",
    "S001",
    "S999",
    "x".repeat(10_000),
    "%2F..%2F",
    "한글",
    "a b",
    "places/p/photos/x",
  ),
  fc.string({ maxLength: 30 }),
);

async function request(method: string, path: string, body?: unknown, on = server) {
  const res = await fetch(`${on.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe("every route under adversarial input", () => {
  it.each(ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    "%s never answers 5xx",
    async (_name, route) => {
      const fields = route.body ? Object.keys((route.body as unknown as { shape?: object }).shape ?? {}) : [];
      const body =
        route.path === "/v1/search/execute" ? fc.record({ plan: plans, query: weirdValue }) : bodyFor(fields);
      const paramNames = [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]);
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: paramNames.length, maxLength: paramNames.length }),
          fc.dictionary(fc.constantFrom("format", "simulation", "x"), fc.oneof(weirdString, pathValue), {
            maxKeys: 2,
          }),
          body,
          async (params, query, b) => {
            let path = honoPath(route.path);
            paramNames.forEach((name, i) => {
              path = path.replace(new RegExp(`:${name}(\\{\\.\\+\\})?`), encodeURIComponent(params[i]!));
            });
            const qs = new URLSearchParams(query).toString();
            const res = await request(
              route.method.toUpperCase(),
              `${path}${qs ? `?${qs}` : ""}`,
              route.method === "post" ? b : undefined,
              READS_RESTAURANTS.has(route.path) ? shared : server,
            );
            expect(
              res.status,
              `${route.method} ${path}?${qs} ${JSON.stringify(b)?.slice(0, 300)} → ${res.text.slice(0, 300)}`,
            ).toBeLessThan(500);
            if (res.status === 400) expect(JSON.parse(res.text).error.field).toBeTruthy();
          },
        ),
        { numRuns: 25, seed: 20261123 },
      );
    },
  );

  it("the named cases: a long trip is capped, a 10,000-deep plan and a 10,000-character id are 400s, a far-out coordinate does not hang the server", async () => {
    const trip = await request("POST", "/v1/search/plan", { query: "제주 30박 31일 여행" });
    expect(trip.status).toBe(200);
    expect(JSON.parse(trip.text).travel_plan.days).toBeLessThanOrEqual(30);
    expect(JSON.parse(trip.text).meta.warnings.join(" ")).toMatch(/31일/);
    for (const query of [
      "가".repeat(500),
      "강남역 근처 카페".padEnd(500, "\u0301"),
      "맛집 ".repeat(100).trim(),
    ]) {
      const res = await request("POST", "/v1/search", { query });
      expect(res.status, query.slice(0, 20)).toBe(200);
    }
    const deepText = `{"plan":${'{"a":'.repeat(10_000)}1${"}".repeat(10_001)}`;
    const deep = await fetch(`${server.url}/v1/search/execute`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: deepText,
    });
    expect(deep.status).toBe(400);
    const id = await request("GET", `/v1/stores/S001/ratings?simulation=${"s".repeat(10_000)}`);
    expect(id.status).toBe(400);
    const far = await request("POST", "/v1/search/execute", {
      plan: {
        strategy_type: "radius",
        provider: "kakao",
        search_plan: [{ step: 1, action: "keyword_search", params: { query: "카페", x: 127, y: 1e15 } }],
        post_processing: {},
      },
    });
    expect(far.status).toBe(400);
    expect(JSON.parse(far.text).error.field).toMatch(/params\.y/);
    expect((await request("GET", "/health")).status).toBe(200);
  });
});
