// The simulation on dynalite through the local workflow runner (the definitions CDK deploys): a whole
// day, exactly-once flushes, determinism, resuming, and the LLM path through the real SDK against a
// fake Messages API with 429s, invalid JSON and an agent whose calls always fail.
import { afterAll, describe, expect, it } from "vitest";
import { AnthropicLlm } from "../../shared/llm/anthropic.ts";
import { startFakeAnthropic } from "../helpers/fake-anthropic.ts";
import { FixedLatencyLlm, simulationAnswer } from "../helpers/fake-sim-llm.ts";
import { testSimulations } from "../helpers/simulation.ts";
import { slotKey } from "../../shared/simulation/repository.ts";
import { SimulationRuntime } from "../../shared/simulation/service.ts";
import type { Visit } from "../../shared/simulation/types.ts";

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});
async function setup(overrides: Parameters<typeof testSimulations>[0] = {}) {
  const t = await testSimulations(overrides);
  closers.push(t.close);
  return t;
}

const sumsByStore = (visits: Visit[]) => {
  const m = new Map<string, { count: number; sum: number }>();
  for (const v of visits) {
    const a = m.get(v.store_id) ?? { count: 0, sum: 0 };
    m.set(v.store_id, { count: a.count + 1, sum: a.sum + v.rating });
  }
  return m;
};

describe("a simulated day (offline engine)", () => {
  it("runs four slots, records one visit per store visit, and aggregates exactly those ratings", async () => {
    const { sims, repo, runtime } = await setup();
    const meta = await sims.run("day-1", { days: 1, seed: 42, agents: 60 });
    expect(meta.status).toBe("completed");
    expect(meta.completedSlots).toEqual(["d01#07:00", "d01#12:00", "d01#18:00", "d01#22:00"]);
    const visits = await repo.visits("day-1");
    expect(visits.length).toBe(meta.decisions.visits);
    expect(new Set(visits.map((v) => v.visit_id)).size).toBe(visits.length);
    expect(meta.decisions.agent_turns).toBe(
      (meta.decisions.visit ?? 0) + (meta.decisions.stay_home ?? 0) + (meta.decisions.llm_failed ?? 0),
    );
    const aggregates = await repo.aggregates("day-1");
    for (const [store, s] of sumsByStore(visits))
      expect(aggregates[store]).toMatchObject({ count: s.count, sum: s.sum });
    // 22:00 has no cafés (004's TIME_SLOT_CATEGORIES), and each agent visits at most three stores a slot
    expect(visits.filter((v) => v.time_slot === "22:00" && v.order === 1 && v.category === "카페")).toEqual(
      [],
    );
    expect(Math.max(...visits.map((v) => v.order))).toBeLessThanOrEqual(3);
    // floating visitors do not act before their entry slot
    const personas = runtime.personaSet(60);
    for (const v of visits) {
      const p = personas.get(v.agent_id)!;
      if (p.type === "floating")
        expect(["07:00", "12:00", "18:00", "22:00"].indexOf(v.time_slot)).toBeGreaterThanOrEqual(
          ["07:00", "12:00", "18:00", "22:00"].indexOf(p.entry_time_slot!),
        );
    }
    // a floating visitor who chose 망원동_떠나기 acts in no later slot (004: 이후 스킵)
    const left = await repo.agentsWhoLeft("day-1");
    expect(left.size).toBeGreaterThan(0);
    for (const [id, leftAt] of left) {
      const memory = (await repo.agent("day-1", id)).memory;
      expect(memory.every((m) => slotKey(m.day, m.time_slot) <= leftAt)).toBe(true);
    }
    // memory carries over: every agent who ate has it in memory
    const someone = visits[0];
    expect(
      (await repo.agent("day-1", someone.agent_id)).memory.some((m) => m.text.includes(someone.store_name)),
    ).toBe(true);
  });

  it("is deterministic for a seed", async () => {
    const a = await setup();
    const b = await setup();
    await a.sims.run("same", { days: 1, seed: 7, agents: 40 });
    await b.sims.run("same", { days: 1, seed: 7, agents: 40 });
    const strip = (vs: Visit[]) => vs.map((v) => [v.visit_id, v.store_id, v.rating, v.comment]).sort();
    expect(strip(await a.repo.visits("same"))).toEqual(strip(await b.repo.visits("same")));
    await a.sims.run("other", { days: 1, seed: 8, agents: 40 });
    expect(strip(await a.repo.visits("other"))).not.toEqual(strip(await a.repo.visits("same")));
  });
});

