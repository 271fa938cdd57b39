// The simulation on dynalite through the local workflow runner (the definitions CDK deploys): a whole
// day, exactly-once flushes, determinism, resuming, and the LLM path through the real SDK against a
// fake Messages API with 429s, invalid JSON and an agent whose calls always fail.
import { describe, expect, it } from "vitest";
import { AnthropicLlm } from "../../shared/llm/anthropic.ts";
import { startFakeAnthropic } from "../helpers/fake-anthropic.ts";
import { simulationAnswer } from "../helpers/fake-sim-llm.ts";
import { simulationsClosedAfterAll } from "../helpers/simulation.ts";
import { slotKey } from "../../shared/simulation/repository/table.ts";
import { DAILY_FLOATING_SHARE } from "../../shared/simulation/personas.ts";
import type { BatchItem } from "../../shared/simulation/schemas.ts";
import type { Visit } from "../../shared/simulation/types.ts";
import { StatesError } from "../../shared/workflows/errors.ts";

const { setup, closeAfterAll } = simulationsClosedAfterAll();

/** A simulation record owned by `execution`, as the service writes it before the 202. */
async function owned(
  t: Awaited<ReturnType<typeof setup>>,
  id: string,
  request: { days: number; seed: number; agents?: number; maxConcurrentLlmCalls?: number },
  engine: "offline" | "llm" = "offline",
) {
  const execution = `${id}-run1`;
  await t.repo.runs.create(id, t.simWorld.paramsFor(request, engine, 10), { owner: execution });
  await t.steps.initialise({ simulationId: id, execution });
  return execution;
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
    const t = await setup();
    const { repo } = t;
    const meta = await t.run({ days: 1, seed: 42, agents: 60 });
    const id = meta.id;
    expect(meta.status).toBe("completed");
    expect(meta.completedSlots).toEqual(["d01#07:00", "d01#12:00", "d01#18:00", "d01#22:00"]);
    const visits = await repo.visits.list(id);
    expect(visits.length).toBe(meta.decisions.visits);
    expect(new Set(visits.map((v) => v.visit_id)).size).toBe(visits.length);
    expect(meta.decisions.agent_turns).toBe(
      (meta.decisions.visit ?? 0) + (meta.decisions.stay_home ?? 0) + (meta.decisions.llm_failed ?? 0),
    );
    const aggregates = await repo.visits.aggregates(id);
    for (const [store, s] of sumsByStore(visits))
      expect(aggregates[store]).toMatchObject({ count: s.count, sum: s.sum });
    // 22:00 has no cafés (004's TIME_SLOT_CATEGORIES), and each agent visits at most three stores a slot
    expect(visits.filter((v) => v.time_slot === "22:00" && v.order === 1 && v.category === "카페")).toEqual(
      [],
    );
    expect(Math.max(...visits.map((v) => v.order))).toBeLessThanOrEqual(3);
    // floating visitors do not act before their entry slot
    const personas = t.simWorld.personaSet(60);
    for (const v of visits) {
      const p = personas.get(v.agent_id)!;
      if (p.type === "floating")
        expect(["07:00", "12:00", "18:00", "22:00"].indexOf(v.time_slot)).toBeGreaterThanOrEqual(
          ["07:00", "12:00", "18:00", "22:00"].indexOf(p.entry_time_slot!),
        );
    }
    // a floating visitor who chose 망원동_떠나기 acts in no later slot (004: 이후 스킵)
    const floating = [...personas.values()].filter((p) => p.type === "floating");
    const states = await repo.agents.getMany(
      id,
      floating.map((p) => p.id),
    );
    const left = [...states].filter(([, s]) => s.leftAt);
    expect(left.length).toBeGreaterThan(0);
    for (const [, { memory, leftAt }] of left)
      expect(memory.every((m) => slotKey(m.day, m.time_slot) <= leftAt!)).toBe(true);
    // the report's calibration is computed from the collected slots, for the engine that ran
    const report = (await t.sims.report(id))!;
    expect(report.calibration.engine).toBe("offline");
    expect(report.calibration.activeAgentsByDay).toHaveLength(1);
    expect(report.calibration.activeAgentsByDay[0]!.residents).toBeGreaterThan(0);
    expect(Object.keys(report.calibration.eatOutRateBySlot)).toEqual(["07:00", "12:00", "18:00", "22:00"]);
    expect(report.storeSet.total).toBe(t.simWorld.stores().length);
    // memory carries over: every agent who ate has it in memory
    const someone = visits[0]!;
    expect(
      (await repo.agents.get(id, someone.agent_id)).memory.some((m) => m.text.includes(someone.store_name)),
    ).toBe(true);
  });

  it("keeps the daily floating population: who left one day may be sampled again the next", async () => {
    const t = await setup();
    // three days of 80 agents (56 floating, 26 a day): the sample, the leaving and the return all happen
    // (four days of 160 cost ~19 s of CPU, more than this test's share of its timeout)
    const days = 3;
    const agents = 80;
    const meta = await t.run({ days, seed: 11, agents });
    expect(meta.status).toBe("completed");
    const personas = [...t.simWorld.personaSet(agents).values()];
    const floating = personas.filter((p) => p.type === "floating");
    const sampled = Math.round(floating.length * DAILY_FLOATING_SHARE);
    expect(sampled).toBeGreaterThan(0);
    const activeByDay = Array.from({ length: days }, () => new Set<string>());
    const leftByDay = Array.from({ length: days }, () => new Set<string>());
    for (const p of floating) {
      const { memory, leftAt } = await t.repo.agents.get(meta.id, p.id);
      for (const m of memory) activeByDay[m.day - 1]!.add(p.id);
      if (leftAt) leftByDay[Number(leftAt.slice(1, 3)) - 1]!.add(p.id);
    }
    // every visitor of the day's sample acts at least at their entry slot, every day
    expect(activeByDay.map((s) => s.size)).toEqual(Array(days).fill(sampled));
    // and the report's calibration counts the same visitors from the collected slots
    const report = (await t.sims.report(meta.id))!;
    expect(report.calibration.activeAgentsByDay.map((d) => d.floating)).toEqual(Array(days).fill(sampled));
    // and some of those who left on an earlier day are back on a later one
    const back = [...leftByDay.slice(0, -1).flatMap((s) => [...s])].some((id) =>
      activeByDay.slice(1).some((s) => s.has(id)),
    );
    expect(back).toBe(true);
  });

  it("is deterministic for a seed", async () => {
    const a = await setup();
    const b = await setup();
    const same = await a.run({ days: 1, seed: 7, agents: 40 });
    const again = await b.run({ days: 1, seed: 7, agents: 40 });
    const strip = (vs: Visit[]) => vs.map((v) => [v.visit_id, v.store_id, v.rating, v.comment]).sort();
    expect(strip(await a.repo.visits.list(same.id))).toEqual(strip(await b.repo.visits.list(again.id)));
    const other = await a.run({ days: 1, seed: 8, agents: 40 });
    expect(strip(await a.repo.visits.list(other.id))).not.toEqual(strip(await a.repo.visits.list(same.id)));
  });
});

