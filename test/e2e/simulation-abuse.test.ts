// The simulation under abuse, through the local server: the agent cap (SIM_MAX_AGENTS, default 10,000;
// the server here configures 500 so the cases stay small) counts every scenario visitor in the start,
// /estimate and experiments alike (400 naming the field and the cap, no run started); the caller's agent-days count them too; values DynamoDB cannot store are refused up front by
// both; createdBy is shown only to the key that created the run; the report pages carry the page's CSP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSP } from "../../functions/api/web-page.ts";
import { MAX_AGENTS } from "../../shared/simulation/limits.ts";
import { DEFAULT_MAX_AGENTS } from "../../shared/simulation/config.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";
import { haltAtFirstSlot } from "../helpers/simulation.ts";

/** Runs stop at their first slot (the test asks only what was accepted); Initialise runs are counted. */
const halting = haltAtFirstSlot();

const WRITER_A = "writer-a-0123456789abcdef";
const WRITER_B = "writer-b-0123456789abcdef";
const keys = [
  { id: "writer-a", key: WRITER_A, scopes: ["read", "write"] },
  { id: "writer-b", key: WRITER_B, scopes: ["read", "write"] },
];

/** The cap this server is configured with (SIM_MAX_AGENTS): below the default, so the runs stay small. */
const CAP = 500;

let server: TestServer;
beforeAll(async () => {
  server = await startServer(halting as never, {
    API_KEYS: JSON.stringify(keys),
    SIM_MAX_AGENT_DAYS_PER_CALLER: "1000",
    SIM_MAX_AGENTS: String(CAP),
  });
});
afterAll(async () => {
  await server.world.workflows.settled();
  await server.close();
});

const as = (key: string) => ({ "x-api-key": key });
const post = (path: string, body: unknown, key = WRITER_A) => postJson(`${server.url}${path}`, body, as(key));
const get = async (path: string, key = WRITER_A) => {
  const res = await fetch(`${server.url}${path}`, { headers: as(key) });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

/** The same body to /estimate and to the start: the same verdict. */
async function both(body: unknown) {
  const estimate = await post("/v1/simulations/estimate", body);
  const before = halting.started();
  const start = await post("/v1/simulations", body);
  await server.world.workflows.settled();
  return { estimate, start, started: halting.started() - before };
}

describe("the agent cap counts every scenario visitor", () => {
  it.each([
    // the schema's own bound, whatever the configuration: no pool past MAX_AGENTS
    [{ floatingPool: MAX_AGENTS + 1 }, new RegExp(`^${MAX_AGENTS} 이하여야 합니다$`)],
    [{ floatingPool: 2000 }, /상한 500명.*주민 47명 \+ 유동 인구 2,000명 = 2,047명/],
    [{ floatingPool: CAP }, /상한 500명.*주민 47명 \+ 유동 인구 500명 = 547명/],
    [{ floatingPool: CAP - 46 }, /상한 500명.*= 501명/],
    [{ floatingPool: 460, floatingPerDay: 10 }, /상한 500명/],
  ])(
    "visitors %o: /estimate and the start both answer 400 naming the pool, and nothing starts",
    async (visitors, message) => {
      const { estimate, start, started } = await both({ days: 1, seed: 1, scenario: { visitors } });
      for (const answer of [estimate, start]) {
        expect(answer.status).toBe(400);
        expect(answer.body.error.field).toBe("scenario.visitors.floatingPool");
        expect(answer.body.error.message).toMatch(message);
      }
      expect(estimate.body).toEqual(start.body);
      expect(started).toBe(0);
    },
  );

  it("with agents given, the pool replaces the visitors: residents of that set plus the pool", async () => {
    // 100 agents keep round(100 × 47/160) = 29 residents; 29 + 472 = 501
    const past = await both({ days: 1, seed: 1, agents: 100, scenario: { visitors: { floatingPool: 472 } } });
    expect([past.estimate.status, past.start.status, past.started]).toEqual([400, 400, 0]);
    expect(past.start.body.error.message).toMatch(/주민 29명 \+ 유동 인구 472명 = 501명/);
  });

  it("exactly at the cap is accepted, and the estimate and the run count every visitor", async () => {
    const { estimate, start, started } = await both({
      days: 1,
      seed: 2,
      scenario: { visitors: { floatingPool: CAP - 47 } },
    });
    expect(estimate.status).toBe(200);
    expect(estimate.body.agentDays).toBe(CAP);
    expect(start.status).toBe(202);
    expect(start.body.estimate.agentDays).toBe(CAP);
    expect(started).toBe(1);
    const meta = JSON.parse((await get(`/v1/simulations/${start.body.id}`)).text);
    expect(meta.agents).toBe(CAP);
  });

  it("an experiment whose scenario passes the cap answers the same 400, and no arm starts", async () => {
    const before = halting.started();
    const res = await post("/v1/experiments", {
      baseline: { days: 1 },
      scenario: { visitors: { floatingPool: 460 } },
      seeds: [1],
    });
    await server.world.workflows.settled();
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe("scenario.visitors.floatingPool");
    expect(res.body.error.message).toMatch(/상한 500명/);
    expect(halting.started() - before).toBe(0);
  });

  it("unconfigured, the cap is the default of 10,000 agents: 10,000 estimated, 10,001 refused before anything starts", async () => {
    expect(DEFAULT_MAX_AGENTS).toBe(10_000);
    const plain = await startServer(halting as never, {});
    try {
      const at = await postJson(`${plain.url}/v1/simulations/estimate`, {
        days: 1,
        seed: 1,
        scenario: { visitors: { floatingPool: DEFAULT_MAX_AGENTS - 47 } },
      });
      expect(at.status).toBe(200);
      expect(at.body.agentDays).toBe(DEFAULT_MAX_AGENTS);
      const before = halting.started();
      for (const path of ["/v1/simulations/estimate", "/v1/simulations"]) {
        const past = await postJson(`${plain.url}${path}`, {
          days: 1,
          seed: 1,
          agents: DEFAULT_MAX_AGENTS + 1,
        });
        expect(past.status).toBe(400);
        expect(past.body.error).toMatchObject({ field: "agents" });
        expect(past.body.error.message).toMatch(/상한 10,000명.*10,001명/);
      }
      await plain.world.workflows.settled();
      expect(halting.started() - before).toBe(0);
    } finally {
      await plain.world.workflows.settled();
      await plain.close();
    }
  });
});

describe("the caller's agent-days count the visitors", () => {
  it("a run of residents plus a large pool is charged for all of them (429 past the allowance, nothing started)", async () => {
    const quota = await startServer(halting as never, { SIM_MAX_AGENT_DAYS_PER_CALLER: "1000" });
    try {
      const big = { days: 2, seed: 1, scenario: { visitors: { floatingPool: 453 } } }; // 500 × 2 = 1,000
      const first = await postJson(`${quota.url}/v1/simulations`, big);
      expect(first.status).toBe(202);
      expect(first.body.estimate.agentDays).toBe(1000);
      const before = halting.started();
      const next = await postJson(`${quota.url}/v1/simulations`, { days: 1, seed: 2, agents: 1 });
      expect(next.status).toBe(429);
      // an experiment's arms: 2 arms × 1 day × (160 baseline + 500 scenario) agents
      const exp = await postJson(`${quota.url}/v1/experiments`, {
        baseline: { days: 1 },
        scenario: { visitors: { floatingPool: 453 } },
        seeds: [1],
      });
      expect(exp.status).toBe(429);
      expect(exp.body.error.message).toMatch(/660 agent-days/);
      await quota.world.workflows.settled();
      expect(halting.started() - before).toBe(0);
    } finally {
      await quota.world.workflows.settled();
      await quota.close();
    }
  });
});

describe("values DynamoDB cannot store, or that make no sense, are refused by /estimate and the start alike", () => {
  it.each([
    [{ budgetUsd: 1e-131 }, "budgetUsd"],
    [{ budgetUsd: 5e-324 }, "budgetUsd"],
    [{ budgetUsd: 0.001 }, "budgetUsd"],
    [{ budgetUsd: -0.5 }, "budgetUsd"],
    [{ budgetUsd: 1e126 }, "budgetUsd"],
    [{ startDate: "0001-01-01" }, "startDate"],
    [{ startDate: "9999-12-31" }, "startDate"],
    [{ startDate: "2026-02-30" }, "startDate"],
    [{ seed: 2 ** 31 }, "seed"],
    [{ seed: 1e300 }, "seed"],
    [{ days: 15 }, "days"],
    [{ agents: MAX_AGENTS + 1 }, "agents"],
    [{ scenario: { name: "\ud800", visitors: { floatingPerDay: 1 } } }, "scenario.name"],
  ])("%o → 400 naming %s from both, nothing started", async (extra, field) => {
    const { estimate, start, started } = await both({ days: 1, seed: 1, ...extra });
    for (const answer of [estimate, start]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.field).toBe(field);
    }
    expect(started).toBe(0);
  });

  it("a resume's budget is bounded alike", async () => {
    const res = await post("/v1/simulations/sim-none/resume", { budgetUsd: 1e-131 });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe("budgetUsd");
  });
});