describe("the per-agent fan-out's cap", () => {
  it("lets every agent in behind the shared gate locally; in AWS holds agents to the simulation's LLM cap", async () => {
    const local = await setup({ maxConcurrentLlmCalls: 7 });
    await local.runtime.initialise({ simulationId: "cap", days: 1, seed: 1, agents: 60 });
    const slot = { day: 1, slot: "12:00" as const, key: "d01#12:00", previous: "d01#07:00" };
    const here = await local.runtime.prepare({ simulationId: "cap", slot });
    expect(here.agentsInFlight).toBe(here.agents.length);
    expect((await local.repo.get("cap"))!.maxConcurrentLlmCalls).toBe(7); // the configured default

    const withLlm = { ...local.runtime.deps, llm: new FixedLatencyLlm(0) };
    const aws = new SimulationRuntime({ ...withLlm, sharedLlmGate: false });
    await aws.initialise({ simulationId: "cap-aws", days: 1, seed: 1, agents: 60, maxConcurrentLlmCalls: 3 });
    expect((await aws.prepare({ simulationId: "cap-aws", slot })).agentsInFlight).toBe(3);
    const offline = new SimulationRuntime({ ...local.runtime.deps, sharedLlmGate: false }); // no LLM
    await offline.initialise({
      simulationId: "cap-off",
      days: 1,
      seed: 1,
      agents: 60,
      maxConcurrentLlmCalls: 3,
    });
    const prepared = await offline.prepare({ simulationId: "cap-off", slot });
    expect(prepared.agentsInFlight).toBe(prepared.agents.length);
  });
});

describe("exactly-once flush", () => {
  it("a flush that fails midway and is run again counts every rating once; a repeated flush changes nothing", async () => {
    const { sims, repo } = await setup();
    await sims.run("flush", { days: 1, seed: 3, agents: 80 });
    const visits = await repo.visits("flush");
    const expected = sumsByStore(visits);
    // a second simulation id with the same visits, flushed by hand
    await repo.create({
      id: "flush-2",
      status: "running",
      days: 1,
      seed: 3,
      agents: 80,
      maxConcurrentLlmCalls: 1,
      engine: "offline",
      totalSlots: 4,
      createdAt: new Date().toISOString(),
    });
    await repo.saveVisits("flush-2", visits);
    await repo.saveVisits("flush-2", visits); // buffering twice adds nothing
    expect(await repo.visits("flush-2")).toHaveLength(visits.length);
    const slot = "d01#12:00";
    const inSlot = new Set(visits.filter((v) => v.time_slot === "12:00").map((v) => v.store_id)).size;
    expect(inSlot).toBeGreaterThan(2);
    await expect(repo.flushSlot("flush-2", slot, 2)).rejects.toThrow(/interrupted after 2 stores/);
    const retry = await repo.flushSlot("flush-2", slot);
    expect(retry).toEqual({ applied: inSlot - 2, skipped: 2 });
    expect(await repo.flushSlot("flush-2", slot)).toEqual({ applied: 0, skipped: inSlot });
    for (const key of ["d01#07:00", "d01#18:00", "d01#22:00"]) {
      await repo.flushSlot("flush-2", key);
      await repo.flushSlot("flush-2", key);
    }
    const aggregates = await repo.aggregates("flush-2");
    for (const [store, s] of expected)
      expect(aggregates[store]).toMatchObject({ count: s.count, sum: s.sum });
  });
});

describe("resume", () => {
  it("a simulation stopped midway resumes from its last completed slot without duplicating visits", async () => {
    let crash = true;
    const broken = await setup({ faults: { collect: (key) => crash && key === "d01#18:00" } });
    const stopped = await broken.sims.run("resumable", { days: 1, seed: 11, agents: 50 });
    expect(stopped.status).toBe("failed");
    expect(stopped.completedSlots).toEqual(["d01#07:00", "d01#12:00"]);
    const visitsWhenStopped = await broken.repo.visits("resumable", "d01#18:00");
    expect(visitsWhenStopped.length).toBeGreaterThan(0); // the slot's agents had acted
    crash = false;
    await broken.sims.resume("resumable");
    await broken.sims.settled("resumable");
    const done = (await broken.repo.get("resumable"))!;
    expect(done.status).toBe("completed");
    expect(done.completedSlots).toHaveLength(4);

    const clean = await setup();
    const cleanMeta = await clean.sims.run("resumable", { days: 1, seed: 11, agents: 50 });
    const ids = (vs: Visit[]) => vs.map((v) => v.visit_id).sort();
    expect(ids(await broken.repo.visits("resumable"))).toEqual(ids(await clean.repo.visits("resumable")));
    expect(await broken.repo.aggregates("resumable")).toEqual(await clean.repo.aggregates("resumable"));
    // the re-run slot's agents answered from their recorded turns: the counts are a clean run's
    expect(done.decisions).toEqual(cleanMeta.decisions);
    const memory = (await broken.repo.agent("resumable", visitsWhenStopped[0].agent_id)).memory;
    expect(memory.filter((m) => m.time_slot === "18:00").length).toBe(
      visitsWhenStopped.filter((v) => v.agent_id === visitsWhenStopped[0].agent_id).length,
    );
  });

  it("an agent's turn run twice decides once", async () => {
    const { runtime, repo } = await setup();
    await runtime.initialise({ simulationId: "twice", days: 1, seed: 5, agents: 30 });
    const item = { simulationId: "twice", agentId: "R001", day: 1, slot: "12:00" as const, key: "d01#12:00" };
    const first = await runtime.agentTurn(item);
    const again = await runtime.agentTurn(item);
    expect(again).toEqual(first);
    expect((await repo.agent("twice", "R001")).memory).toHaveLength(Math.max(1, first.visits));
  });

  it("a turn cut off between its two writes is completed by the retry, not decided again", async () => {
    const { runtime, repo } = await setup();
    await runtime.initialise({ simulationId: "cut-turn", days: 1, seed: 5, agents: 40 });
    const save = repo.saveVisits.bind(repo);
    let cut = true;
    repo.saveVisits = async (id, visits) => {
      if (cut && visits.length) {
        cut = false;
        throw new Error("the process died here");
      }
      return save(id, visits);
    };
    const turn = (agentId: string) =>
      runtime.agentTurn({ simulationId: "cut-turn", agentId, day: 1, slot: "12:00", key: "d01#12:00" });
    let victim: string | undefined;
    for (let n = 1; n <= 40 && !victim; n++) {
      const agentId = `R${String(n).padStart(3, "0")}`;
      await turn(agentId).catch(() => (victim = agentId));
    }
    expect(victim).toBeDefined();
    expect((await repo.visits("cut-turn", "d01#12:00")).filter((v) => v.agent_id === victim)).toEqual([]);
    const retried = await turn(victim!);
    const visits = (await repo.visits("cut-turn", "d01#12:00")).filter((v) => v.agent_id === victim);
    expect(visits).toHaveLength(retried.visits);
    expect(retried.visits).toBeGreaterThan(0);
    const memory = (await repo.agent("cut-turn", victim!)).memory.filter((m) => m.time_slot === "12:00");
    expect(memory).toHaveLength(retried.visits); // committed once, not decided again
  });

  it("an agent whose Lambda keeps failing is llm_failed with its error, and the slot goes on", async () => {
    let tries = 0;
    const { sims, repo } = await setup({
      faults: { agentTurn: (item) => item.agentId === "R003" && item.key === "d01#12:00" && ++tries > 0 },
    });
    const meta = await sims.run("one-down", { days: 1, seed: 11, agents: 50 });
    expect(meta.status).toBe("completed");
    expect(tries).toBe(2); // tried again once (the turn is idempotent), then caught
    expect(meta.decisions.llm_failed).toBe(1);
    expect((await repo.agent("one-down", "R003")).memory.some((m) => m.time_slot === "22:00")).toBe(true);
  });
});