describe("the fan-out's batches and cap", () => {
  it("cuts an offline slot into batches, at most the agent function's reserved concurrency in flight; an LLM run's batches are one agent, as many as its LLM cap", async () => {
    const t = await setup(
      {},
      { SIM_MAX_CONCURRENT_LLM_CALLS: "7", SIM_BATCH_SIZE: "8", SIM_AGENT_CONCURRENCY: "3" },
    );
    const slot = { day: 1, slot: "12:00" as const, key: "d01#12:00", previous: "d01#07:00" };
    const offline = await t.run({ days: 1, seed: 1, agents: 60 });
    expect(offline.status).toBe("completed");
    expect(offline.maxConcurrentLlmCalls).toBe(7); // the configured default
    const ex = await owned(t, "cap-off", { days: 1, seed: 1, agents: 60, maxConcurrentLlmCalls: 3 });
    const prepared = await t.steps.prepare({ simulationId: "cap-off", execution: ex, slot });
    expect(prepared.batchSize).toBe(8);
    expect(prepared.batches).toEqual(prepared.batches.map((_, i) => i));
    expect(prepared.batches.length).toBeGreaterThan(3);
    expect(prepared.batchesInFlight).toBe(3);
    const llm = await owned(t, "cap-llm", { days: 1, seed: 1, agents: 60, maxConcurrentLlmCalls: 2 }, "llm");
    const llmSlot = await t.steps.prepare({ simulationId: "cap-llm", execution: llm, slot });
    expect(llmSlot).toMatchObject({ batchSize: 1, batchesInFlight: 2 });
    expect(Math.ceil(llmSlot.batches.length / 8)).toBe(prepared.batches.length);
  });

  it("one local process runs at most SIM_LOCAL_BATCHES_IN_FLIGHT batches at once, whatever the slot allows, and decides the same", async () => {
    /** the most AgentTurn invocations running at once in a world */
    const counted = () => {
      const seen = { now: 0, most: 0 };
      const wrap = (state: string, handler: (i: never) => unknown) => async (i: never) => {
        if (state !== "AgentTurn") return handler(i);
        seen.most = Math.max(seen.most, ++seen.now);
        try {
          return await handler(i);
        } finally {
          seen.now--;
        }
      };
      return { seen, wrap };
    };
    const env = { SIM_BATCH_SIZE: "4", SIM_AGENT_CONCURRENCY: "100" };
    const few = counted();
    const a = await setup({ wrap: few.wrap }, { ...env, SIM_LOCAL_BATCHES_IN_FLIGHT: "2" });
    const many = counted();
    const b = await setup({ wrap: many.wrap }, { ...env, SIM_LOCAL_BATCHES_IN_FLIGHT: "100" });
    const capped = await a.run({ days: 1, seed: 3, agents: 60 });
    const free = await b.run({ days: 1, seed: 3, agents: 60 });
    expect(capped.status).toBe("completed");
    // the deployed setting still lets the slot's Map run every batch at once: the process holds them back
    const slot = { day: 1, slot: "12:00" as const, key: "d01#12:00", previous: "d01#07:00" };
    const ex = await owned(a, "local-cap", { days: 1, seed: 3, agents: 60 });
    const prepared = await a.steps.prepare({ simulationId: "local-cap", execution: ex, slot });
    expect(prepared.batchesInFlight).toBe(prepared.batches.length);
    expect(prepared.batches.length).toBeGreaterThan(4);
    expect(few.seen.most).toBe(2);
    expect(many.seen.most).toBeGreaterThan(2);
    const strip = (vs: Visit[]) => vs.map((v) => [v.visit_id, v.store_id, v.rating, v.comment]).sort();
    expect(capped.decisions).toEqual(free.decisions);
    expect(strip(await a.repo.visits.list(capped.id))).toEqual(strip(await b.repo.visits.list(free.id)));
  });

  it("past 1,000 batches a slot's batches grow, so its state holds at most 1,000 numbers", async () => {
    const { slotBatches } = await import("../../shared/simulation/batch.ts");
    const meta = { engine: "llm", maxConcurrentLlmCalls: 60 } as never;
    const cut = slotBatches(meta, 10_000, { batchSize: 100, agentConcurrency: 100 });
    expect(cut).toMatchObject({ batchSize: 10, batchesInFlight: 6 });
    expect(cut.batches).toHaveLength(1_000);
    const offline = slotBatches({ ...(meta as object), engine: "offline" } as never, 10_000, {
      batchSize: 100,
      agentConcurrency: 100,
    });
    expect(offline).toMatchObject({ batchSize: 100, batchesInFlight: 100 });
    expect(offline.batches).toHaveLength(100);
  });
});

