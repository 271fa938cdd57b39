// Attack on how the API refuses: every refusal is Korean JSON with a code; every 429 and 503 carries
// Retry-After (the daily LLM allowance, a service's quota or unavailability, load shedding); numbers
// in the query string are decimal only (?limit=0x10 is no 16); and a spread of bad path parameters,
// query values and generated bodies over every route answers in Korean.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../functions/api/app.ts";
import { ROUTES } from "../../functions/api/routes/index.ts";
import { DongneError } from "../../shared/platform/errors.ts";
import { englishWords } from "../helpers/person-text.ts";
import { call, dataDirectory, HANGUL, startOn, type AttackServer } from "./world.ts";

const notKorean = (body: any): string | null => {
  const e = body?.error;
  if (typeof e?.code !== "string" || typeof e?.message !== "string") return "no JSON error with a code";
  if (!HANGUL.test(e.message)) return `English only: ${e.message}`;
  const words = englishWords(e.message);
  return words.length ? `English words ${words.join(", ")}: ${e.message}` : null;
};

const data = dataDirectory();
let server: AttackServer;

beforeAll(async () => {
  server = await startOn(data.dir, { SIM_STORE: "memory", QA_DEMO_CORPUS: "off" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  data.remove();
});

describe("every 429 and 503 says when to come back", { timeout: 120_000 }, () => {
  /** one request answered by the app with part of its context changed (the app reads it per request) */
  async function withContext(patch: Partial<AppContext>, path: string, body: unknown) {
    const context = server.world.context;
    const saved = { ...context };
    Object.assign(context, patch);
    try {
      return await call(`${server.url}${path}`, { body: JSON.stringify(body) });
    } finally {
      for (const k of Object.keys(patch) as (keyof AppContext)[]) delete context[k];
      Object.assign(context, saved);
    }
  }

  it("the daily LLM allowance's 429 carries Retry-After (seconds to the next UTC day) and a Korean reason", async () => {
    const res = await withContext(
      { llmAllowance: { limit: 1, consume: async () => false } },
      "/v1/search/plan",
      { query: "망원동 카페" },
    );
    expect(res.status).toBe(429);
    expect(notKorean(res.body)).toBeNull();
    const after = Number(res.headers.get("retry-after"));
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(86_400);
  });

  it("a service's quota (429) and unavailability (503) carry Retry-After", async () => {
    for (const [kind, status] of [
      ["quota", 429],
      ["unavailable", 503],
    ] as const) {
      const { services } = server.world.context;
      const failing: Partial<AppContext> = {
        services: {
          ...services,
          placeSearch: Object.assign(Object.create(services.placeSearch) as typeof services.placeSearch, {
            plan: () => Promise.reject(new DongneError(kind, "지금은 처리할 수 없습니다")),
          }),
        },
      };
      const res = await withContext(failing, "/v1/search/plan", { query: "망원동 카페" });
      expect(res.status, kind).toBe(status);
      expect(Number(res.headers.get("retry-after")), kind).toBeGreaterThan(0);
      expect(notKorean(res.body), kind).toBeNull();
    }
  });
});

describe("numbers in the query string are decimal only", () => {
  it("?limit=0x10, 1e1, 0b1, 0o7, +16, ' 16', 16.0: 400 naming limit, in Korean", async () => {
    const wrong: string[] = [];
    for (const v of ["0x10", "1e1", "0b1", "0o7", "+16", " 16", "16 ", "16.0", "Infinity", "1_000"]) {
      const res = await call(`${server.url}/v1/simulations/sim-none/export?limit=${encodeURIComponent(v)}`);
      if (res.status !== 400 || res.body?.error?.field !== "limit" || notKorean(res.body))
        wrong.push(`${v} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
    // a decimal is read as it is written
    expect((await call(`${server.url}/v1/simulations/sim-none/export?limit=16`)).status).toBe(404);
  });
});

describe("every refusal is Korean JSON with a code", { timeout: 300_000 }, () => {
  const seen: string[] = [];

  it("bad path parameters of every route", async () => {
    for (const r of ROUTES) {
      if (!r.params) continue;
      const path = r.path.replace(/\{(\w+)\+?\}/g, () => encodeURIComponent("bad id!*"));
      const res = await call(`${server.url}${path}`, r.method === "post" ? { body: "{}" } : {});
      if (res.status >= 400 && res.status < 500) {
        const why = notKorean(res.body);
        if (why) seen.push(`${r.method} ${path} → ${res.status}: ${why}`);
      }
    }
    expect(seen).toEqual([]);
  });

  it("bad job ids, store hours and query values", async () => {
    const wrong: string[] = [];
    const gets = [
      "/v1/jobs/not-a-job",
      "/v1/jobs/job-",
      "/v1/simulations/sim-x/export?kind=all",
      "/v1/simulations/sim-x/export?format=xlsx",
      "/v1/simulations/sim-x/export?cursor=%%%",
      "/v1/stores/S1/ratings",
      "/v1/search/plan?format=xml",
      "/v1/news/search?format=xml",
    ];
    for (const path of gets) {
      const res = await call(`${server.url}${path}`);
      if (res.status >= 400 && res.status < 500 && notKorean(res.body))
        wrong.push(`${path}: ${notKorean(res.body)}`);
    }
    const hours = [{ days: [1], open: "25:00", close: "26:99" }];
    const store = {
      name: "시간 가게",
      category: "한식",
      avg_price: 9000,
      lat: 37.5561,
      lng: 126.9055,
      hours,
    };
    const res = await call(`${server.url}/v1/simulations/estimate`, {
      body: JSON.stringify({ days: 1, seed: 1, scenario: { add: [store] } }),
    });
    expect(res.status).toBe(400);
    if (notKorean(res.body)) wrong.push(`store hours: ${notKorean(res.body)}`);
    expect(wrong).toEqual([]);
  });

  it("generated bodies for every route that takes one: each 4xx in Korean", async () => {
    // not the ones that start background work (a valid body would start a simulation or experiment)
    const starts = new Set(["/v1/simulations", "/v1/experiments", "/v1/simulations/{id}/resume"]);
    const posts = ROUTES.filter((r) => r.method === "post" && r.body && !starts.has(r.path));
    const wrong: string[] = [];
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts.map((r) => r.path)),
        fc.oneof(
          fc.json({ maxDepth: 3 }),
          fc
            .dictionary(
              fc.constantFrom(
                "query",
                "days",
                "seed",
                "documents",
                "scenario",
                "baseline",
                "seeds",
                "plan",
                "location",
              ),
              fc.jsonValue({ maxDepth: 2 }),
            )
            .map((o) => JSON.stringify(o)),
        ),
        async (path, body) => {
          n++;
          const concrete = path.replace(/\{\w+\}/g, "sim-none");
          const res = await call(`${server.url}${concrete}`, { body });
          expect(res.status, `${concrete} ${body.slice(0, 80)}`).toBeLessThan(500);
          if (res.status >= 400 && res.status < 500 && notKorean(res.body))
            wrong.push(`${concrete} ${body.slice(0, 60)} → ${res.status}: ${notKorean(res.body)}`);
        },
      ),
      { numRuns: 250, seed: 3636 },
    );
    await server.world.workflows.settled();
    expect(wrong, `${wrong.length} of ${n}`).toEqual([]);
  });
});