describe("the LLM engine through the real SDK on a fake Messages API", () => {
  it("rides out 429s and invalid JSON, caps concurrent calls, and reports a failing agent as llm_failed", async () => {
    const fake = await startFakeAnthropic(
      (req, n) => {
        const prompt = JSON.stringify(req.messages);
        if (prompt.includes("(R002,")) return { status: 500, errorType: "api_error" }; // this agent never gets an answer
        if (n % 9 === 4) return { status: 429, errorType: "rate_limit_error", retryAfter: 0 };
        if (n % 13 === 6) return { text: "{not json" };
        return simulationAnswer(req, n);
      },
      { latencyMs: 5 },
    );
    closers.push(fake.close);
    const llm = new AnthropicLlm({
      apiKey: "sk-test",
      baseURL: fake.baseURL,
      models: { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" },
      timeoutMs: 5000,
      maxRetries: 0,
    });
    const { sims, repo } = await setup({ llm });
    const meta = await sims.run("llm", { days: 1, seed: 5, agents: 12, maxConcurrentLlmCalls: 3 });
    expect(meta.status).toBe("completed");
    expect(meta.engine).toBe("llm");
    expect(fake.maxInFlight()).toBeLessThanOrEqual(3);
    expect(meta.llmCalls).toBeGreaterThan(20);
    expect(meta.inputTokens).toBeGreaterThan(0);
    expect(meta.decisions.llm_failed).toBeGreaterThanOrEqual(1);
    expect(meta.decisions.visit).toBeGreaterThan(0);
    const memory = (await repo.agent("llm", "R002")).memory;
    expect(memory.every((m) => m.text === "결정하지 못함")).toBe(true);
    // the prompts are the Korean files, with the store cards of 004
    const step3 = fake.requests.find((r) => JSON.stringify(r.messages).includes("후보 매장"))!;
    expect(JSON.stringify(step3.messages)).toMatch(/평균가격: .*원/);
  });
});

describe("custom personas", () => {
  it("SIM_PERSONAS_FILE replaces the default set", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { defaultPersonas, loadPersonas } = await import("../../shared/simulation/personas.ts");
    const file = join(mkdtempSync(join(tmpdir(), "personas-")), "personas.json");
    const mine = defaultPersonas(3, 0).map((p, i) => ({
      ...p,
      id: `R90${i}`,
      name: `테스트${i}`,
      eat_out_tendency: 1,
    }));
    writeFileSync(file, JSON.stringify(mine));
    expect(() => loadPersonas(join(tmpdir(), "missing.json"))).toThrow();
    const { sims, repo } = await setup({ personas: loadPersonas(file) });
    const meta = await sims.run("custom", { days: 1, seed: 1 });
    expect(meta.agents).toBe(3);
    const agents = new Set((await repo.visits("custom")).map((v) => v.agent_id));
    expect(agents.size).toBeGreaterThan(0);
    for (const a of agents) expect(["R900", "R901", "R902"]).toContain(a);
  });
});
