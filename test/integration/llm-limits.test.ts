// The account-wide LLM bounds against dynalite: a semaphore in DynamoDB that two processes share (no
// more calls in flight than its slots, a crashed holder's lease expiring), a wait bounded by the
// request's deadline that fails like a 429, every call metered at its own tier's price (failed ones
// too), and a per-key daily allowance on the LLM-backed routes (429 with a Korean sentence).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { checkPersonText } from "../helpers/person-text.ts";
import { createApp } from "../../functions/api/app.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import { GatedLlm, MeteredLlm } from "../../shared/llm/gated.ts";
import { LlmOutputError, LlmUnavailableError, type LlmPort } from "../../shared/llm/port.ts";
import { Deadline } from "../../shared/platform/deadline.ts";
import { useMetrics } from "../../shared/platform/metrics.ts";
import {
  documentClient,
  dynamoClient,
  ensureTable,
  startLocalDynamo,
  type LocalDynamo,
} from "../../shared/store/dynamo.ts";
import { consumeLlmAllowance, DynamoLlmLeases } from "../../shared/store/llm-limits.ts";
import { testWorld } from "../helpers/server.ts";
import { until } from "../helpers/until.ts";

let dynamo: LocalDynamo;
const TABLE = "llm-limits-test";
beforeAll(async () => {
  dynamo = await startLocalDynamo();
  await ensureTable(dynamoClient(dynamo.endpoint), TABLE);
});
afterAll(() => dynamo.close());
afterEach(() => useMetrics(false));

let tableN = 0;
/** a fresh table per test: slots of one test never meet another's */
async function freshTable(): Promise<string> {
  const name = `${TABLE}-${++tableN}`;
  await ensureTable(dynamoClient(dynamo.endpoint), name);
  return name;
}

/**
 * A fake model that remembers how many calls it had at once. With `together`, the first calls wait for
 * one another until that many are in flight (not for a timer, which a busy machine outruns); later
 * calls answer at once.
 */
function slowModel(together = 0) {
  const seen = { now: 0, max: 0, calls: 0 };
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  if (!together) open();
  const llm: LlmPort = {
    name: "fake",
    async structured() {
      seen.calls++;
      seen.max = Math.max(seen.max, ++seen.now);
      if (seen.now >= together) open();
      await gate;
      await new Promise((r) => setImmediate(r));
      seen.now--;
      return { value: { ok: true } as never, usage: { calls: 1, inputTokens: 100, outputTokens: 10 } };
    },
  };
  return { llm, seen };
}
const request = (tier: "fast" | "smart" = "fast", deadline?: Deadline) => ({
  system: "s",
  prompt: "p",
  schema: z.object({ ok: z.boolean() }),
  tier,
  deadline,
});

describe("the account-wide LLM semaphore (DynamoDB)", () => {
  it("hands out at most its slots; a released slot is taken again; an expired lease is reclaimed", async () => {
    const table = await freshTable();
    let now = 1_000_000;
    const leases = new DynamoLlmLeases(documentClient(dynamo.endpoint), table, {
      limit: 3,
      leaseMs: 60_000,
      now: () => now,
    });
    const held = await Promise.all([leases.tryAcquire(), leases.tryAcquire(), leases.tryAcquire()]);
    expect(held.every(Boolean)).toBe(true);
    expect(await leases.inFlight()).toBe(3);
    expect(await leases.tryAcquire()).toBeNull();
    await held[0]!();
    const again = await leases.tryAcquire();
    expect(again).not.toBeNull();
    // the holders die without releasing: after the lease, the slots are free again
    now += 61_000;
    expect(await leases.inFlight()).toBe(0);
    const after = await leases.tryAcquire();
    expect(after).not.toBeNull();
    // the dead holder's late release does not free the slot its successor holds
    await again!();
    await held[1]!();
    expect(await leases.inFlight()).toBe(1);
  });

  it("bounds two processes sharing it: never more calls in flight than the account's limit", async () => {
    const table = await freshTable();
    // the first two calls meet: a limit that let a third in would show it, one that let in only one
    // would leave the first waiting for the second until the callers' maxWaitMs ran out (429s)
    const { llm, seen } = slowModel(2);
    const lambda = () =>
      new GatedLlm(
        llm,
        new DynamoLlmLeases(documentClient(dynamo.endpoint), table, { limit: 2, leaseMs: 30_000 }),
        { maxWaitMs: 20_000, limit: 2 },
      );
    const [a, b] = [lambda(), lambda()];
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).structured(request())));
    expect(seen.calls).toBe(8);
    expect(seen.max).toBe(2);
  });

  it("waits no longer than the request's deadline, then fails as a rate-limited call does (429)", async () => {
    const table = await freshTable();
    const leases = new DynamoLlmLeases(documentClient(dynamo.endpoint), table, { limit: 1, leaseMs: 30_000 });
    const release = await leases.tryAcquire();
    // the wait the gate asks of the pool: until half a second before the deadline, not its own 60 s
    const asked: number[] = [];
    const pool = { acquire: (untilMs: number) => (asked.push(untilMs), leases.acquire(untilMs)) };
    const gated = new GatedLlm(slowModel().llm, pool, { maxWaitMs: 60_000, limit: 1 });
    const deadline = Deadline.in(900);
    const err = await gated.structured(request("fast", deadline)).catch((e: unknown) => e);
    expect(asked).toEqual([deadline.at! - 500]);
    expect(err).toBeInstanceOf(LlmUnavailableError);
    expect((err as LlmUnavailableError).status).toBe(429);
    expect((err as Error).message).toMatch(/concurrency limit \(1 calls in flight\)/);
    await release!();
    await expect(gated.structured(request("fast", Deadline.in(2000)))).resolves.toMatchObject({
      value: { ok: true },
    });
  });

  it("gives up its wait once its clock passes the time it was given, not a poll later", async () => {
    const table = await freshTable();
    const db = documentClient(dynamo.endpoint);
    // the pool's own clock, moved by the test: a slot held by another, a wait until t0 + 1000
    let now = 5_000_000;
    const reads: number[] = [];
    const clock = () => (reads.push(now), now);
    await new DynamoLlmLeases(db, table, { limit: 1, leaseMs: 60_000, now: clock }).tryAcquire();
    const leases = new DynamoLlmLeases(db, table, { limit: 1, leaseMs: 60_000, now: clock });
    const waiting = leases.acquire(now + 1000, 1);
    // each poll finds the slot held; once the clock is past the time given, the wait ends with nothing
    await until(() => reads.length >= 3);
    now += 1000;
    expect(await waiting).toBeNull();
    expect(await leases.inFlight()).toBe(1);
  });
});