describe("the large run, scaled down", () => {
  /** Records every Task's input and output size, and how many batches are in flight at once. */
  function watched() {
    const seen = { maxStateBytes: 0, inFlight: 0, maxInFlight: 0 };
    const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x ?? null));
    return {
      seen,
      wrap: (state: string, handler: (i: never) => unknown) => async (i: never) => {
        seen.maxStateBytes = Math.max(seen.maxStateBytes, bytes(i));
        const agent = state === "AgentTurn";
        if (agent) seen.maxInFlight = Math.max(seen.maxInFlight, ++seen.inFlight);
        try {
          const out = await handler(i);
          seen.maxStateBytes = Math.max(seen.maxStateBytes, bytes(out));
          return out;
        } finally {
          if (agent) seen.inFlight--;
        }
      },
    };
  }

  it("1,200 agents for two days: every turn kept once, no state growing with the agents, batches in flight within the reserved concurrency", async () => {
    const env = { SIM_AGENT_CONCURRENCY: "4", SIM_BATCH_SIZE: "100" };
    const small = watched();
    const t0 = await setup({ wrap: small.wrap }, env);
    expect((await t0.run({ days: 2, seed: 8, agents: 120 })).status).toBe("completed");
    const large = watched();
    const t = await setup({ wrap: large.wrap }, env);
    const meta = await t.run({ days: 2, seed: 8, agents: 1_200 });
    expect(meta.status).toBe("completed");
    expect(meta.completedSlots).toHaveLength(8);
    // what was produced: one decision record per turn, one visit record per visit, each rating once
    const slots = await t.repo.runs.slotSummaries(meta.id);
    const turns = slots.reduce((n, s) => n + s.agent_turns, 0);
    expect(turns).toBe(meta.decisions.agent_turns);
    expect(turns).toBeGreaterThan(3_000);
    let decisions = 0;
    for await (const page of t.repo.agents.decisionPages(meta.id)) decisions += page.length;
    expect(decisions).toBe(turns);
    const visits = await t.repo.visits.list(meta.id);
    expect(visits).toHaveLength(meta.decisions.visits!);
    const aggregates = Object.values(await t.repo.visits.aggregates(meta.id));
    expect(aggregates.reduce((n, a) => n + a.count, 0)).toBe(visits.length);
    // a visit loop moves on: many agents visit two or three stores in a slot, never one store twice
    const bySlot = new Map<string, string[]>();
    for (const v of visits) {
      const k = `${v.day}#${v.time_slot}#${v.agent_id}`;
      bySlot.set(k, [...(bySlot.get(k) ?? []), v.store_id]);
    }
    const loops = [...bySlot.values()].filter((stores) => stores.length > 1);
    expect(loops.length).toBeGreaterThan(50);
    expect(loops.filter((stores) => new Set(stores).size < stores.length)).toEqual([]);
    // ten times the agents, about the same largest state (batch numbers, not agents, travel)
    expect(large.seen.maxStateBytes).toBeLessThan(small.seen.maxStateBytes * 1.25);
    expect(large.seen.maxStateBytes).toBeLessThan(8_192);
    expect(large.seen.maxInFlight).toBeLessThanOrEqual(4);
    expect(large.seen.maxInFlight).toBeGreaterThan(1);
  }, 600_000);
});

