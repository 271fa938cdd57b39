// API keys: with keys configured, every route but the public ones needs one (401 without, 401 with a
// wrong one), a read-only key cannot start work (403), and keys may be given as SHA-256 digests. The
// authorizer Lambda makes the same check in AWS.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "../../functions/api/auth.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";

const READER = "reader-key-0123456789";
const OPS = "ops-key-abcdefghijklmnop";
const keys = [
  { id: "reader", key: READER, scopes: ["read"] },
  { id: "ops", sha256: createHash("sha256").update(OPS).digest("hex"), scopes: ["read", "write"] },
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { API_KEYS: JSON.stringify(keys), SIM_MAX_AGENT_DAYS_PER_CALLER: "20" });
});
afterAll(async () => {
  await server.world.workflows.settled();
  await server.close();
});

describe("API keys", () => {
  it("leave /health and /openapi.json public", async () => {
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200);
  });

  it("are required elsewhere: none or a wrong one is a 401 naming the header", async () => {
    const none = await postJson(`${server.url}/v1/search/plan`, { query: "강남역 카페" });
    expect(none.status).toBe(401);
    expect(none.body.error.field).toBe("x-api-key");
    const wrong = await postJson(
      `${server.url}/v1/search/plan`,
      { query: "강남역 카페" },
      { "x-api-key": "nope-nope-nope-nope" },
    );
    expect(wrong.status).toBe(401);
  });

  it("a read key searches but cannot start a simulation (403); a write key can, as itself", async () => {
    const plan = await postJson(
      `${server.url}/v1/search/plan`,
      { query: "강남역 카페" },
      { "x-api-key": READER },
    );
    expect(plan.status).toBe(200);
    const refused = await postJson(
      `${server.url}/v1/simulations`,
      { days: 1, seed: 1, agents: 5 },
      { "x-api-key": READER },
    );
    expect(refused.status).toBe(403);
    const started = await postJson(
      `${server.url}/v1/simulations`,
      { days: 1, seed: 1, agents: 5 },
      { "x-api-key": OPS },
    );
    expect(started.status).toBe(202);
    const status = await fetch(`${server.url}/v1/simulations/${started.body.id}`, {
      headers: { "x-api-key": OPS },
    });
    expect(((await status.json()) as any).createdBy).toBe("ops");
  });

  it("limit what one caller may start in a day (429 once its agent-days are used)", async () => {
    const again = await postJson(
      `${server.url}/v1/simulations`,
      { days: 4, seed: 2, agents: 5 },
      { "x-api-key": OPS },
    );
    expect(again.status).toBe(429);
    expect(again.body.error.message).toMatch(/agent-days/);
  });

  it("authenticate() finds the caller by key or digest and nothing else", () => {
    const parsed = keys.map((k) => ({ ...k, scopes: k.scopes as ("read" | "write")[] }));
    expect(authenticate(READER, parsed)).toEqual({ id: "reader", scopes: ["read"] });
    expect(authenticate(OPS, parsed)?.id).toBe("ops");
    expect(authenticate(undefined, parsed)).toBeNull();
    expect(authenticate(`${READER}x`, parsed)).toBeNull();
  });
});
