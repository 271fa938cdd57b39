// test/suites.ts, npm test's two runs: the browser tests run whatever became of the fast suite, and
// npm test fails when either did, saying which.
import { describe, expect, it } from "vitest";
import { runSuites, SUITES } from "../suites.ts";

const runner = (codes: Record<string, number>) => {
  const ran: string[] = [];
  const run = (suite: string) => {
    ran.push(suite);
    return Promise.resolve({ code: codes[suite]!, seconds: 1.25 });
  };
  return { ran, run };
};

describe("npm test's runs", () => {
  it("are the fast suite, then the browser tests", () => {
    expect(SUITES).toEqual(["fast", "browser"]);
  });

  it("runs the browser tests after a failed fast suite, and fails", async () => {
    const { ran, run } = runner({ fast: 1, browser: 0 });
    const { exitCode, summary } = await runSuites(SUITES, run);
    expect(ran).toEqual(["fast", "browser"]);
    expect(exitCode).toBe(1);
    expect(summary).toEqual([
      "fast     FAILED (exit 1)  1.3 s",
      "browser  passed  1.3 s",
      "",
      "npm test failed: fast",
    ]);
  });

  it("fails when only the browser tests did, or both, and passes when neither did", async () => {
    expect((await runSuites(SUITES, runner({ fast: 0, browser: 1 }).run)).exitCode).toBe(1);
    const both = await runSuites(SUITES, runner({ fast: 1, browser: 2 }).run);
    expect(both.exitCode).toBe(1);
    expect(both.summary.at(-1)).toBe("npm test failed: fast and browser");
    const green = await runSuites(SUITES, runner({ fast: 0, browser: 0 }).run);
    expect(green).toMatchObject({
      exitCode: 0,
      summary: ["fast     passed  1.3 s", "browser  passed  1.3 s"],
    });
  });
});
