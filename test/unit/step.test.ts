// A workflow step declared once: correlation ids from the event, one error line on failure, the error
// rethrown for Step Functions' Retry and Catch; and the local runner's Lambda envelope around it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../shared/platform/config.ts";
import { logger } from "../../shared/platform/log.ts";
import { buildRuntime } from "../../shared/runtime/runtime.ts";
import { LocalWorkflow, localTask, STATE_PAYLOAD_LIMIT_BYTES } from "../../shared/workflows/local-runner.ts";
import { correlation, runStep, StepOutputError } from "../../shared/workflows/step.ts";
import { StatesError } from "../../shared/workflows/errors.ts";
import { defineStep } from "../../shared/runtime/port.ts";

afterEach(() => vi.restoreAllMocks());

const rt = buildRuntime(loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL }), { llm: null });
const step = <O>(run: (i: { n: number }) => O, timeoutSeconds = 5) =>
  defineStep({
    state: "Work",
    description: "test step",
    input: z.object({ n: z.number() }),
    output: z.unknown(),
    lambda: { timeoutSeconds },
    entry: import.meta.url,
    run: async (i) => run(i),
  });

describe("a step", () => {
  it("correlates on the simulation, slot, agent and query the event carries", () => {
    expect(correlation({ simulationId: "s1", slot: { key: "d01#12:00" }, agentId: "R001", days: 2 })).toEqual(
      { simulationId: "s1", slot: "d01#12:00", agentId: "R001" },
    );
    expect(correlation({ simulationId: "s1", key: "d01#07:00" })).toEqual({
      simulationId: "s1",
      slot: "d01#07:00",
    });
    expect(correlation({ query: "망원역 카페" })).toEqual({ query: "망원역 카페" });
    expect(correlation(null)).toEqual({});
  });

  it("logs a failure with its ids and the request id, and rethrows it", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const boom = new Error("dynamo down");
    const failing = defineStep({
      state: "Flush",
      description: "",
      input: z.object({ simulationId: z.string(), slot: z.object({ key: z.string() }) }),
      output: z.unknown(),
      lambda: { timeoutSeconds: 5 },
      entry: import.meta.url,
      run: async () => {
        throw boom;
      },
    });
    await expect(
      runStep(failing, { simulationId: "s1", slot: { key: "d01#12:00" } }, rt, "req-1"),
    ).rejects.toBe(boom);
    expect(errors).toHaveBeenCalledWith("step failed", {
      step: "Flush",
      requestId: "req-1",
      simulationId: "s1",
      slot: "d01#12:00",
      error: boom,
    });
  });

  it("returns its result, and refuses an input its schema rejects", async () => {
    expect(
      await runStep(
        step((i) => ({ got: i.n })),
        { n: 2 },
        rt,
      ),
    ).toEqual({ got: 2 });
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await expect(
      runStep(
        step(() => 1),
        { n: "two" },
        rt,
      ),
    ).rejects.toThrow(/숫자여야 합니다/);
  });
});

describe("a step's declared output", () => {
  const typed = (run: () => unknown) =>
    defineStep({
      state: "Typed",
      description: "a step whose output is declared",
      input: z.object({ n: z.number() }),
      output: z.object({ count: z.number().int(), at: z.string().optional() }),
      lambda: { timeoutSeconds: 5 },
      entry: import.meta.url,
      run: async () => run() as never,
    });

  it("is checked as the JSON the next state receives, and returned as the step made it", async () => {
    const out = { count: 2, at: new Date(0), extra: "kept" };
    expect(
      await runStep(
        typed(() => out),
        { n: 1 },
        rt,
      ),
    ).toBe(out);
  });

  it("fails the step (logged, a StepOutputError for Retry and Catch) when the schema rejects it", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const err = await runStep(
      typed(() => ({ count: "two" })),
      { n: 1 },
      rt,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StepOutputError);
    expect((err as Error).message).toMatch(
      /Typed returned an output its schema rejects: count: 숫자여야 합니다/,
    );
    expect(errors).toHaveBeenCalledWith("step failed", expect.objectContaining({ step: "Typed" }));
  });

  it("is checked by the local runner too: Step Functions sees Error StepOutputError", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const task = localTask(
      typed(() => ({ count: 1.5 })),
      rt,
    );
    const err = (await Promise.resolve(task({ n: 1 } as never)).catch((e: unknown) => e)) as StatesError;
    expect(err.name).toBe("StepOutputError");
    expect(JSON.parse(err.message)).toMatchObject({ errorType: "StepOutputError" });
  });
});

describe("the local Lambda envelope", () => {
  it("passes JSON in and out (no shared objects, no undefined fields, dates as strings)", async () => {
    const seen: unknown[] = [];
    const task = localTask(
      step((i) => {
        seen.push(i);
        return { at: new Date(0), gone: undefined, n: i.n };
      }),
      rt,
    );
    const input = { n: 1, extra: { deep: true } };
    const out = await task(input as never);
    expect(out).toEqual({ at: "1970-01-01T00:00:00.000Z", n: 1 });
    expect(seen[0]).not.toBe(input);
  });

  it("shapes an error as Step Functions does: Error is its type, Cause Lambda's JSON", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    class QuotaError extends Error {
      override name = "QuotaError";
    }
    const task = localTask(
      step(() => {
        throw new QuotaError("over quota");
      }),
      rt,
    );
    const err = (await Promise.resolve(task({ n: 1 } as never)).catch((e: unknown) => e)) as StatesError;
    expect(err.name).toBe("QuotaError");
    expect(JSON.parse(err.message)).toMatchObject({ errorType: "QuotaError", errorMessage: "over quota" });
  });

  it("times a step out after its Lambda timeout, as Sandbox.Timedout", async () => {
    const task = localTask(
      step(() => new Promise(() => undefined), 0.05),
      rt,
    );
    const err = (await Promise.resolve(task({ n: 1 } as never)).catch((e: unknown) => e)) as StatesError;
    expect(err.name).toBe("Sandbox.Timedout");
  });

  it("fails an output over 256 KB with the terminal States.DataLimitExceeded, which no Catch takes", async () => {
    const big = "x".repeat(STATE_PAYLOAD_LIMIT_BYTES);
    const wf = new LocalWorkflow(
      {
        StartAt: "Work",
        States: {
          Work: {
            Type: "Task",
            Resource: "arn:aws:lambda:ap-northeast-2:000000000000:function:work",
            TimeoutSeconds: 10,
            Catch: [{ ErrorEquals: ["States.ALL"], Next: "Caught" }],
            End: true,
          },
          Caught: { Type: "Pass", Result: "caught", End: true },
        },
      },
      {
        Work: localTask(
          step(() => ({ big })),
          rt,
        ),
      },
    );
    const err = await wf.run({ n: 1 }).catch((e: Error & { error?: string }) => e);
    expect(JSON.parse((err as { error: string }).error).Error).toBe("States.DataLimitExceeded");
  });
});
