// Every state-machine definition is valid ASL (asl-validator), names only declared steps with explicit
// timeouts, and runs through the local runner with the behaviour AWS would give it.
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACE_SEARCH_STEPS } from "../../shared/place-search/workflow/steps.ts";
import { innerStates, localMachineArn } from "../../shared/workflows/local.ts";
import { ALL_STEPS, MACHINES } from "../../shared/runtime/machines.ts";
import { planDefinition } from "../../shared/place-search/workflow/definition.ts";
import { SIMULATION_STATES, slotDefinition } from "../../shared/simulation/workflow/definition.ts";
import { localArn, SYNC_MACHINE_TIMEOUT_SECONDS } from "../../shared/workflows/asl.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import { LocalWorkflow } from "../../shared/workflows/local-runner.ts";
import { Deadline } from "../../shared/platform/deadline.ts";
import { taskTimeoutSeconds } from "../../shared/workflows/step.ts";
import { testWorld } from "../helpers/server.ts";
import { StatesError } from "../../shared/workflows/errors.ts";

const validator = createRequire(import.meta.url)("asl-validator") as (
  definition: object,
  opts?: { checkPaths?: boolean; checkArn?: boolean },
) => { isValid: boolean; errors: unknown[] };

const definitions = Object.fromEntries(
  Object.entries(MACHINES).map(([k, m]) => [k, m.definition(localArn, localMachineArn)]),
) as Record<string, { TimeoutSeconds?: number; States: Record<string, Record<string, unknown>> }>;

/** Every state of a definition, Map item processors included. */
function allStates(states: Record<string, Record<string, unknown>>): [string, Record<string, unknown>][] {
  return Object.entries(states).flatMap(([name, s]) => [
    [name, s] as [string, Record<string, unknown>],
    ...innerStates(s).flatMap(allStates),
  ]);
}