describe("spend, recorded where each call happens", () => {
  it("prices each call at its own tier, and records failed calls by what they used", async () => {
    const lines: Record<string, number | string>[] = [];
    useMetrics(true, (l) => void lines.push(JSON.parse(l)));
    const prices = { fast: { input: 1, output: 5 }, smart: { input: 3, output: 15 } };
    const ok = new MeteredLlm(slowModel().llm, prices);
    await ok.structured(request("fast"));
    await ok.structured(request("smart"));
    const failing = new MeteredLlm(
      {
        name: "fake",
        structured: async () => {
          throw new LlmOutputError("invalid twice", { calls: 2, inputTokens: 500, outputTokens: 50 });
        },
      },
      prices,
    );
    await expect(failing.structured(request("smart"))).rejects.toThrow(LlmOutputError);
    expect(lines.map((l) => [l.Operation, l.LlmCalls, l.LlmSpendMicroUsd])).toEqual([
      ["llm-fast", 1, 100 * 1 + 10 * 5],
      ["llm-smart", 1, 100 * 3 + 10 * 15],
      ["llm-smart", 2, 500 * 3 + 50 * 15],
    ]);
    expect(lines[2]).toMatchObject({ LlmInputTokens: 500, LlmOutputTokens: 50 });
  });
});

describe("the per-key daily allowance of LLM-backed requests", () => {
  it("counts up to the limit per caller and day, then refuses without counting", async () => {
    const table = await freshTable();
    const db = documentClient(dynamo.endpoint);
    expect(await consumeLlmAllowance(db, table, "a", 2, "2026-11-27")).toBe(true);
    expect(await consumeLlmAllowance(db, table, "a", 2, "2026-11-27")).toBe(true);
    expect(await consumeLlmAllowance(db, table, "a", 2, "2026-11-27")).toBe(false);
    expect(await consumeLlmAllowance(db, table, "b", 2, "2026-11-27")).toBe(true);
    expect(await consumeLlmAllowance(db, table, "a", 2, "2026-11-28")).toBe(true);
  });

  describe("through the API, with an LLM configured", () => {
    let world: LocalWorld;
    beforeAll(async () => {
      world = await testWorld(
        { planCache: false },
        {
          ANTHROPIC_API_KEY: "sk-ant-test-allowance",
          LLM_LEASE_TABLE: "dongne-llm-test",
          API_LLM_REQUESTS_PER_CALLER_PER_DAY: "2",
        },
      );
    });
    afterAll(() => world.close());

    it("answers 429 with a Korean sentence past the allowance, on LLM routes only", async () => {
      const app = createApp(() => world.context);
      const post = (path: string, body: unknown) =>
        app.request(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await post("/v1/search/plan", { query: "강남역 근처 카페" })).status).toBe(200);
      // a malformed request is refused before it counts
      expect((await post("/v1/search/plan", { query: "" })).status).toBe(400);
      expect((await post("/v1/search/plan", { query: "망원역 근처 빵집" })).status).toBe(200);
      const refused = await post("/v1/restaurants/ask", { query: "망원역 주차되는 한식집" });
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("llm_allowance_exhausted");
      expect(body.error.message).toMatch(/^오늘\(UTC\) 이 키로 LLM을 쓰는 요청 2회를 모두 썼습니다/);
      // the message is for people: the limit's setting is the operator's (code llm_allowance_exhausted)
      expect(checkPersonText(body)).toEqual([]);
      // a route without the LLM is not counted
      expect((await post("/v1/simulations/estimate", { days: 1, seed: 1 })).status).toBe(200);
    });
  });
});
