// Place search under abuse (issue 26), through the local server and the real workflow definitions: plans
// that look valid never answer 5xx (a value a step cannot take is cut with a warning, or the plan check
// refuses it with a 400 naming the cause); the largest state a plan the check accepts can reach stays
// under Step Functions' 256 KB (measured between states in the local runner); and the dearest plan the
// check accepts ends by the request's budget while /health keeps answering. No bound here is a time on
// the clock: the budget is spent by moving the product's clock, /health is held to a share of
// the plan's own time in the same run, and "up front" means before any state ran. The figures are
// bench/place-search-abuse.ts's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";
import { checkPlan } from "../../shared/place-search/plan-check.ts";
import { planCost } from "../../shared/place-search/plan-cost.ts";
import { encodeCursor } from "../../shared/place-search/cursor.ts";
import type { PlanResponse } from "../../shared/place-search/schemas.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import { STATE_PAYLOAD_LIMIT_BYTES } from "../../shared/workflows/local-runner.ts";
import { abusePlans, candidatePlans, sampleHealth } from "../../bench/place-search-abuse.ts";

const BUDGET_MS = 8000;
/** the largest JSON a Task state received or returned, by state */
const largest = new Map<string, number>();
/** the Task states started, in order */
const started: string[] = [];
/** called as a Task state starts (a test moves the clock from here) */
let onStart: (state: string) => void = () => {};
let server: TestServer;

beforeAll(async () => {
  server = await startServer(
    {
      planCache: false,
      wrap: (state, handler) => async (input: never) => {
        started.push(state);
        onStart(state);
        const note = (v: unknown) =>
          largest.set(state, Math.max(largest.get(state) ?? 0, Buffer.byteLength(JSON.stringify(v ?? null))));
        note(input);
        const out = await handler(input);
        note(out);
        return out;
      },
    },
    { API_BUDGET_MS: String(BUDGET_MS) },
  );
});
afterAll(() => server?.close());

const execute = (plan: unknown) => postJson(`${server.url}/v1/search/execute`, { plan });

describe("place search under abuse", () => {
  it("answers no 5xx to plans that look valid: cut with a warning, or refused with a 400 naming the cause", async () => {
    for (const [name, plan] of Object.entries(abusePlans())) {
      const res = await execute(plan);
      expect(res.status, `${name}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
      // the same plan, forged into a cursor, is checked like a plan
      const next = await postJson(`${server.url}/v1/search`, { cursor: encodeCursor(carrying(plan), 2, []) });
      expect(next.status, `${name} as a cursor: ${JSON.stringify(next.body).slice(0, 300)}`).toBeLessThan(
        500,
      );
    }
  }, 240_000);

  it("keeps every state of the largest plan the check accepts under 256 KB", async () => {
    // words the demo data has, so the places found fill the state as far as they can
    const ranked = accepted()
      .filter((c) => !JSON.stringify(c.plan).includes("없는말"))
      .sort((a, b) => b.cost.stateBytes - a.cost.stateBytes);
    const worst = ranked[0]!;
    largest.clear();
    const res = await execute(worst.plan);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const measured = Math.max(...largest.values());
    expect(measured).toBeGreaterThan(50_000); // it did fill the state
    expect(measured).toBeLessThan(STATE_PAYLOAD_LIMIT_BYTES);
    // the estimate is a worst case: what ran is below it
    expect(measured).toBeLessThanOrEqual(worst.cost.stateBytes);
  });

  it("ends the dearest accepted plan by the budget: once it is spent, no further step starts", async () => {
    // the product's clock jumps past the request's deadline as the plan's execution begins
    const realNow = Date.now;
    let offset = 0;
    onStart = (state) => {
      if (state === "Execute" && !offset) offset = BUDGET_MS;
    };
    Date.now = () => realNow() + offset;
    started.length = 0;
    let res;
    try {
      res = await execute(dearest().plan);
    } finally {
      Date.now = realNow;
      onStart = () => {};
    }
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(offset, "the plan reached its execution").toBe(BUDGET_MS);
    expect(res.body.meta.warnings.join("\n")).toMatch(/요청 시간 예산이 다해 .*단계를 건너뛰었습니다/);
    // no provider work after the budget: no sample point searched, the plan's steps all skipped
    expect(started).not.toContain("SearchPoint");
    expect(res.body.meta.apiCalls ?? 0).toBe(0);
  });

  it("answers /health while the dearest accepted plan runs", async () => {
    // sampled from another process: a blocked event loop here would stop an in-process sampler too
    const sampler = sampleHealth(`${server.url}/health`);
    await sampler.ready;
    const t = performance.now();
    const res = await execute(dearest().plan);
    const took = performance.now() - t;
    const { samples, failed } = await sampler.stop();
    expect([200, 504], JSON.stringify(res.body).slice(0, 300)).toContain(res.status);
    expect(failed).toBe(0);
    // a ratio in the same run, not a time: no /health waited half as long as the plan took (an event
    // loop blocked for most of the plan would make one wait that long), with a floor for a quick plan
    expect(Math.max(...samples)).toBeLessThan(Math.max(took / 2, 10 * median(samples)));
  });

  it("refuses up front the 30-step plan of ten unknown keywords with no coordinates", async () => {
    started.length = 0;
    const res = await execute(abusePlans().thirtySteps);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/작업량이 너무 많습니다|워크플로 상태/);
    expect(started, "refused before any state ran").toEqual([]);
  });
});

/** The accepted plan with the most work in it. */
const dearest = () =>
  accepted().sort((a, b) => b.cost.workMs - a.cost.workMs || b.cost.calls - a.cost.calls)[0]!;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The candidate plans the check accepts, with their estimated cost. */
function accepted() {
  return candidatePlans().flatMap((plan) => {
    const c = checkPlan(plan);
    return c.ok ? [{ plan, cost: planCost(c.plan) }] : [];
  });
}

/** A cursor's plan (a PlanResponse, as the API gives) whose steps are `plan`'s, as a forger would write it. */
function carrying(plan: { search_plan: unknown }): PlanResponse {
  const tiny = checkPlan({ search_plan: [{ step: 1, action: "keyword_search", params: { query: "카페" } }] });
  if (!tiny.ok) throw new Error("a one-step plan fails its check");
  return { ...planFromClient(tiny.plan), search_plan: plan.search_plan as PlanResponse["search_plan"] };
}