describe("a run that fails for any reason ends failed", () => {
  it("a state past Step Functions' 256 KB, which no Catch sees, leaves the run failed with that reason", async () => {
    // Flush hands PrepareSlot a state of 300 KB: States.DataLimitExceeded, terminal as in AWS (no
    // MarkFailed); the execution's end reaches the run as EventBridge's status change would
    const t = await setup({
      wrap: (state, handler) =>
        state === "Flush"
          ? async (i: never) => ({ ...((await handler(i)) as object), padding: "x".repeat(300_000) })
          : handler,
    });
    const meta = await t.run({ days: 1, seed: 3, agents: 20 });
    expect(meta.status).toBe("failed");
    expect(meta.error).toMatch(
      /^States\.DataLimitExceeded: PrepareSlot input: \d+ bytes, over the 262144-byte limit/,
    );
    expect(meta.completedSlots).toEqual([]);
  });

  it("an execution's end does not touch a run that finished or that another execution owns", async () => {
    const t = await setup();
    const meta = await t.run({ days: 1, seed: 3, agents: 20 });
    const ended = (name: string) =>
      t.steps.executionEnded({
        detail: {
          name,
          status: "FAILED",
          input: JSON.stringify({ simulationId: meta.id }),
          error: "E",
          cause: "c",
        },
      });
    expect(await ended(meta.owner!)).toEqual({ simulationId: meta.id, marked: false });
    expect(await ended("someone-else")).toEqual({ simulationId: meta.id, marked: false });
    expect((await t.sims.status(meta.id))!.status).toBe("completed");
  });
});

