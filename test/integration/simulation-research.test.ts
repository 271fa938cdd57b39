// The simulation as a research instrument (issue 15): provenance on every record and report, record and
// replay (a recorded LLM run replayed where no LLM is configured decides the same), byte-identical
// offline runs, the spend estimate, and a budget that stops a run cleanly and resumes it.
import { PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { LlmUnavailableError, type LlmPort, type StructuredRequest } from "../../shared/llm/port.ts";
import { PROMPT_NAMES } from "../../shared/simulation/prompts.ts";
import { fingerprint } from "../../shared/simulation/provenance.ts";
import { inTurn, SimulationCallLog } from "../../shared/simulation/recordings.ts";
import { SimulationConflict } from "../../shared/simulation/api.ts";
import { costUsd } from "../../shared/simulation/spend.ts";
import { FixedLatencyLlm } from "../helpers/fake-sim-llm.ts";
import { postJson, startServer } from "../helpers/server.ts";
import { copyRecording, exportedData as data } from "../helpers/simulation-data.ts";
import { simulationsClosedAfterAll } from "../helpers/simulation.ts";

const { setup, closeAfterAll } = simulationsClosedAfterAll();

/** The fake simulation LLM with a model id, refusing every 7th call with a 429 (then asked again). */
class FlakyLlm implements LlmPort {
  readonly name = "fake-sim";
  readonly models = { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" };
  private readonly inner = new FixedLatencyLlm(0);
  private n = 0;
  async structured<S extends z.ZodType>(req: StructuredRequest<S>) {
    if (++this.n % 7 === 0)
      throw new LlmUnavailableError("rate limited (test)", 429, {
        calls: 1,
        inputTokens: 0,
        outputTokens: 0,
      });
    return this.inner.structured(req);
  }
}

describe("provenance", () => {
  it("is fixed on the record when it is created, and shown by the status and the report", async () => {
    const t = await setup();
    const meta = await t.run({ days: 1, seed: 3, agents: 20, startDate: "2026-05-04" });
    const p = meta.provenance!;
    expect(p).toMatchObject({ engine: "offline", model: null, seed: 3, startDate: "2026-05-04" });
    expect(Object.keys(p.prompts)).toEqual([...PROMPT_NAMES]);
    for (const h of [...Object.values(p.prompts), p.stores, p.personas]) expect(h).toMatch(/^[0-9a-f]{12}$/);
    expect(p.personas).toBe(
      fingerprint([...t.simWorld.personaSet(20).values()].sort((a, b) => a.id.localeCompare(b.id))),
    );
    expect(p.version).toMatch(/^([0-9a-f]{40}(-dirty)?|v\d+\.\d+\.\d+)$/);
    expect(p.parameters).toMatchObject({
      days: 1,
      seed: 3,
      agents: 20,
      maxConcurrentLlmCalls: 10,
      totalSlots: 4,
    });
    expect((await t.sims.report(meta.id))!.simulation.provenance).toEqual(p);
    // DONGNE_VERSION names the version (the stack sets it on every Lambda)
    const pinned = await setup({}, { DONGNE_VERSION: "abc123" });
    expect((await pinned.run({ days: 1, seed: 3, agents: 5 })).provenance!.version).toBe("abc123");
  });

  it("two offline runs with the same provenance and seed give byte-identical exports", async () => {
    const a = await setup();
    const b = await setup();
    const request = { days: 1, seed: 21, agents: 40, startDate: "2026-05-09" };
    const first = await a.run(request);
    const second = await b.run(request);
    expect(second.provenance).toEqual(first.provenance);
    const one = await data(a, first.id);
    expect(one.length).toBeGreaterThan(1000);
    expect(await data(b, second.id)).toBe(one);
  });
});

describe("record and replay", () => {
  it("a recorded LLM run replays where no LLM is configured, deciding and visiting the same", async () => {
    const rec = await setup({ llm: new FlakyLlm() });
    const request = {
      days: 1,
      seed: 5,
      agents: 12,
      maxConcurrentLlmCalls: 3,
      startDate: "2026-05-06",
      record: true,
    };
    const recorded = await rec.run(request);
    expect(recorded.status).toBe("completed");
    expect(recorded.record).toBe(true);
    expect(recorded.provenance).toMatchObject({ engine: "llm", model: "claude-haiku-5-5" });
    // every call is kept (a 429 and its answer to the same request are two), under its turn
    const calls = await rec.repo.recordings.list(recorded.id);
    expect(calls).toHaveLength(recorded.llmCalls);
    expect(calls.filter((c) => c.error?.status === 429).length).toBeGreaterThan(0);

    const rep = await setup(); // no LLM here
    await copyRecording(rec, rep, recorded.id);
    const started = (await rep.sims.startOrReplay({ replayOf: recorded.id }))!;
    expect(started.estimate).toMatchObject({ engine: "replay", costUsd: 0, calls: 0 });
    await rep.world.workflows.settled();
    const replayed = (await rep.sims.status(started.id))!;
    expect(replayed).toMatchObject({ status: "completed", engine: "replay", replayOf: recorded.id });
    expect(replayed.decisions).toEqual(recorded.decisions);
    expect(replayed.provenance).toMatchObject({
      engine: "replay",
      model: "claude-haiku-5-5",
      stores: recorded.provenance!.stores,
      personas: recorded.provenance!.personas,
      prompts: recorded.provenance!.prompts,
    });
    expect(await data(rep, started.id)).toBe(await data(rec, recorded.id));
  });

  it("a retried turn writes its calls again in place; one turn asking the same twice keeps both", async () => {
    const t = await setup();
    const log = new SimulationCallLog(t.repo, "rec-idem");
    const call = {
      key: "k",
      model: "m",
      tier: "fast" as const,
      usage: { calls: 1, inputTokens: 1, outputTokens: 1 },
      value: { a: 1 },
    };
    const attempt = () =>
      inTurn("d01#12:00", "R001", async () => {
        await log.append({ ...call, error: { kind: "unavailable", message: "429", status: 429 } });
        await log.append(call);
      });
    await attempt();
    await attempt();
    const kept = await t.repo.recordings.list("rec-idem");
    expect(kept).toHaveLength(2);
    expect(kept.map((c) => c.error?.status ?? null)).toEqual([429, null]);
    await expect(log.append(call)).rejects.toThrow(/outside an agent turn/);
  });

  it("refuses a run that was not recorded, an unknown one, and one whose world changed", async () => {
    const t = await setup();
    const plain = await t.run({ days: 1, seed: 1, agents: 5 });
    await expect(t.sims.startOrReplay({ replayOf: plain.id })).rejects.toThrow(/기록 없이 시작된/);
    expect(await t.sims.startOrReplay({ replayOf: "sim-none" })).toBeNull();
    const rec = await setup({ llm: new FlakyLlm() });
    const recorded = await rec.run({ days: 1, seed: 2, agents: 5, record: true });
    const other = await setup();
    await copyRecording(rec, other, recorded.id);
    // the persona set of the world replaying is another one than the recording's
    const table = other.world.rt.config.aws.tables.simulation;
    const meta = (
      await other.world.rt.documents().send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: "pk = :pk AND sk = :m",
          ExpressionAttributeValues: { ":pk": `SIM#${recorded.id}`, ":m": "META" },
        }),
      )
    ).Items![0]!;
    meta.params.provenance.personas = "000000000000";
    await other.world.rt.documents().send(new PutCommand({ TableName: table, Item: meta }));
    const refusal = await other.sims.startOrReplay({ replayOf: recorded.id }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SimulationConflict);
    expect((refusal as Error).message).toMatch(/기록한 뒤 세계가 바뀌었습니다 \(페르소나 세트\)/);
  });
});

