// Every sample event runs through the handler it is for.
import { handle } from "hono/aws-lambda";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import { localServices } from "../../functions/api/local.ts";
import { planHandler } from "../../functions/place-search/plan.ts";
import { translateHandler } from "../../functions/place-search/translate.ts";
import { executeHandler } from "../../functions/place-search/execute.ts";
import { searchPointHandler } from "../../functions/place-search/search-point.ts";
import { postProcessHandler } from "../../functions/place-search/post-process.ts";
import { testExecDeps } from "../helpers/server.ts";
import { testSimulations } from "../helpers/simulation.ts";
import {
  LOCAL_PLACE_SEARCH_RESOURCES,
  PLACE_SEARCH_STATES,
  planDefinition,
} from "../../infra/workflows/place-search.ts";
import { LocalWorkflow } from "../../shared/workflows/local-runner.ts";

const event = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../events/${name}`, import.meta.url), "utf8"));
// the API Lambda's Hono app, with the workflows run locally instead of through Step Functions
const apiHandler = handle(createApp(localServices({}))) as (
  e: unknown,
) => Promise<{ statusCode: number; body: string }>;

describe("events/", () => {
  it("api/plan.json → 200 with a plan", async () => {
    const res = await apiHandler(event("api/plan.json"));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).strategy_type).toBe("radius");
  });

  it("api/plan-bad-input.json → 400 naming query", async () => {
    const res = await apiHandler(event("api/plan-bad-input.json"));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error.field).toBe("query");
  });

  it("api/health.json → 200", async () => {
    expect((await apiHandler(event("api/health.json"))).statusCode).toBe(200);
  });

  it("place-search/translate.json → a translated state that place-search/plan.json matches in shape", async () => {
    const state = await translateHandler(event("place-search/translate.json"), undefined);
    expect(Object.keys(state).sort()).toEqual(Object.keys(event("place-search/plan.json")).sort());
  });

  it("place-search/plan.json → a checked route plan", () => {
    expect(planHandler(event("place-search/plan.json")).strategy_type).toBe("route");
  });

  it("workflows/place-search-plan.json runs through the state machine", async () => {
    const wf = new LocalWorkflow(planDefinition(LOCAL_PLACE_SEARCH_RESOURCES), {
      [PLACE_SEARCH_STATES.translate]: (i: unknown) => translateHandler(i, undefined),
      [PLACE_SEARCH_STATES.plan]: (i: unknown) => planHandler(i),
    });
    const out = await wf.run<{ strategy_type: string; travel_plan: { days: number } }>(
      event("workflows/place-search-plan.json"),
    );
    expect(out).toMatchObject({ strategy_type: "multi_point", travel_plan: { days: 3 } });
  });
});

describe("events/ for place search execution", () => {
  const services = localServices({ exec: testExecDeps });
  const searchApi = handle(createApp(services)) as (
    e: unknown,
  ) => Promise<{ statusCode: number; body: string; headers: Record<string, string> }>;

  it("api/search.json, api/search-geojson.json and api/execute.json answer 200", async () => {
    const search = await searchApi(event("api/search.json"));
    expect(search.statusCode).toBe(200);
    expect(JSON.parse(search.body).meta.strategyUsed).toBe("route");
    const geo = await searchApi(event("api/search-geojson.json"));
    expect(JSON.parse(geo.body).type).toBe("FeatureCollection");
    const exec = await searchApi(event("api/execute.json"));
    expect(JSON.parse(exec.body).meta.engine).toBe("client");
  });

  it("place-search/execute.json and place-search/search-point.json run through their handlers", async () => {
    const state = await executeHandler(event("place-search/execute.json"), testExecDeps());
    expect(state.nextStep).toBe(3);
    const point = await searchPointHandler(event("place-search/search-point.json"), testExecDeps());
    expect(point.places.length).toBeGreaterThan(0);
    expect(point.apiCalls).toBe(2);
  });

  it("workflows/place-search-query.json and -given-plan.json run through the search state machine", async () => {
    const fromQuery = await services.search(event("workflows/place-search-query.json").query);
    expect(fromQuery.meta.apiCalls).toBeGreaterThan(10);
    const given = event("workflows/place-search-given-plan.json");
    expect((await services.executePlan(given.plan, given.query)).places.length).toBeGreaterThan(0);
  });
});

describe("events/ for the simulation", () => {
  it("the simulation events run through their step handlers and the state machine, in order", async () => {
    const { sims, runtime, close } = await testSimulations();
    try {
      const api = handle(createApp(localServices({ exec: testExecDeps, simulations: sims }))) as (
        e: unknown,
      ) => Promise<{ statusCode: number; body: string }>;
      expect((await api(event("api/simulation-bad-input.json"))).statusCode).toBe(400);
      const started = await api(event("api/simulation-start.json"));
      expect(started.statusCode).toBe(202);
      await sims.settled(JSON.parse(started.body).id);

      const init = await runtime.initialise(event("simulation/initialise.json"));
      expect(init.slots.map((s) => s.key)).toEqual(["d01#07:00", "d01#12:00", "d01#18:00", "d01#22:00"]);
      await runtime.flush(event("simulation/slot.json"));
      const prepared = await runtime.prepare(event("simulation/slot.json"));
      expect(prepared.agents.length).toBeGreaterThan(0);
      const turn = await runtime.agentTurn(event("simulation/agent.json"));
      expect(turn.agent_id).toBe("R001");
      const slotRun = await sims.slot.run<{ agent_id: string }[]>(event("workflows/simulation-slot.json"));
      expect(slotRun.map((r) => r.agent_id)).toEqual(["R001", "R002"]);
      expect(
        ((await runtime.collect(event("simulation/collect.json"))) as Record<string, unknown>).agent_turns,
      ).toBe(2);
      expect((await runtime.finalize(event("simulation/finalize.json"))).status).toBe("completed");

      const { simulationId: _id, ...request } = event("workflows/simulation.json");
      const meta = await sims.run("from-event", request);
      expect(meta.status).toBe("completed");
    } finally {
      await close();
    }
  });
});

describe("events/ for the remaining steps", () => {
  it("place-search/post-process.json becomes an AgentResponse; simulation/fail.json marks a simulation failed", async () => {
    const r = postProcessHandler(event("place-search/post-process.json"), testExecDeps());
    expect(r.places.length).toBeGreaterThan(0);
    const { runtime, close } = await testSimulations();
    try {
      await runtime.initialise(event("simulation/initialise.json"));
      expect((await runtime.fail(event("simulation/fail.json"))).status).toBe("failed");
      expect((await runtime.deps.repo.get("sim-example-0001"))!.error).toContain("agent R003 crashed");
    } finally {
      await close();
    }
  });
});