describe("exactly-once flush", () => {
  it("a flush that fails midway and is run again counts every rating once; a repeated flush changes nothing", async () => {
    const t = await setup();
    const { repo } = t;
    const first = await t.run({ days: 1, seed: 3, agents: 80 });
    const visits = await repo.visits.list(first.id);
    const expected = sumsByStore(visits);
    // a second simulation id with the same visits, flushed by hand
    await owned(t, "flush-2", { days: 1, seed: 3, agents: 80 });
    await repo.visits.save("flush-2", visits);
    await repo.visits.save("flush-2", visits); // buffering twice adds nothing
    expect(await repo.visits.list("flush-2")).toHaveLength(visits.length);
    const slot = "d01#12:00";
    const inSlot = new Set(visits.filter((v) => v.time_slot === "12:00").map((v) => v.store_id)).size;
    expect(inSlot).toBeGreaterThan(2);
    // the store updates after the second fail, as if the Lambda died there
    const { openSimulationRepository } = await import("../../shared/simulation/repository.ts");
    const db = t.world.rt.documents();
    let updates = 0;
    const dying = {
      send: (cmd: { constructor: { name: string } }) => {
        if (cmd.constructor.name === "UpdateCommand" && ++updates > 2)
          return Promise.reject(new Error("the process died"));
        return db.send(cmd as never);
      },
    };
    const interrupted = openSimulationRepository(dying as never, t.world.rt.config.aws.tables.simulation);
    await expect(interrupted.visits.flushSlot("flush-2", slot)).rejects.toThrow(/the process died/);
    const retry = await repo.visits.flushSlot("flush-2", slot);
    expect(retry).toEqual({ applied: inSlot - 2, skipped: 2 });
    expect(await repo.visits.flushSlot("flush-2", slot)).toEqual({ applied: 0, skipped: inSlot });
    for (const key of ["d01#07:00", "d01#18:00", "d01#22:00"]) {
      await repo.visits.flushSlot("flush-2", key);
      await repo.visits.flushSlot("flush-2", key);
    }
    const aggregates = await repo.visits.aggregates("flush-2");
    for (const [store, s] of expected)
      expect(aggregates[store]).toMatchObject({ count: s.count, sum: s.sum });
  });
});

/** Wraps one step's Lambda: `fail(input)` true → the Lambda errors (after its retries, if every try fails). */
const failing = (state: string, fail: (input: never) => boolean) => ({
  wrap: (s: string, handler: (i: never) => unknown) =>
    s === state
      ? async (i: never) => {
          if (fail(i)) throw new StatesError("Error", `${state} crashed (test)`);
          return handler(i);
        }
      : handler,
});

