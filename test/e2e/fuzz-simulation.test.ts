// The simulation's requests fuzzed through the local server (issue 26), in four classes — the agent cap
// with scenario visitors, numeric extremes, dates, scenario shapes — and experiments built of the same
// parts. For every generated body: no 5xx; /estimate and the start give the same verdict (200 ↔ 202, the
// same 400 with the same field); no run starts past the agent cap (each run the start accepted is read
// back: at most MAX_AGENTS agents), and none starts where the answer was a refusal. Seeded and bounded.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { MAX_AGENTS } from "../../shared/simulation/limits.ts";
import { mangwonStores } from "../../shared/simulation/stores.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";
import { haltAtFirstSlot } from "../helpers/simulation.ts";

/** Every accepted run stops at its first slot (only acceptance is under test); Initialise is counted. */
const halting = haltAtFirstSlot();

let server: TestServer;
beforeAll(async () => {
  // an allowance no fuzz run reaches: a 429 here would be the caller's state, not the request's verdict
  server = await startServer(halting as never, { SIM_MAX_AGENT_DAYS_PER_CALLER: "1000000" });
});
afterAll(async () => {
  await server.world.workflows.settled();
  await server.close();
});

const statuses: Record<string, number> = {};
const count = (route: string, status: number) => {
  statuses[`${route} ${status}`] = (statuses[`${route} ${status}`] ?? 0) + 1;
};
afterAll(() => {
  // the counts by status over the fuzz set (the "Measured"); vitest prints them
  console.log(`fuzz-simulation statuses: ${JSON.stringify(statuses)}`);
});

// ---- the generated parts ---------------------------------------------------------------------------

/** Numbers at the edges: DynamoDB's (1e-130, 1e126), JavaScript's, the schemas' bounds and past them. */
const extreme = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1,
    14,
    15,
    100,
    101,
    453,
    454,
    500,
    501,
    2000,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 53,
    1e-131,
    -1e-131,
    5e-324,
    1e-130,
    0.001,
    0.01,
    1e126,
    1e127,
    1e308,
    -1e308,
  ),
  fc.double({ noNaN: true }),
  fc.integer({ min: -10, max: 3000 }),
);
const notNumber = fc.constantFrom<unknown>("1", "NaN", "Infinity", null, true, [], {}, "1e-131");
const numberish = fc.oneof({ weight: 4, arbitrary: extreme }, { weight: 1, arbitrary: notNumber });

