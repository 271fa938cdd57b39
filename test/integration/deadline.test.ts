// A request's time budget: a route search against a provider that answers slowly returns within the
// budget with what it found and a warning, instead of running past API Gateway's 29 s and losing the
// answer. Time is the fake provider's: its keyword searches answer only after SLOW_REPLY_MS, ten times
// the budget and well inside the provider timeout, so a search that waited for them (the budget not
// honoured) would answer after the first of them; one that keeps its budget answers before any (an order,
// not a wall-clock bound: it holds on a machine many times slower than a quiet one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, startFake, type FakeServer } from "../helpers/fake-http.ts";
import { kakaoLocal } from "../helpers/fake-kakao.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";

let kakao: FakeServer;
let mobility: FakeServer;
let server: TestServer;
const BUDGET_MS = 3000;
const SLOW_REPLY_MS = 10 * BUDGET_MS;
/** the slow replies the fake has sent so far, and the timers of those still to come */
let slowReplies = 0;
const pending = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  // geocodes at once; every keyword search at a sample point answers after SLOW_REPLY_MS
  kakao = await startFake((r) => {
    if (r.query.get("size") === "1") return kakaoLocal(r);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(timer);
        slowReplies++;
        resolve(kakaoLocal(r));
      }, SLOW_REPLY_MS);
      pending.add(timer);
    });
  });
  mobility = await startFake(() => ({ json: fixture("kakaonavi.directions.json") }));
  server = await startServer(
    { exec: undefined }, // the real adapters, pointed at the fakes
    {
      KAKAO_REST_API_KEY: "test-key",
      KAKAO_BASE_URL: kakao.url,
      KAKAO_MOBILITY_BASE_URL: mobility.url,
      // longer than the slow replies: without the budget, the search would wait for them
      PROVIDER_TIMEOUT_MS: String(2 * SLOW_REPLY_MS),
      API_BUDGET_MS: String(BUDGET_MS),
    },
  );
});
afterAll(async () => {
  for (const timer of pending) clearTimeout(timer);
  await server.close();
  await kakao.close();
  await mobility.close();
});

describe("a search with a provider that answers slowly", () => {
  it("answers by its budget, before the provider's first reply, with a warning", async () => {
    const res = await postJson(`${server.url}/v1/search`, { query: "강남에서 판교 가는 길에 국밥집" });
    expect(res.status).toBe(200);
    // the keyword searches were asked, and none of them had answered yet
    expect(kakao.requests.filter((r) => r.query.get("size") !== "1").length).toBeGreaterThan(0);
    expect(slowReplies, "the search waited for the slow provider instead of its budget").toBe(0);
    expect(res.body.meta.warnings.join("\n")).toMatch(/시간 예산|no answer within/);
    expect(res.body.meta.providerFailures).toBeGreaterThan(0);
  });
});
