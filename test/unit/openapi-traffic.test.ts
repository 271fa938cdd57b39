// The check every test server runs on its answers (helpers/openapi-check.ts) finds what the document
// does not describe, and the answers only the server's protections give (a body over its limit, load
// shed) are described.
import { describe, expect, it } from "vitest";
import { createApp, RETRY_AFTER_SECONDS, type AppContext } from "../../functions/api/app.ts";
import { Readiness } from "../../functions/api/readiness.ts";
import { MAX_BODY_BYTES } from "../../functions/api/request.ts";
import { mismatch } from "../helpers/openapi-check.ts";

const BASE = "http://127.0.0.1";
const json = (body: unknown, status = 200, type = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": type } });
const error = (status: number) => json({ error: { code: "x", message: "y" } }, status);

describe("checking an answer against the OpenAPI document", () => {
  it("passes what the document describes", async () => {
    expect(await mismatch("GET", `${BASE}/health`, json({ status: "ok", service: "dongne" }))).toBeNull();
    expect(await mismatch("GET", `${BASE}/v1/simulations/sim-1`, error(404))).toBeNull();
    expect(await mismatch("POST", `${BASE}/v1/search?format=geojson`, error(504))).toBeNull();
    // API Gateway's own refusals are {message}
    expect(
      await mismatch("POST", `${BASE}/v1/search`, json({ message: "Too Many Requests" }, 429)),
    ).toBeNull();
    const photo = `${BASE}/v1/place-photos/places/abc/photos/def`;
    expect(await mismatch("GET", photo, new Response(null, { status: 302 }))).toBeNull();
  });

  it("finds a status, a content type or a body the document does not describe", async () => {
    expect(await mismatch("GET", `${BASE}/health`, error(404))).toMatch(/status not in the document/);
    expect(
      await mismatch("GET", `${BASE}/v1/simulations/sim-1`, new Response("hi", { status: 200 })),
    ).toMatch(/content type text\/plain not in the document/);
    expect(await mismatch("GET", `${BASE}/health`, json({ status: "down" }))).toMatch(/must/);
    expect(await mismatch("GET", `${BASE}/v1/jobs/j`, json({ nope: 1 }, 404))).toMatch(/must/);
  });

  it("leaves alone a request that names no operation", async () => {
    expect(await mismatch("GET", `${BASE}/nowhere`, error(404))).toBeUndefined();
  });
});

describe("the server's own refusals are in the document", () => {
  /** services are never reached by these requests: refused before any route runs */
  const context = { services: {}, apiKeys: [] } as unknown as AppContext;

  it("413 for a body over the limit", async () => {
    const app = createApp(() => context);
    const res = await app.request("/v1/search/plan", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
      body: "x".repeat(MAX_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(await mismatch("POST", `${BASE}/v1/search/plan`, res)).toBeNull();
  });

  it("503 with Retry-After when load is shed", async () => {
    // the one slot held by a plan being worked on (a request waiting for its body holds none)
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const working = {
      ...context,
      services: { placeSearch: { plan: () => gate.then(() => ({ plan: null })) } },
    } as unknown as AppContext;
    const app = createApp(() => working, { maxInFlight: 1 });
    const held = app.request("/v1/search/plan", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "망원동 빵집" }),
    });
    await new Promise((r) => setTimeout(r, 50));
    const res = await app.request("/v1/restaurants/ask", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "망원동 국밥" }),
    });
    release();
    await held;
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await mismatch("POST", `${BASE}/v1/restaurants/ask`, res)).toBeNull();
  });

  it("503 with Retry-After until the server is ready; 421 for a Host it does not answer", async () => {
    const readiness = new Readiness();
    const app = createApp(() => context, { readiness, hosts: { port: 3000 } });
    const host = { host: "localhost:3000" };
    const notReady = await app.request("/v1/restaurants/ask", { method: "POST", headers: host });
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get("retry-after")).toBeTruthy();
    expect(await mismatch("POST", `${BASE}/v1/restaurants/ask`, notReady)).toBeNull();
    const ready = await app.request("/ready", { headers: host });
    expect(await mismatch("GET", `${BASE}/ready`, ready)).toBeNull();
    const rebound = await app.request("/v1/restaurants/x", { headers: { host: "evil.example" } });
    expect(rebound.status).toBe(421);
    expect(await mismatch("GET", `${BASE}/v1/restaurants/x`, rebound)).toBeNull();
  });
});