describe("exposure", () => {
  it("createdBy (the caller's key id) is shown to its creator only, for simulations and experiments", async () => {
    const started = await post("/v1/simulations", { days: 1, seed: 3, agents: 2 });
    expect(started.status).toBe(202);
    const path = `/v1/simulations/${started.body.id}`;
    expect(JSON.parse((await get(path, WRITER_A)).text).createdBy).toBe("writer-a");
    const other = JSON.parse((await get(path, WRITER_B)).text);
    expect(other.id).toBe(started.body.id);
    expect(other).not.toHaveProperty("createdBy");
    expect(JSON.stringify(other)).not.toContain("writer-a");

    const exp = await post("/v1/experiments", {
      baseline: { days: 1, agents: 2 },
      scenario: { visitors: { floatingPerDay: 1 } },
      seeds: [1],
    });
    expect(exp.status).toBe(202);
    await server.world.workflows.settled();
    const ePath = `/v1/experiments/${exp.body.id}`;
    expect(JSON.parse((await get(ePath, WRITER_A)).text).createdBy).toBe("writer-a");
    const eOther = JSON.parse((await get(ePath, WRITER_B)).text);
    expect(eOther).not.toHaveProperty("createdBy");
    expect(JSON.stringify(eOther)).not.toContain("writer-a");
  });

  it("report.html and the experiment's page carry the page's own Content-Security-Policy and need no inline style", async () => {
    const started = await post("/v1/simulations", { days: 1, seed: 4, agents: 2 });
    const exp = await post("/v1/experiments", {
      baseline: { days: 1, agents: 2 },
      scenario: { visitors: { floatingPerDay: 1 } },
      seeds: [1],
    });
    await server.world.workflows.settled();
    const page = await get("/");
    if (page.status === 200) expect(page.headers.get("content-security-policy")).toBe(CSP);
    for (const path of [
      `/v1/simulations/${started.body.id}/report.html`,
      `/v1/experiments/${exp.body.id}/report.html`,
    ]) {
      const html = await get(path);
      expect(html.status, path).toBe(200);
      expect(html.headers.get("content-security-policy"), path).toBe(CSP);
      // what the policy forbids is not there to be blocked
      expect(html.text).not.toMatch(/<style|\sstyle=|<script|\son\w+=/i);
    }
  });
});
