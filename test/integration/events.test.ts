// Every sample event in events/ runs through what it is for: the API Lambda's app (with the
// authorizer's verdict in its request context), the authorizer, each step through the Lambda envelope,
// and each workflow input through its state machine.
import { handle } from "hono/aws-lambda";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import { handler as authorizer } from "../../functions/api/authorizer.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import { PLACE_SEARCH_STEPS as P } from "../../shared/place-search/workflow/steps.ts";
import { NEWS_STEPS as N } from "../../shared/news/workflow/steps.ts";
import { SIMULATION_STEPS as S } from "../../shared/simulation/workflow/steps.ts";
import { Deadline } from "../../shared/platform/deadline.ts";
import { simulationRepository } from "../../shared/simulation/wiring.ts";
import { localTask } from "../../shared/workflows/local-runner.ts";
import type { StepSpec } from "../../shared/workflows/step.ts";
import { testWorld } from "../helpers/server.ts";

const event = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../events/${name}`, import.meta.url), "utf8"));

type Answer = { statusCode: number; body: string };
let world: LocalWorld;
let api: (e: unknown) => Promise<{ statusCode: number; body: string }>;
/** a step through the envelope its Lambda gives it */
const step = <O>(spec: StepSpec<unknown, O>, name: string) =>
  localTask(spec, world.rt)(event(name) as never) as Promise<O>;

beforeAll(async () => {
  world = await testWorld();
  api = handle(createApp(() => world.context)) as never;
});
afterAll(() => world.close());

describe("events/api", () => {
  it("plan.json → 200 with a plan; plan-bad-input.json → 400 naming query; health.json → 200", async () => {
    const res = await api(event("api/plan.json"));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).strategy_type).toBe("radius");
    const bad = await api(event("api/plan-bad-input.json"));
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error.field).toBe("query");
    expect((await api(event("api/health.json"))).statusCode).toBe(200);
  });

  it("search.json, search-geojson.json and execute.json answer 200", async () => {
    const search = await api(event("api/search.json"));
    expect(search.statusCode).toBe(200);
    expect(JSON.parse(search.body).meta.strategyUsed).toBe("route");
    const geo = await api(event("api/search-geojson.json"));
    expect(JSON.parse(geo.body).type).toBe("FeatureCollection");
    const exec = await api(event("api/execute.json"));
    expect(JSON.parse(exec.body).meta.engine).toBe("client");
  });

  it("simulation-bad-input.json → 400; simulation-start.json → 202 with the record already readable", async () => {
    expect((await api(event("api/simulation-bad-input.json"))).statusCode).toBe(400);
    const started = await api(event("api/simulation-start.json"));
    expect(started.statusCode).toBe(202);
    const { id } = JSON.parse(started.body);
    const meta = await simulationRepository(world.rt).runs.get(id);
    expect(meta).toMatchObject({
      status: expect.stringMatching(/pending|running/),
      createdBy: "ops",
      days: 1,
    });
    await world.workflows.settled();
  });

  it("authorizer.json: a key the API keys list does not hold is refused", async () => {
    expect(await authorizer(event("api/authorizer.json"))).toEqual({ isAuthorized: false });
  });
});

describe("events/place-search", () => {
  it("translate.json gives the state plan.json is; plan.json plans a route", async () => {
    const state = await step(P.translate, "place-search/translate.json");
    expect(Object.keys(state).sort()).toEqual(Object.keys(event("place-search/plan.json")).sort());
    expect((await step(P.plan, "place-search/plan.json")).strategy_type).toBe("route");
  });

  it("execute.json, search-point.json and post-process.json run through their steps", async () => {
    expect((await step(P.execute, "place-search/execute.json")).nextStep).toBe(3);
    const point = await step(P.searchPoint, "place-search/search-point.json");
    expect(point.places.length).toBeGreaterThan(0);
    expect(point.apiCalls).toBe(2);
    expect((await step(P.postProcess, "place-search/post-process.json")).places.length).toBeGreaterThan(0);
  });

  it("the workflow inputs run through their state machines", async () => {
    // no deadline: these are not about time (a 20 s one failed them on a busy machine)
    const soon = () => Deadline.none();
    const plan = await world.workflows.runSync<{ strategy_type: string; travel_plan: { days: number } }>(
      "plan",
      event("workflows/place-search-plan.json"),
      soon(),
    );
    expect(plan).toMatchObject({ strategy_type: "multi_point", travel_plan: { days: 3 } });
    const fromQuery = await world.workflows.runSync<{ meta: { apiCalls: number } }>(
      "search",
      event("workflows/place-search-query.json"),
      soon(),
    );
    expect(fromQuery.meta.apiCalls).toBe(2 + 4); // two geocodes, 4 sample points (13.6 km, ≤ 5000 m apart)
    const given = await world.workflows.runSync<{ places: unknown[] }>(
      "search",
      event("workflows/place-search-given-plan.json"),
      soon(),
    );
    expect(given.places.length).toBeGreaterThan(0);
    const nearMe = await world.workflows.runSync<{ places: unknown[]; searchParams: { location: object } }>(
      "search",
      event("workflows/place-search-near-me.json"),
      soon(),
    );
    expect(nearMe.places.length).toBeGreaterThan(0);
    expect(nearMe.searchParams.location).toMatchObject({ lat: 37.5563, lng: 126.9236 });
  });
});

describe("events/news", () => {
  it("each step's event runs through its step; workflows/news.json and api/news.json answer", async () => {
    expect((await step(N.analyzeQuery, "news/analyze.json")).query_analysis).toBeDefined();
    expect((await step(N.searchNews, "news/search.json")).news_results?.items.length).toBeGreaterThan(0);
    expect((await step(N.searchPublications, "news/search.json")).publication_results).not.toBeNull();
    expect((await step(N.formatResults, "news/format.json")).search_summary).toMatch(/^=== 검색 결과 요약/);
    expect((await step(N.selectDocuments, "news/select.json")).selected_documents).not.toBeNull();
    expect((await step(N.generateResponse, "news/generate.json")).generated_response).toBeTruthy();
    const out = await world.workflows.runSync<{ generated_response: string }>(
      "news",
      event("workflows/news.json"),
      Deadline.none(),
    );
    expect(out.generated_response).toContain("삼성전자");
    const api = (await handle(createApp(() => world.context))(event("api/news.json") as never)) as Answer;
    expect(api.statusCode).toBe(200);
    expect(JSON.parse(api.body).meta.synthetic).toBe(true);
  });
});

describe("events/simulation", () => {
  it("the step events run in order through their steps, then fail.json marks the simulation failed", async () => {
    const init = await step(S.initialise, "simulation/initialise.json");
    expect(init.slots.map((s) => s.key)).toEqual(["d01#07:00", "d01#12:00", "d01#18:00", "d01#22:00"]);
    await step(S.flush, "simulation/slot.json");
    expect((await step(S.prepare, "simulation/slot.json")).batches.length).toBeGreaterThan(0);
    expect((await step(S.agentTurn, "simulation/agent.json")).agent_turns).toBe(2);
    // the slot machine runs the batch again: committed, it is applied again, not decided anew
    const slotRun = await world.workflows.run<{ batches: number[] }>(
      "simulationSlot",
      event("workflows/simulation-slot.json"),
    );
    expect(slotRun.batches).toEqual([0]);
    expect(((await step(S.collect, "simulation/collect.json")) as Record<string, unknown>).agent_turns).toBe(
      2,
    );
    expect((await step(S.finalize, "simulation/finalize.json")).status).toBe("completed");
    expect((await step(S.markFailed, "simulation/fail.json")).status).toBe("failed");
    expect((await simulationRepository(world.rt).runs.get("sim-example-0001"))!.error).toContain(
      "agent R003 crashed",
    );
  });

  it("workflows/simulation.json starts a simulation from the console: the record is created, the run completes", async () => {
    const input = { ...event("workflows/simulation.json"), simulationId: "sim-from-console" };
    await world.workflows.run("simulation", input, "sim-from-console-console");
    const meta = await simulationRepository(world.rt).runs.get("sim-from-console");
    expect(meta).toMatchObject({ status: "completed", engine: "offline", agents: 30, createdBy: "console" });
  });
});
