// A request's time budget: a route search against a provider that answers slowly (or not at all)
// returns within the budget with what it found and a warning, instead of running past API Gateway's
// 29 s and losing the answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, startFake, type FakeServer } from "../helpers/fake-http.ts";
import { kakaoLocal } from "../helpers/fake-kakao.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";

let kakao: FakeServer;
let mobility: FakeServer;
let server: TestServer;
const BUDGET_MS = 3000;

beforeAll(async () => {
  // geocodes at once; every keyword search at a sample point hangs
  kakao = await startFake((r) => (r.query.get("size") === "1" ? kakaoLocal(r) : { hang: true }));
  mobility = await startFake(() => ({ json: fixture("kakaonavi.directions.json") }));
  server = await startServer(
    { exec: undefined }, // the real adapters, pointed at the fakes
    {
      KAKAO_REST_API_KEY: "test-key",
      KAKAO_BASE_URL: kakao.url,
      KAKAO_MOBILITY_BASE_URL: mobility.url,
      PROVIDER_TIMEOUT_MS: "10000",
      API_BUDGET_MS: String(BUDGET_MS),
    },
  );
});
afterAll(async () => {
  await server.close();
  await kakao.close();
  await mobility.close();
});

describe("a search with a provider that does not answer", () => {
  it("answers within its budget (not after the provider's 10 s timeouts and retries) with a warning", async () => {
    const started = Date.now();
    const res = await postJson(`${server.url}/v1/search`, { query: "강남에서 판교 가는 길에 국밥집" });
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    // a correctness bound, not a speed figure: 10 s timeouts × retries would take far longer
    expect(took).toBeLessThan(BUDGET_MS + 2000);
    expect(res.body.meta.warnings.join("\n")).toMatch(/시간 예산|no answer within/);
    expect(res.body.meta.providerFailures).toBeGreaterThan(0);
  });
});