describe("resume", () => {
  it("a simulation stopped midway resumes from its last completed slot without duplicating visits", async () => {
    let crash = true;
    const broken = await setup(
      failing("Collect", (i: { slot: { key: string } }) => crash && i.slot.key === "d01#18:00"),
    );
    const stopped = await broken.run({ days: 1, seed: 11, agents: 50 });
    const id = stopped.id;
    expect(stopped.status).toBe("failed");
    expect(stopped.completedSlots).toEqual(["d01#07:00", "d01#12:00"]);
    const visitsWhenStopped = await broken.repo.visits.list(id, "d01#18:00");
    expect(visitsWhenStopped.length).toBeGreaterThan(0); // the slot's agents had acted
    crash = false;
    const done = await broken.resume(id);
    expect(done.status).toBe("completed");
    expect(done.completedSlots).toHaveLength(4);
    expect(done.owner).toBe(`${id}-run2`);

    const clean = await setup();
    const cleanMeta = await clean.run({ days: 1, seed: 11, agents: 50 });
    const ids = (vs: Visit[]) => vs.map((v) => v.visit_id).sort();
    expect(ids(await broken.repo.visits.list(id))).toEqual(ids(await clean.repo.visits.list(cleanMeta.id)));
    expect(await broken.repo.visits.aggregates(id)).toEqual(await clean.repo.visits.aggregates(cleanMeta.id));
    // the re-run slot's agents answered from their recorded turns: the counts are a clean run's
    expect(done.decisions).toEqual(cleanMeta.decisions);
    const someone = visitsWhenStopped[0]!.agent_id;
    const memory = (await broken.repo.agents.get(id, someone)).memory;
    expect(memory.filter((m) => m.time_slot === "18:00").length).toBe(
      visitsWhenStopped.filter((v) => v.agent_id === someone).length,
    );
  });

  it("a resumed simulation runs none of its completed slots again", async () => {
    const seen: string[] = [];
    let crash = true;
    const t = await setup({
      wrap: (s, handler) =>
        s === "PrepareSlot"
          ? async (i: never) => {
              const key = (i as { slot: { key: string } }).slot.key;
              seen.push(key);
              if (crash && key === "d01#18:00") throw new StatesError("Error", "crashed (test)");
              return handler(i);
            }
          : handler,
    });
    const stopped = await t.run({ days: 1, seed: 2, agents: 20 });
    crash = false;
    seen.length = 0;
    await t.resume(stopped.id);
    expect(seen).toEqual(["d01#18:00", "d01#22:00"]);
  });

  it("refuses to resume a completed simulation, or one whose execution is running", async () => {
    const t = await setup();
    const done = await t.run({ days: 1, seed: 2, agents: 10 });
    await expect(t.sims.resume(done.id)).rejects.toThrow(/이미 끝난 시뮬레이션입니다 \(상태: completed\)/);
    const { id } = await t.sims.start({ days: 1, seed: 2, agents: 10 });
    await expect(t.sims.resume(id)).rejects.toThrow(/시뮬레이션이 실행 중입니다/);
    await t.world.workflows.settled();
    expect(await t.sims.resume("sim-none")).toBeNull();
  });

  it("a step of an execution that no longer owns the simulation does nothing (LeaseLost)", async () => {
    const t = await setup();
    const ex = await owned(t, "leased", { days: 1, seed: 2, agents: 10 });
    expect(await t.repo.runs.transferOwner("leased", ex, "leased-run2")).toBe(true);
    const slot = { day: 1, slot: "07:00" as const, key: "d01#07:00", previous: null };
    await expect(t.steps.prepare({ simulationId: "leased", execution: ex, slot })).rejects.toThrow(
      /owned by another/,
    );
    await expect(
      t.steps.agentTurn({ simulationId: "leased", execution: ex, slot, batch: 0, size: 10 }),
    ).rejects.toMatchObject({ name: "LeaseLost" });
    // and a stale owner cannot take it back, nor mark it failed
    expect(await t.repo.runs.transferOwner("leased", ex, "leased-run3")).toBe(false);
    await t.steps.fail({ simulationId: "leased", execution: ex, error: { Error: "x", Cause: "y" } });
    expect((await t.repo.runs.get("leased"))!.status).not.toBe("failed");
  });

  it("a retried Collect counts its slot once, from the batches' tallies in the table", async () => {
    const t = await setup();
    const ex = await owned(t, "collect-twice", { days: 1, seed: 2, agents: 10 });
    const slot = { day: 1, slot: "07:00" as const, key: "d01#07:00", previous: null };
    const prepared = await t.steps.prepare({ simulationId: "collect-twice", execution: ex, slot });
    const ran = await t.steps.agentTurn({
      simulationId: "collect-twice",
      execution: ex,
      slot,
      batch: 0,
      size: prepared.batchSize,
    });
    const input = {
      simulationId: "collect-twice",
      execution: ex,
      slot,
      batches: prepared.batches,
      batchSize: prepared.batchSize,
    };
    await t.steps.collect(input);
    await t.steps.collect(input);
    const meta = (await t.repo.runs.get("collect-twice"))!;
    expect(meta.decisions).toMatchObject({ agent_turns: ran.agent_turns, visits: ran.visits });
    expect(meta.completedSlots).toEqual(["d01#07:00"]);
  });

  const batchAt = (simulationId: string, execution: string, batch = 0, size = 100): BatchItem => ({
    simulationId,
    execution,
    slot: { day: 1, slot: "12:00", key: "d01#12:00", previous: "d01#07:00" },
    batch,
    size,
  });

  it("a batch run twice decides once", async () => {
    const t = await setup();
    const execution = await owned(t, "twice", { days: 1, seed: 5, agents: 30 });
    const first = await t.steps.agentTurn(batchAt("twice", execution));
    const again = await t.steps.agentTurn(batchAt("twice", execution));
    expect(again).toEqual(first);
    const decisions = await t.repo.agents.decisions("twice", "R001");
    expect(decisions).toHaveLength(1);
    expect((await t.repo.agents.get("twice", "R001")).memory).toHaveLength(
      Math.max(1, decisions[0]!.result.visits.length),
    );
  });

  it("a batch cut off after its commit is completed by the retry with the committed turns, not decided again", async () => {
    const t = await setup();
    const execution = await owned(t, "cut-batch", { days: 1, seed: 5, agents: 40 });
    const repo = t.repo;
    const put = repo.agents.putTurns.bind(repo.agents);
    let cut = true;
    repo.agents.putTurns = async (...args) => {
      if (cut) {
        cut = false;
        throw new Error("the process died here");
      }
      return put(...args);
    };
    await expect(t.steps.agentTurn(batchAt("cut-batch", execution))).rejects.toThrow(/died/);
    expect(await repo.visits.list("cut-batch", "d01#12:00")).toEqual([]);
    const committed = (await repo.turns.get("cut-batch", "d01#12:00", 0))!;
    expect(committed.decisions.length).toBeGreaterThan(0);
    const retried = await t.steps.agentTurn(batchAt("cut-batch", execution));
    expect(retried.agent_turns).toBe(committed.decisions.length);
    const visits = await repo.visits.list("cut-batch", "d01#12:00");
    const byId = (vs: Visit[]) => [...vs].sort((a, b) => a.visit_id.localeCompare(b.visit_id));
    expect(byId(visits)).toEqual(byId(committed.decisions.flatMap((d) => d.result.visits)));
    for (const d of committed.decisions) {
      const memory = (await repo.agents.get("cut-batch", d.agent_id)).memory;
      expect(memory).toHaveLength(Math.max(1, d.result.visits.length)); // applied once, as committed
    }
  });

  it("a batch whose Lambda keeps failing counts its agents llm_failed, and the slot goes on", async () => {
    let tries = 0;
    const t = await setup(
      failing("AgentTurn", (i: BatchItem) => i.batch === 1 && i.slot.key === "d01#12:00" && ++tries > 0),
      { SIM_BATCH_SIZE: "4" },
    );
    const meta = await t.run({ days: 1, seed: 11, agents: 50 });
    expect(meta.status).toBe("completed");
    expect(tries).toBe(2); // tried again once (the batch is idempotent), then caught
    expect(meta.decisions.llm_failed).toBe(4);
    const slot = (await t.repo.runs.slotSummaries(meta.id)).find((s) => s.key === "d01#12:00")!;
    expect(slot.llm_failed).toBe(4);
    // the failed batch's agents act again in the next slot
    expect((await t.repo.agents.get(meta.id, "R005")).memory.some((m) => m.time_slot === "22:00")).toBe(true);
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
    closeAfterAll(fake.close);
    const llm = new AnthropicLlm({
      apiKey: "sk-test",
      baseURL: fake.baseURL,
      models: { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" },
      timeoutMs: 5000,
      maxRetries: 0,
    });
    const t = await setup({ llm });
    const { repo } = t;
    const meta = await t.run({ days: 1, seed: 5, agents: 12, maxConcurrentLlmCalls: 3 });
    // R002 failed every turn: more than 5 % of the turns, so the run says so
    expect(meta.status).toBe("completed_with_failures");
    expect(meta.error).toMatch(/agent turns failed/);
    expect(meta.engine).toBe("llm");
    expect(fake.maxInFlight()).toBeLessThanOrEqual(3);
    expect(meta.llmCalls).toBeGreaterThan(20);
    // every request counts, answered, refused with a 429 or failed
    expect(meta.llmCalls).toBe(fake.requests.length);
    expect(meta.inputTokens).toBeGreaterThan(0);
    expect(meta.decisions.llm_failed).toBeGreaterThanOrEqual(1);
    expect(meta.decisions.visit).toBeGreaterThan(0);
    const memory = (await repo.agents.get(meta.id, "R002")).memory;
    expect(memory.every((m) => m.text === "결정하지 못함")).toBe(true);
    // the prompts are the Korean files, with the store cards of 004
    const step3 = fake.requests.find((r) => JSON.stringify(r.messages).includes("후보 매장"))!;
    expect(JSON.stringify(step3.messages)).toMatch(/평균가격: .*원/);
  });
});

describe("answers that break the rules, failing runs", () => {
  const llmOn = (fake: { baseURL: string }) =>
    new AnthropicLlm({
      apiKey: "sk-test",
      baseURL: fake.baseURL,
      models: { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" },
      timeoutMs: 5000,
      maxRetries: 0,
    });

  it("a category, store or action the turn does not offer is retried with the reason, not turned into stay_home", async () => {
    const seen = new Set<string>();
    const fake = await startFakeAnthropic(
      (req, n) => {
        const prompt = JSON.stringify(req.messages);
        const first = !seen.has(prompt) && req.messages.length === 1;
        seen.add(prompt);
        const answer = simulationAnswer(req, n);
        if (!first) return answer;
        if (!("text" in answer)) return answer;
        const value = JSON.parse(answer.text) as Record<string, unknown>;
        // the first answer of each step 2, 3 and 5 breaks the rules while passing the base schema
        if ("category" in value) return { text: JSON.stringify({ ...value, category: "주점" }) };
        if ("store_name" in value) return { text: JSON.stringify({ ...value, store_name: "없는 가게" }) };
        if ("walking_speed" in value) return { text: JSON.stringify({ ...value, action: "회사_가기" }) };
        return answer;
      },
      { latencyMs: 1 },
    );
    closeAfterAll(fake.close);
    const t = await setup({ llm: llmOn(fake) });
    const meta = await t.run({ days: 1, seed: 3, agents: 10, maxConcurrentLlmCalls: 4 });
    expect(meta.status).toBe("completed");
    expect(meta.decisions.llm_failed ?? 0).toBe(0);
    expect(meta.decisions.visit).toBeGreaterThan(0);
    // the rule reached the model as the schema's enum, and the retry carried the reason
    const retries = fake.requests.filter((r) => r.messages.length > 1);
    expect(retries.length).toBeGreaterThan(0);
    expect(JSON.stringify(retries[0]!.messages)).toMatch(/does not match the schema/);
    // no visit at 07:00 to a 주점, and no stay_home because of an unknown store
    const visits = await t.repo.visits.list(meta.id);
    expect(visits.filter((v) => v.time_slot === "07:00" && v.category === "주점")).toEqual([]);
    expect(meta.llmCalls).toBe(fake.requests.length);
  });

  it("a rating already given stands when the next step fails", async () => {
    const fake = await startFakeAnthropic(
      (req, n) =>
        JSON.stringify(req.output_config ?? {}).includes("walking_speed")
          ? { status: 500, errorType: "api_error" }
          : simulationAnswer(req, n),
      { latencyMs: 1 },
    );
    closeAfterAll(fake.close);
    const t = await setup({ llm: llmOn(fake) });
    const meta = await t.run({ days: 1, seed: 9, agents: 8, maxConcurrentLlmCalls: 4 });
    const visits = await t.repo.visits.list(meta.id);
    expect(visits.length).toBeGreaterThan(0);
    expect(meta.decisions.visits).toBe(visits.length);
    expect(meta.decisions.llm_failed ?? 0).toBe(0);
  });

  it("a run where no turn was decided ends failed, and its error details stay small", async () => {
    const t = await setup(
      failing("AgentTurn", () => {
        throw new StatesError("Error", `AgentTurn crashed (test) ${"x".repeat(20_000)}`);
      }),
    );
    const meta = await t.run({ days: 1, seed: 4, agents: 120 });
    expect(meta.status).toBe("failed");
    expect(meta.error).toMatch(/every agent turn failed/);
    expect(meta.completedSlots).toHaveLength(4);
    expect(meta.decisions.llm_failed).toBe(meta.decisions.agent_turns);
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
    const t = await setup({}, { SIM_PERSONAS_FILE: file });
    const meta = await t.run({ days: 1, seed: 1 });
    expect(meta.agents).toBe(3);
    const agents = new Set((await t.repo.visits.list(meta.id)).map((v) => v.agent_id));
    expect(agents.size).toBeGreaterThan(0);
    for (const a of agents) expect(["R900", "R901", "R902"]).toContain(a);
  });
});
