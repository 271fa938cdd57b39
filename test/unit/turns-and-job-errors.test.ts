// Two small rules of the hardening: work that takes turns on the event loop lets I/O in between two of
// its pieces (shared/platform/concurrency.ts nextTurn), and a job's error is a Korean sentence that
// says how much was written and names no machinery (shared/restaurant-qa/ingest-job-failure.ts).
import { describe, expect, it } from "vitest";
import { eachInTurns, nextTurn, TimeSlice } from "../../shared/platform/concurrency.ts";
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

describe("TimeSlice", () => {
  /** a clock that moves only when a piece of work says it cost `ms` */
  const fakeClock = () => {
    let t = 0;
    return { now: () => t, spend: (ms: number) => (t += ms) };
  };

  it("a long step pauses once its slice is spent: work queued meanwhile runs before the step ends", async () => {
    const clock = fakeClock();
    const turns = new TimeSlice(clock.now, 8);
    const log: string[] = [];
    setImmediate(() => log.push("health")); // queued while the step works: an answer waiting for the loop
    for (let piece = 1; piece <= 10; piece++) {
      await turns.pause();
      log.push(`piece${piece}`);
      clock.spend(5); // each piece costs 5 ms of the fake clock: the slice is spent every second piece
    }
    expect(log.indexOf("health")).toBeGreaterThan(-1);
    expect(log.indexOf("health")).toBeLessThan(log.indexOf("piece10"));
    // the first turn is taken where the slice was first spent (after two pieces), not before
    expect(log.slice(0, 3)).toEqual(["piece1", "piece2", "health"]);
  });

  it("before its slice is spent a step runs in one piece, in order, as it did without pauses", async () => {
    const clock = fakeClock();
    const turns = new TimeSlice(clock.now, 8);
    const log: string[] = [];
    setImmediate(() => log.push("health"));
    await eachInTurns(
      ["a", "b", "c", "d"],
      (x) => {
        log.push(x);
        clock.spend(1); // 4 ms in all: under the slice
      },
      turns,
    );
    log.push("done");
    expect(log).toEqual(["a", "b", "c", "d", "done"]);
  });

  it("two long steps take turns with each other and with work queued meanwhile", async () => {
    const clock = fakeClock();
    const log: string[] = [];
    const step = (name: string) =>
      eachInTurns(
        [1, 2, 3],
        (i) => {
          log.push(`${name}${i}`);
          clock.spend(10); // every piece spends a whole slice
        },
        new TimeSlice(clock.now, 8),
      );
    const done = Promise.all([step("a"), step("b")]);
    setImmediate(() => log.push("health"));
    await done;
    expect(log.filter((l) => l !== "health")).toEqual(["a1", "b1", "a2", "b2", "a3", "b3"]);
    expect(log.indexOf("health")).toBeLessThan(log.indexOf("a3"));
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
