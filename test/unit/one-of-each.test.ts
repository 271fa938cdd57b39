// The shared primitives every feature uses instead of its own copy: retry with a deadline, the LLM-or-
// rules decision, the error base.
import { describe, expect, it } from "vitest";
import { askUnlessSure } from "../../shared/llm/fallback.ts";
import { LlmOutputError, LlmUnavailableError, type LlmPort } from "../../shared/llm/port.ts";
import { Deadline } from "../../shared/platform/deadline.ts";
import { DongneError } from "../../shared/platform/errors.ts";
import { backoff, retry } from "../../shared/platform/retry.ts";

const usage = { calls: 1, inputTokens: 10, outputTokens: 2 };
const llm = { name: "fake", structured: () => Promise.reject(new Error("unused")) } as LlmPort;

describe("retry", () => {
  const noWait = async () => {};

  it("tries again on a retryable error and returns the first success", async () => {
    const waits: number[] = [];
    let calls = 0;
    const value = await retry(
      async () => {
        if (++calls < 3) throw new Error("transient");
        return "ok";
      },
      {
        attempts: 4,
        delayMs: (a) => a * 10,
        retryable: () => true,
        sleep: async (ms) => void waits.push(ms),
      },
    );
    expect(value).toBe("ok");
    expect(calls).toBe(3);
    expect(waits).toEqual([10, 20]);
  });

  it("throws a non-retryable error at once, and the last error after the attempts", async () => {
    let calls = 0;
    const fatal = retry(
      async () => {
        calls++;
        throw new Error("fatal");
      },
      { attempts: 5, delayMs: () => 0, retryable: () => false, sleep: noWait },
    );
    await expect(fatal).rejects.toThrow("fatal");
    expect(calls).toBe(1);
    let n = 0;
    const spent = retry(
      async () => {
        throw new Error(`try ${++n}`);
      },
      { attempts: 3, delayMs: () => 0, retryable: () => true, sleep: noWait },
    );
    await expect(spent).rejects.toThrow("try 3");
  });

  it("never waits past the deadline: the error is thrown instead", async () => {
    let calls = 0;
    const waits: number[] = [];
    const run = retry(
      async () => {
        calls++;
        throw new Error("busy");
      },
      {
        attempts: 5,
        delayMs: () => 1_000,
        retryable: () => true,
        deadline: Deadline.in(500),
        sleep: async (ms) => void waits.push(ms),
      },
    );
    await expect(run).rejects.toThrow("busy");
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it("starts no try with less than minAttemptMs left: the last error is thrown, or spent() before any", async () => {
    const spent = () => new Error("no time");
    const none = retry(async () => "never", {
      attempts: 3,
      delayMs: () => 0,
      retryable: () => true,
      deadline: Deadline.in(10),
      minAttemptMs: 50,
      spent,
    });
    await expect(none).rejects.toThrow("no time");
    let calls = 0;
    let left = 1_000;
    const deadline = { remainingMs: () => left } as Deadline;
    const cut = retry(
      async () => {
        calls++;
        throw new Error(`busy ${calls}`);
      },
      {
        attempts: 5,
        delayMs: () => 0,
        retryable: () => true,
        deadline,
        minAttemptMs: 50,
        spent,
        // the wait uses up the budget: the next try is not started
        sleep: async () => void (left = 10),
      },
    );
    await expect(cut).rejects.toThrow("busy 1");
    expect(calls).toBe(1);
  });

  it("backoff doubles up to its ceiling, with at least half of each wait kept", () => {
    const full = backoff(100, 1_000, () => 1);
    expect([1, 2, 3, 4, 5].map(full)).toEqual([100, 200, 400, 800, 1_000]);
    const half = backoff(100, 1_000, () => 0);
    expect(half(2)).toBe(100);
  });
});

describe("askUnlessSure", () => {
  it("does not ask when the rules are sure, when there is no LLM, or when no time is left", async () => {
    let asked = 0;
    const ask = async () => {
      asked++;
      return { value: 1, usage };
    };
    expect(await askUnlessSure({ llm, rulesSure: true }, ask)).toMatchObject({ engine: "rules", why: null });
    expect(await askUnlessSure({ llm: undefined, rulesSure: false }, ask)).toMatchObject({ engine: "rules" });
    const late = await askUnlessSure({ llm, rulesSure: false, deadline: Deadline.in(100) }, ask);
    expect(late).toMatchObject({ engine: "rules", why: "no_time" });
    expect(asked).toBe(0);
  });

  it("returns the LLM's answer with its usage", async () => {
    const out = await askUnlessSure({ llm, rulesSure: false }, async () => ({ value: "answer", usage }));
    expect(out).toEqual({ engine: "llm", value: "answer", usage });
  });

  it("falls back on an LLM failure with its usage, and throws anything else", async () => {
    for (const failure of [new LlmOutputError("bad", usage), new LlmUnavailableError("429", 429, usage)]) {
      const out = await askUnlessSure({ llm, rulesSure: false }, () => Promise.reject(failure));
      expect(out).toEqual({ engine: "rules-fallback", usage, failure });
    }
    await expect(
      askUnlessSure({ llm, rulesSure: false }, () => Promise.reject(new TypeError("bug"))),
    ).rejects.toThrow("bug");
  });
});

describe("DongneError", () => {
  class ThingMissing extends DongneError {
    constructor(id: string) {
      super("not_found", `no thing ${id}`, { code: "thing_missing" });
    }
  }

  it("carries its kind, code and field, and is named after its class", () => {
    const err = new ThingMissing("x");
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("ThingMissing");
    expect(err.kind).toBe("not_found");
    expect(err.code).toBe("thing_missing");
    const invalid = new DongneError("invalid", "too long", { field: "query" });
    expect(invalid.field).toBe("query");
    expect(invalid.name).toBe("DongneError");
  });
});
