// Two small rules of the hardening: work that takes turns on the event loop lets I/O in between two of
// its pieces (shared/platform/concurrency.ts nextTurn), and a job's error is a Korean sentence that
// says how much was written and names no machinery (shared/restaurant-qa/ingest-job-failure.ts).
import { describe, expect, it } from "vitest";
import { nextTurn } from "../../shared/platform/concurrency.ts";
import { ingestFailure } from "../../shared/restaurant-qa/ingest-job-failure.ts";

describe("nextTurn", () => {
  it("two pieces of work take turns, and a timer set meanwhile runs before the last piece", async () => {
    const log: string[] = [];
    const worker = async (name: string) => {
      for (let i = 1; i <= 3; i++) {
        await nextTurn();
        log.push(`${name}${i}`);
        // each piece works past a timer's least delay (1 ms), so the timer is due at the next turn
        const started = performance.now();
        while (performance.now() - started < 2);
      }
    };
    const done = Promise.all([worker("a"), worker("b")]);
    setTimeout(() => log.push("timer"), 0);
    await done;
    expect(log.filter((l) => l !== "timer")).toEqual(["a1", "b1", "a2", "b2", "a3", "b3"]);
    expect(log.indexOf("timer")).toBeGreaterThan(-1);
    expect(log.indexOf("timer")).toBeLessThan(log.indexOf("b3"));
  });
});

describe("ingestFailure", () => {
  const RUNNER = /Sandbox|Timedout|States\.|Lambda|Task timed out|errorType|trace/;

  it("a timeout, a data limit and a runner's own fault: Korean, written of total, no machinery named", () => {
    const cases = [
      {
        Error: "Sandbox.Timedout",
        Cause: '{"errorType":"Sandbox.Timedout","errorMessage":"Task timed out after 60.00 seconds"}',
      },
      { Error: "States.Timeout", Cause: "" },
      { Error: "States.DataLimitExceeded", Cause: "over 262144 bytes" },
      { Error: "Lambda.Unknown", Cause: "The cause could not be determined" },
      undefined,
    ];
    for (const error of cases) {
      const text = ingestFailure(error, 1100, 1500);
      expect(text, JSON.stringify(error)).toMatch(/[가-힣]/);
      expect(text).not.toMatch(RUNNER);
      expect(text).toContain("1500개 중 1100개");
    }
  });

  it("a fault of the product's own keeps its message, after a Korean sentence", () => {
    const text = ingestFailure(
      {
        Error: "SearchIndexError",
        Cause: JSON.stringify({ errorMessage: "the index went away", trace: ["at x"] }),
      },
      3,
    );
    expect(text).toContain("the index went away");
    expect(text).toContain("문서 3개를 색인했습니다");
    expect(text).not.toMatch(/trace|at x/);
  });
});