describe("spend", () => {
  it("a run stops cleanly at its budget and resumes to completion with a larger one, no visit counted twice", async () => {
    const llm = () => new FixedLatencyLlm(0);
    const free = await setup({ llm: llm() });
    const request = { days: 1, seed: 8, agents: 16, startDate: "2026-05-07" };
    const whole = await free.run(request);
    const prices = free.world.rt.config.llm.pricePerMTok;
    const total = costUsd(whole, prices);
    expect(total).toBeGreaterThan(0);

    const t = await setup({ llm: llm() });
    const stopped = await t.run({ ...request, budgetUsd: total / 2 });
    expect(stopped.status).toBe("budget_exhausted");
    expect(stopped.error).toMatch(/budget/);
    expect(stopped.completedSlots.length).toBeGreaterThan(0);
    expect(stopped.completedSlots.length).toBeLessThan(4);
    expect(costUsd(stopped, prices)).toBeLessThanOrEqual(total / 2);
    // the budget still has no room: refused; a larger one continues from the last completed slot
    await expect(t.sims.resume(stopped.id)).rejects.toThrow(/더 큰 budgetUsd로 이어서 실행해 주세요/);
    await t.sims.resume(stopped.id, { budgetUsd: total * 10 });
    await t.world.workflows.settled();
    const done = (await t.sims.status(stopped.id))!;
    expect(done.status).toBe("completed");
    expect(done.budgetUsd).toBe(total * 10);
    expect(done.provenance!.parameters.budgetUsd).toBe(total / 2); // as created
    const visits = await t.repo.visits.list(done.id);
    expect(new Set(visits.map((v) => v.visit_id)).size).toBe(visits.length);
    expect(visits.length).toBe(done.decisions.visits);
    expect(done.decisions).toEqual(whole.decisions);
    expect(await t.repo.visits.aggregates(done.id)).toEqual(await free.repo.visits.aggregates(whole.id));
    expect(done.llmCalls).toBe(whole.llmCalls);
  });

  it("offline runs cost nothing and ignore budgets; SIM_MAX_BUDGET_USD caps a request's", async () => {
    const t = await setup({}, { SIM_MAX_BUDGET_USD: "0.5" });
    const meta = await t.run({ days: 1, seed: 1, agents: 10, budgetUsd: 0.000001 });
    expect(meta.status).toBe("completed");
    const estimate = (await t.sims.estimate({ days: 2, seed: 1, agents: 160, budgetUsd: 3 }))!;
    expect(estimate).toMatchObject({
      engine: "offline",
      calls: 0,
      costUsd: 0,
      budgetUsd: null,
      agentDays: 320,
    });
    expect(estimate.withLlm.calls).toBeGreaterThan(1000);
    const llm = await setup({ llm: new FixedLatencyLlm(0) }, { SIM_MAX_BUDGET_USD: "0.5" });
    expect((await llm.sims.estimate({ days: 1, seed: 1, budgetUsd: 3 }))!.budgetUsd).toBe(0.5);
  });

  it("the API estimates before a run (and the 202 carries it), and answers 400 for bad input", async () => {
    const server = await startServer({ llm: new FixedLatencyLlm(0) });
    closeAfterAll(server.close);
    const url = `${server.url}/v1/simulations`;
    const { status, body } = await postJson(`${url}/estimate`, { days: 7, seed: 1, agents: 160 });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      engine: "llm",
      agentDays: 1120,
      budgetUsd: null,
      prices: { input: 1, output: 5 },
    });
    expect(body.calls).toBeGreaterThan(5000);
    expect(body.inputTokens).toBeGreaterThan(body.outputTokens);
    expect(body.costUsd).toBeCloseTo((body.inputTokens * 1 + body.outputTokens * 5) / 1e6, 3);
    expect(body.withLlm).toMatchObject({ calls: body.calls, costUsd: body.costUsd });
    expect(body.basis).toMatch(/bench\/simulation-spend/);
    for (const [bad, field, message] of [
      [{}, "days", /필수 항목입니다/],
      [{ days: 0, seed: 1 }, "days", /1 이상이어야 합니다/],
      [{ days: 1, seed: 1, budgetUsd: -1 }, "budgetUsd", /0보다 커야 합니다/],
      [{ days: 1, seed: 1, record: "yes" }, "record", /true 또는 false여야 합니다/],
      [{ replayOf: "sim-x", days: 2 }, "days", /이 항목은 빼 주세요/],
      [{ replayOf: "not an id!" }, "replayOf", /시뮬레이션 id가 아닙니다/],
    ] as const) {
      const answer = await postJson(`${url}/estimate`, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.error.field).toBe(field);
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await postJson(`${url}/estimate`, { replayOf: "sim-none" })).status).toBe(404);
    const started = await postJson(url, { days: 1, seed: 1, agents: 4, budgetUsd: 1 });
    expect(started.status).toBe(202);
    expect(started.body.estimate).toMatchObject({ engine: "llm", budgetUsd: 1, agentDays: 4 });
    await server.world.workflows.settled();
    const resumed = await postJson(`${url}/${started.body.id}/resume`, { budgetUsd: "lots" });
    expect(resumed.status).toBe(400);
    expect(resumed.body.error.field).toBe("budgetUsd");
    const shown = (await (await fetch(`${url}/${started.body.id}`)).json()) as { provenance: unknown };
    expect(shown.provenance).toMatchObject({ engine: "llm", model: "fake-fixed-latency" });
  });
});