const date = fc.oneof(
  // a day of the years the calendar reads, and a few either side
  fc
    .date({
      min: new Date("1998-01-01T00:00:00Z"),
      max: new Date("2101-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    "2026-09-21",
    "2000-01-01",
    "1999-12-31",
    "2099-12-31",
    "2100-01-01",
    "0000-01-01",
    "0001-01-01",
    "9999-12-31",
    "2024-02-29",
    "2025-02-29",
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "+02026-01-01",
    "2026-9-1",
    "2026-09-21T00:00:00Z",
    "",
  ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(
      ([y, m, d]) =>
        `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
    ),
);

/** Visitors around the cap: pools and daily samples near 500 − residents, and far past it. */
const visitors = fc.record(
  {
    floatingPool: fc.oneof(
      fc.integer({ min: 0, max: 600 }),
      fc.constantFrom(453, 454, 471, 472, 2000),
      extreme,
    ),
    floatingPerDay: fc.oneof(fc.integer({ min: 0, max: 600 }), extreme),
  },
  { requiredKeys: [] },
);

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom("라멘 🍜", "\ud800", "a\udc00b", "", " ", "가".repeat(61), "가".repeat(201)),
);
/** The demo world's stores (what the local server runs on), with a menu where one has them. */
const STORES = mangwonStores(pinnedDemoPlaces());
const storeId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STORES.map((st) => st.store_id)) },
  fc.integer({ min: 0, max: 99_999_999 }).map((n) => `S${String(n).padStart(8, "0")}`),
  fc.constantFrom("S001", "S12", "X123", ""),
);
const menuName = fc.oneof(
  fc.constantFrom(...STORES.flatMap((st) => st.menus?.map((m) => m.name) ?? []).slice(0, 50)),
  text,
);
const added = fc.record(
  {
    name: text,
    category: fc.constantFrom("한식", "일식", "카페", "주점", "피자"),
    avg_price: fc.oneof(fc.integer({ min: 0, max: 50_000 }), numberish),
    keywords: fc.array(text, { maxLength: 8 }),
    description: text,
    lat: fc.oneof(fc.double({ min: 37.55, max: 37.565, noNaN: true }), extreme),
    lng: fc.oneof(fc.double({ min: 126.895, max: 126.915, noNaN: true }), extreme),
    menus: fc.array(fc.record({ name: text, price: fc.oneof(numberish, fc.constant(null)) }), {
      maxLength: 55,
    }),
    hours: fc.array(
      fc.record({
        open: fc.constantFrom("09:00", "24:00", "25:00", "9:00"),
        close: fc.constantFrom("21:00", "02:00", "24:00"),
        days: fc.array(fc.integer({ min: -1, max: 8 }), { maxLength: 10 }),
      }),
      { maxLength: 16 },
    ),
  },
  { requiredKeys: ["name", "category", "avg_price", "description", "lat", "lng"] },
);
const change = fc.record(
  {
    store_id: storeId,
    avg_price: numberish,
    menu_prices: fc.dictionary(menuName, fc.oneof(fc.integer({ min: 0, max: 50_000 }), numberish), {
      maxKeys: 55,
    }),
    price_change_pct: fc.oneof(fc.double({ min: -90, max: 500, noNaN: true }), numberish),
    description: text,
    keywords: fc.array(text, { maxLength: 8 }),
  },
  { requiredKeys: ["store_id"] },
);
const scenario = fc.record(
  {
    name: text,
    add: fc.array(added, { maxLength: 3 }),
    close: fc.array(storeId, { maxLength: 4 }),
    change: fc.array(change, { maxLength: 3 }),
    visitors,
  },
  { requiredKeys: [] },
);

/** A start's body in one of the classes; the rest of it ordinary. */
const startBody = fc.oneof(
  // caps with visitors
  fc.record(
    {
      days: fc.integer({ min: 1, max: 14 }),
      seed: fc.nat(1000),
      agents: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 520 }) }, extreme),
      scenario: fc.record({ visitors }),
    },
    { requiredKeys: ["days", "seed", "scenario"] },
  ),
  // numeric extremes: an ordinary body with one field at an edge, or several
  fc
    .tuple(fc.constantFrom("days", "seed", "agents", "maxConcurrentLlmCalls", "budgetUsd"), numberish)
    .map(([field, value]) => ({ days: 1, seed: 1, agents: 5, [field]: value })),
  fc.record(
    {
      days: numberish,
      seed: numberish,
      agents: numberish,
      maxConcurrentLlmCalls: numberish,
      budgetUsd: numberish,
    },
    { requiredKeys: [] },
  ),
  // dates
  fc.record({ days: fc.integer({ min: 1, max: 14 }), seed: fc.nat(1000), startDate: date }),
  // scenario shapes
  fc.record({ days: fc.constant(1), seed: fc.nat(1000), scenario }),
);

const experimentBody = fc.record(
  {
    baseline: fc.record(
      {
        days: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }) }, numberish),
        agents: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 500 }) }, numberish),
        startDate: date,
        maxConcurrentLlmCalls: fc.oneof(fc.integer({ min: 1, max: 100 }), numberish),
      },
      { requiredKeys: ["days"] },
    ),
    scenario: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({ visitors: fc.record({ floatingPool: fc.integer({ min: 0, max: 520 }) }) }),
      },
      fc.record({ visitors }),
      scenario,
    ),
    seeds: fc.oneof(
      { weight: 3, arbitrary: fc.uniqueArray(fc.nat(100), { minLength: 1, maxLength: 3 }) },
      fc.array(numberish, { maxLength: 22 }),
    ),
  },
  { requiredKeys: ["baseline", "scenario", "seeds"] },
);

// ---- the checks --------------------------------------------------------------------------------------

const agentsOf = async (id: string) =>
  ((await (await fetch(`${server.url}/v1/simulations/${id}`)).json()) as { agents: number }).agents;

describe("fuzzed simulation requests", () => {
  it("answer no 5xx, the same verdict from /estimate and the start, and start no run past the cap", async () => {
    await fc.assert(
      fc.asyncProperty(startBody, async (body) => {
        const estimate = await postJson(`${server.url}/v1/simulations/estimate`, body);
        const before = halting.started();
        const start = await postJson(`${server.url}/v1/simulations`, body);
        await server.world.workflows.settled();
        count("estimate", estimate.status);
        count("start", start.status);
        const seen = JSON.stringify({ body, estimate: estimate.body, start: start.body });
        expect(estimate.status, seen).toBeLessThan(500);
        expect(start.status, seen).toBeLessThan(500);
        if (estimate.status === 200) expect(start.status, seen).toBe(202);
        else {
          expect(start.status, seen).toBe(estimate.status);
          expect(start.body.error?.field, seen).toBe(estimate.body.error?.field);
        }
        if (start.status === 202) {
          expect(start.body.estimate.agentDays / (body as { days: number }).days, seen).toBeLessThanOrEqual(
            MAX_AGENTS,
          );
          expect(await agentsOf(start.body.id), seen).toBeLessThanOrEqual(MAX_AGENTS);
          expect(halting.started() - before, seen).toBe(1);
        } else expect(halting.started() - before, seen).toBe(0);
      }),
      { numRuns: 200, seed: 26 },
    );
  }, 240_000);

  it("experiments answer no 5xx, start no arm past the cap, and refuse a scenario its arm's estimate refuses", async () => {
    await fc.assert(
      fc.asyncProperty(experimentBody, async (body) => {
        const before = halting.started();
        const res = await postJson(`${server.url}/v1/experiments`, body);
        await server.world.workflows.settled();
        count("experiment", res.status);
        const seen = JSON.stringify({ body, res: res.body });
        expect(res.status, seen).toBeLessThan(500);
        if (res.status === 202) {
          const arms = res.body.arms as { simulationId: string }[];
          expect(halting.started() - before, seen).toBe(arms.length);
          for (const arm of arms)
            expect(await agentsOf(arm.simulationId), seen).toBeLessThanOrEqual(MAX_AGENTS);
          return;
        }
        expect(halting.started() - before, seen).toBe(0);
        // the scenario arm of the first seed, asked of /estimate: a scenario refusal there is the experiment's
        const {
          baseline,
          scenario: sc,
          seeds,
        } = body as { baseline: Record<string, unknown>; scenario: unknown; seeds: unknown[] };
        const arm = { ...baseline, seed: seeds[0], scenario: sc };
        const estimate = await postJson(`${server.url}/v1/simulations/estimate`, arm);
        if (estimate.status === 400 && String(estimate.body.error.field).startsWith("scenario"))
          expect(res.status, seen).toBe(400);
      }),
      { numRuns: 60, seed: 2626 },
    );
  }, 240_000);
});
