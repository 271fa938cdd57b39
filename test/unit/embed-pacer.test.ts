// The pacer that keeps an ingest job's embedding calls to a configured rate (shared/embed/pacer.ts):
// turns a fixed gap apart, a throttle doubling the gap up to a bound, successes narrowing it back, and
// no turn taken past a deadline. A fake clock: nothing here waits.
import { describe, expect, it } from "vitest";
import { Pacer } from "../../shared/embed/pacer.ts";
import { Deadline } from "../../shared/platform/deadline.ts";

function fakeClock() {
  const clock = { t: 0, waits: [] as number[] };
  return {
    clock,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.waits.push(ms);
      clock.t += ms;
    },
  };
}

describe("the embedding pacer", () => {
  it("starts calls 1/rate apart, the first at once", async () => {
    const f = fakeClock();
    const p = new Pacer({ ratePerSecond: 4, now: f.now, sleep: f.sleep });
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await p.turn();
      starts.push(f.clock.t);
    }
    expect(starts).toEqual([0, 250, 500, 750, 1000]);
  });

  it("shares its turns among concurrent callers", async () => {
    // a clock that stands still while they wait: each turn is handed out as the call asks
    const waits: number[] = [];
    const p = new Pacer({ ratePerSecond: 10, now: () => 0, sleep: async (ms) => void waits.push(ms) });
    await Promise.all([p.turn(), p.turn(), p.turn()]);
    // the three turns were handed out 0, 100 and 200 ms from now: two callers waited
    expect(waits).toEqual([100, 200]);
  });

  it("doubles the gap on a throttle, up to its bound, and narrows it back on successes", () => {
    const p = new Pacer({ ratePerSecond: 10, maxSlowdown: 4 });
    expect(p.gapMs).toBe(100);
    p.throttled();
    expect(p.gapMs).toBe(200);
    p.throttled();
    p.throttled();
    expect(p.gapMs).toBe(400);
    for (let i = 0; i < 30; i++) p.succeeded();
    expect(p.gapMs).toBe(100);
  });

  it("takes no turn that would come past the deadline", async () => {
    const f = fakeClock();
    const p = new Pacer({ ratePerSecond: 1, now: f.now, sleep: f.sleep });
    const deadline = { remainingMs: () => 1500 - f.clock.t } as unknown as Deadline;
    expect(await p.turn(deadline, 100)).toBe(true); // at 0
    expect(await p.turn(deadline, 100)).toBe(true); // at 1000
    expect(await p.turn(deadline, 100)).toBe(false); // 2000 would be past 1500
    expect(f.clock.t).toBe(1000);
    expect(() => new Pacer({ ratePerSecond: 0 })).toThrow(/positive/);
  });
});
