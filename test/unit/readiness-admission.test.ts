// The app's readiness gate and its admission (functions/api/readiness.ts, admission.ts), in process:
// until ready, API requests get 503 with Retry-After and the reason in Korean while /health, /ready
// (503 itself) and the page answer; an adaptive limit comes down when the event loop lags (a fake
// loop delay) and sheds with 503 and Retry-After; a request waiting for its body holds no slot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Admission } from "../../functions/api/admission.ts";
import { createApp, type AppContext } from "../../functions/api/app.ts";
import { Readiness } from "../../functions/api/readiness.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import { testWorld } from "../helpers/server.ts";
import { until } from "../helpers/until.ts";

let world: LocalWorld;
let context: AppContext;
beforeAll(async () => {
  world = await testWorld();
  context = world.context;
});
afterAll(() => world.close());

const plan = (app: ReturnType<typeof createApp>) =>
  app.request("/v1/search/plan", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "망원역 근처 빵집" }),
  });

describe("readiness", () => {
  it("until ready: API 503 with Retry-After and why in Korean, /ready 503, /health 200; then all answer", async () => {
    const readiness = new Readiness();
    readiness.preparing("식당 색인을 만드는 중");
    const app = createApp(() => context, { readiness });
    const refused = await plan(app);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("not_ready");
    expect(body.error.message).toContain("식당 색인을 만드는 중");
    expect((await app.request("/health")).status).toBe(200);
    const ready = await app.request("/ready");
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBeTruthy();

    readiness.markReady();
    expect((await app.request("/ready")).status).toBe(200);
    expect((await plan(app)).status).toBe(200);
  });

  it("with no readiness (a Lambda), /ready answers 200", async () => {
    const app = createApp(() => context);
    expect(await (await app.request("/ready")).json()).toEqual({ status: "ready", service: "dongne" });
  });
});

describe("admission", () => {
  it("the limit comes down while the event loop lags, and comes back when it does not", async () => {
    let lag = 0;
    const admission = new Admission({
      maxInFlight: 16,
      adaptive: {
        initial: 16,
        slowMs: 10_000,
        loopDelayTargetMs: 50,
        windowMs: 20,
        loopDelay: () => ({ take: () => lag, stop: () => {} }),
      },
    });
    try {
      lag = 200;
      await until(() => admission.limit.limit === 1, 25);
      expect(admission.limit.limit).toBe(1);
      lag = 0;
      // calm, and every slot taken: it grows again
      await until(async () => {
        const held = [admission.limit.tryAcquire(), admission.limit.tryAcquire()].filter((r) => r !== null);
        await new Promise((r) => setTimeout(r, 25));
        for (const r of held) r({ ms: 1 });
        return admission.limit.limit >= 3;
      });
      expect(admission.limit.limit).toBeGreaterThanOrEqual(3);
    } finally {
      admission.close();
    }
  });

  it("sheds past the limit with 503, Retry-After and a Korean reason; a body still arriving holds no slot", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // the one slot held by a plan that is being worked on (its service waits)
    const slow = {
      ...context,
      services: {
        ...context.services,
        placeSearch: Object.assign(
          Object.create(context.services.placeSearch) as typeof context.services.placeSearch,
          {
            plan: async (...args: Parameters<typeof context.services.placeSearch.plan>) => {
              await gate;
              return context.services.placeSearch.plan(...args);
            },
          },
        ),
      },
    };
    const app = createApp(() => slow, { maxInFlight: 1 });
    // a body that has not arrived: read before admission, so it holds nothing
    let endBody!: () => void;
    const waiting = app.request("/v1/search/plan", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream({
        start: (ctrl) => {
          ctrl.enqueue(new TextEncoder().encode('{"query":'));
          endBody = () => {
            ctrl.enqueue(new TextEncoder().encode('"망원동 빵집"}'));
            ctrl.close();
          };
        },
      }),
      duplex: "half",
    });
    const working = plan(app);
    await new Promise((r) => setTimeout(r, 50));
    const shed = await plan(app);
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("1");
    const body = (await shed.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("overloaded");
    expect(body.error.message).toMatch(/[가-힣]/);
    expect((await app.request("/health")).status).toBe(200);
    release();
    expect((await working).status).toBe(200);
    endBody();
    expect((await waiting).status).toBe(200);
  });
});
