// The simulation through the HTTP API: 202 with an id, progress, the report as JSON and HTML, store
// ratings, and 400s naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, sharedServer, type TestServer } from "../helpers/server.ts";
import { until } from "../helpers/until.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer(); // the worker's: this file starts simulations under ids of their own
});
afterAll(() => server.close());

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
};

describe("simulations API", () => {
  it("POST → 202 with an id; the simulation completes; report, report.html and store ratings answer", async () => {
    const started = await postJson(`${server.url}/v1/simulations`, { days: 1, seed: 42, agents: 30 });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    expect(started.body.links.report).toBe(`/v1/simulations/${id}/report`);
    // the record is written before the 202: the id answers at once
    expect((await get(`/v1/simulations/${id}`)).status).toBe(200);

    // until it has ended (no clock: a busy machine takes longer; the test's timeout is the net)
    const status = await until(async () => {
      const now = JSON.parse((await get(`/v1/simulations/${id}`)).text);
      return ["pending", "running"].includes(now.status) ? undefined : now;
    });
    expect(status).toMatchObject({
      status: "completed",
      progress: { completedSlots: 4, totalSlots: 4, percent: 100 },
    });

    const report = JSON.parse((await get(`/v1/simulations/${id}/report`)).text);
    expect(report.simulation).toMatchObject({ id, days: 1, seed: 42, agents: 30, synthetic: true });
    expect(
      Object.values(report.ratingDistribution as Record<string, number>).reduce((a, b) => a + b, 0),
    ).toBe(report.stores.reduce((n: number, s: any) => n + s.visits, 0));
    expect(
      report.decisions.shares.visit + report.decisions.shares.stay_home + report.decisions.shares.llm_failed,
    ).toBeCloseTo(1, 2);

    const html = await get(`/v1/simulations/${id}/report.html`);
    expect(html.type).toContain("text/html");
    expect(html.text).toContain("<svg");
    expect(html.text).toContain("합성 데이터");

    const store = report.stores[0].store_id;
    const ratings = JSON.parse((await get(`/v1/stores/${store}/ratings?simulation=${id}`)).text);
    expect(ratings.count).toBe(ratings.visits.length);
    expect(ratings.count).toBe(report.stores[0].visits);
  });

  it.each([
    [{ seed: 1 }, "days"],
    [{ days: 0, seed: 1 }, "days"],
    [{ days: 1.5, seed: 1 }, "days"],
    [{ days: 1 }, "seed"],
    [{ days: 1, seed: "x" }, "seed"],
    [{ days: 1, seed: 1, agents: 0 }, "agents"],
    [{ days: 1, seed: 1, maxConcurrentLlmCalls: 1000 }, "maxConcurrentLlmCalls"],
    [{ days: 1, seed: -1 }, "seed"],
  ])("%o → 400 naming %s", async (body, field) => {
    const res = await postJson(`${server.url}/v1/simulations`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
  });

  it("unknown simulations and stores are 404; store ratings need ?simulation; ids are validated", async () => {
    expect((await get("/v1/simulations/sim-nope")).status).toBe(404);
    expect((await get("/v1/simulations/sim-nope/report.html")).status).toBe(404);
    const res = await get("/v1/stores/S001/ratings");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.field).toBe("simulation");
    const long = await get(`/v1/stores/S001/ratings?simulation=${"x".repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(JSON.parse(long.text).error.field).toBe("simulation");
    const started = await postJson(`${server.url}/v1/simulations`, { days: 1, seed: 3, agents: 5 });
    expect((await get(`/v1/stores/S999/ratings?simulation=${started.body.id}`)).status).toBe(404);
    await server.world.workflows.settled();
  });

  it("resuming a completed simulation is a 409", async () => {
    const started = await postJson(`${server.url}/v1/simulations`, { days: 1, seed: 5, agents: 5 });
    await server.world.workflows.settled();
    const res = await postJson(`${server.url}/v1/simulations/${started.body.id}/resume`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
  });
});