describe("state-machine definitions", () => {
  it.each(Object.entries(definitions))("%s is valid ASL with an execution timeout", (_name, definition) => {
    const result = validator(structuredClone(definition), { checkPaths: true, checkArn: true });
    expect(result.errors).toEqual([]);
    expect(result.isValid).toBe(true);
    expect(definition.TimeoutSeconds).toBeGreaterThan(0);
  });

  it("use JSONPath only (the local runner ignores JSONata)", () => {
    for (const d of Object.values(definitions)) expect(JSON.stringify(d)).not.toMatch(/JSONata|\{%/);
  });

  it("name only declared steps, each Task with its Lambda's ARN and a timeout above the Lambda's own (within the budget in a synchronous machine)", () => {
    const byState = new Map(ALL_STEPS.map((s) => [s.state, s]));
    let tasks = 0;
    for (const [key, d] of Object.entries(definitions)) {
      const sync = MACHINES[key as keyof typeof MACHINES].type === "EXPRESS";
      for (const [name, s] of allStates(d.States)) {
        if (s.Type !== "Task") continue;
        tasks++;
        expect(s.TimeoutSeconds, name).toBeGreaterThan(0); // AWS gives a Task none, the local runner 60 s
        if (String(s.Resource).startsWith("arn:aws:states:::")) continue; // a nested execution
        const spec = byState.get(name);
        expect(spec, `${name} is a declared step`).toBeDefined();
        expect(s.Resource).toBe(localArn(spec!));
        expect(s.TimeoutSeconds).toBe(
          sync
            ? Math.min(taskTimeoutSeconds(spec!), SYNC_MACHINE_TIMEOUT_SECONDS)
            : taskTimeoutSeconds(spec!),
        );
      }
    }
    expect(tasks).toBeGreaterThanOrEqual(ALL_STEPS.length);
  });

  it("runs Translate → Plan locally, passing each state's output on", async () => {
    const seen: string[] = [];
    const wf = new LocalWorkflow(planDefinition(localArn), {
      [PLACE_SEARCH_STEPS.translate.state]: (input: { query: string }) => {
        seen.push(`translate:${input.query}`);
        return { translated: input.query };
      },
      [PLACE_SEARCH_STEPS.plan.state]: (input: { translated: string }) => {
        seen.push(`plan:${input.translated}`);
        return { planned: true };
      },
    });
    expect(await wf.run({ query: "카페" })).toEqual({ planned: true });
    expect(seen).toEqual(["translate:카페", "plan:카페"]);
  });

  it("retries a transient Lambda fault, then succeeds", async () => {
    let calls = 0;
    const wf = new LocalWorkflow(planDefinition(localArn), {
      [PLACE_SEARCH_STEPS.translate.state]: () => {
        calls++;
        if (calls === 1) throw new StatesError("Lambda.TooManyRequestsException", "throttled");
        return { ok: true };
      },
      [PLACE_SEARCH_STEPS.plan.state]: (input: unknown) => input,
    });
    expect(await wf.run({ query: "카페" })).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});

describe("the route search's fan-out", () => {
  let world: LocalWorld;
  beforeAll(async () => {
    world = await testWorld({
      // the Lambda of sample point 2 fails outright (after its retries)
      wrap: (state, handler) =>
        state === PLACE_SEARCH_STEPS.searchPoint.state
          ? async (i: { point: { index: number } }) => {
              if (i.point.index === 2) throw new StatesError("Lambda.Unknown", "the function crashed");
              return handler(i as never);
            }
          : handler,
    });
  });
  afterAll(() => world.close());

  it("turns a failed sample point into a warning; the search goes on", async () => {
    const out = await world.workflows.runSync<{ places: unknown[]; meta: { warnings: string[] } }>(
      "search",
      { query: "강남에서 판교 가는 길에 속이 편한 음식점" },
      Deadline.none(), // not about time: no deadline to miss on a busy machine
    );
    expect(out.places.length).toBeGreaterThan(0);
    expect(out.meta.warnings.join("\n")).toMatch(
      /경로 위 2번 지점은 검색하지 못해 그 지점의 장소는 빠졌습니다 \(오류: Lambda\.Unknown\)/,
    );
  });

  it("keeps the search's state well inside Step Functions' 256 KB (a margin of half)", async () => {
    const sizes: number[] = [];
    const measured = await testWorld({
      wrap: (_state, handler) => async (i: unknown) => {
        sizes.push(Buffer.byteLength(JSON.stringify(i)));
        return handler(i as never);
      },
    });
    try {
      await measured.workflows.runSync(
        "search",
        { query: "서울역에서 부산역 가는 길에 맛집 카페" },
        Deadline.none(), // not about time: no deadline to miss on a busy machine
      );
    } finally {
      await measured.close();
    }
    expect(Math.max(...sizes)).toBeLessThan(128 * 1024);
  });
});

describe("the simulation's per-slot fan-out (Agents)", () => {
  const slot = slotDefinition(localArn);
  const agents = slot.States[SIMULATION_STATES.agents];
  /** A slot's state as PrepareSlot hands it over: batch numbers, their size, how many in flight. */
  const prepared = (batches: number, inFlight: number) => ({
    simulationId: "sim",
    execution: "sim-run1",
    slot: { day: 1, slot: "12:00", key: "d01#12:00", previous: "d01#07:00" },
    batches: Array.from({ length: batches }, (_, i) => i),
    batchSize: 100,
    batchesInFlight: inFlight,
  });

  it("is a Distributed Map of Standard child executions over batch numbers, capped by the slot's MaxConcurrencyPath alone, keeping nothing of its children", () => {
    expect(agents).toMatchObject({
      Type: "Map",
      ItemsPath: "$.batches",
      MaxConcurrencyPath: "$.batchesInFlight",
      ToleratedFailurePercentage: 0,
      ResultPath: null,
      ItemProcessor: { ProcessorConfig: { Mode: "DISTRIBUTED", ExecutionType: "STANDARD" } },
    });
    expect(agents).not.toHaveProperty("MaxConcurrency");
    expect(agents).not.toHaveProperty("ResultWriter"); // the batches write to the table; Collect reads it
  });

  it("runs locally from the same definition with 100 batches in flight (past an Inline Map's 40), no more, each told its batch", async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    // the turns wait for one another until 100 are in flight (not for a timer, which a busy machine
    // outruns): a runner that allowed more would start more before any ended, one that allowed fewer
    // would never open the gate (and the test's timeout ends it)
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const wf = new LocalWorkflow(slot, {
      AgentTurn: async (i: { batch: number; size: number; slot: { key: string } }) => {
        peak = Math.max(peak, ++inFlight);
        seen.push(i.batch);
        expect(i).toMatchObject({ size: 100, slot: { key: "d01#12:00" } });
        if (inFlight === 100) open();
        await gate;
        await new Promise((r) => setImmediate(r));
        inFlight--;
        return { batch: i.batch, agent_turns: 100, llm_failed: 0, visits: 50 };
      },
    });
    await wf.run(prepared(150, 100));
    expect(seen.sort((a, b) => a - b)).toEqual(prepared(150, 100).batches);
    expect(peak).toBe(100);
  });

  it("catches every failing batch of a 1,000-batch slot (Collect counts its agents llm_failed); the slot's state stays small", async () => {
    const tries = new Map<number, number>();
    const hugeCause = JSON.stringify({ errorType: "Error", errorMessage: "x".repeat(20_000), trace: [] });
    const wf = new LocalWorkflow(slot, {
      AgentTurn: (i: { batch: number }) => {
        tries.set(i.batch, (tries.get(i.batch) ?? 0) + 1);
        throw new StatesError("Lambda.Unknown", hugeCause);
      },
    });
    const out = await wf.run(prepared(1_000, 100));
    expect(out).toEqual(prepared(1_000, 100)); // ResultPath null: the slot's own state, nothing added
    expect(tries.size).toBe(1_000);
    expect([...tries.values()].every((n) => n === 2)).toBe(true); // tried again once, then caught
    expect(Buffer.byteLength(JSON.stringify(out))).toBeLessThan(8 * 1024);
  });
});
