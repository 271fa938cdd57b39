// test/helpers/slow-tests.ts: each test and each stretch of hooks held to an eighth of its timeout, from
// vitest's JSON report, and a busy run's durations turned into a quiet machine's estimates.
import { describe, expect, it } from "vitest";
import { overLimit, quietEstimate, rowsOf, slowdownOf, type Row } from "../helpers/slow-tests.ts";

const report = (assertions: { duration: number; meta?: Record<string, number> }[]) => ({
  numTotalTests: assertions.length,
  numFailedTests: 0,
  startTime: 0,
  testResults: [
    {
      name: "/somewhere/else/test/unit/x.test.ts",
      startTime: 0,
      endTime: 1,
      assertionResults: assertions.map((a, i) => ({ fullName: `t${i}`, status: "passed", ...a })),
    },
  ],
});

const row = (ms: number, cpuMs?: number, kind: Row["kind"] = "test"): Row => ({
  file: "f",
  name: "n",
  ms,
  timeoutMs: 120_000,
  kind,
  cpuMs,
});

describe("slow tests", () => {
  it("reads each test and the hooks before it, with their own limits, from the report", () => {
    const rows = rowsOf(
      report([
        { duration: 1000, meta: { timeout: 300_000, hooksBeforeMs: 40_000, hooksCpuMs: 9000, cpuMs: 800 } },
        { duration: 2000 },
      ]),
      60_000,
    );
    expect(rows).toEqual([
      { file: "test/unit/x.test.ts", name: "t0", ms: 1000, timeoutMs: 300_000, kind: "test", cpuMs: 800 },
      { file: "test/unit/x.test.ts", name: "t0", ms: 40_000, timeoutMs: 240_000, kind: "hooks", cpuMs: 9000 },
      {
        file: "test/unit/x.test.ts",
        name: "t1",
        ms: 2000,
        timeoutMs: 60_000,
        kind: "test",
        cpuMs: undefined,
      },
    ]);
    // 40 s of hooks is over an eighth of 240 s; the tests are not
    expect(overLimit(rows).map((r) => r.kind)).toEqual(["hooks"]);
  });

  it("measures a busy run's slowdown on the tests that compute, and estimates quiet durations from it", () => {
    const rows = [row(4000, 1000), row(5000, 1000), row(6000, 1000), row(900, 100), row(3000)];
    // the median of 4, 5 and 6; the test with 0.1 s of CPU and the one without CPU time are left out
    expect(slowdownOf(rows)).toEqual({ factor: 5, tests: 3 });
    expect(quietEstimate(rows, 5).map((r) => r.ms)).toEqual([1000, 1000, 1200, 180, 600]);
    // never under its own CPU time (a spawned process's CPU counts in it), never stretched by a quiet run
    expect(quietEstimate([row(2000, 1500)], 4)[0]!.ms).toBe(1500);
    expect(quietEstimate([row(2000, 500)], 0.8)[0]!.ms).toBe(2000);
    expect(slowdownOf([row(3000), row(100, 50)])).toBeUndefined();
  });
});
