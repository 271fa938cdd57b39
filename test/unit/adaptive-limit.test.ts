// The adaptive concurrency limit (shared/platform/adaptive-limit.ts) on an injected clock: requests
// past the limit are refused, a congested window multiplies the limit down (never below its floor), a
// calm window in which the limit was reached adds one (never above its ceiling), an idle one adds
// nothing, and a window ends only after its time with enough samples or a congestion signal.
import { describe, expect, it } from "vitest";
import { AdaptiveLimit } from "../../shared/platform/adaptive-limit.ts";

function limiter(opts: Partial<ConstructorParameters<typeof AdaptiveLimit>[0]> = {}) {
  let t = 0;
  const limit = new AdaptiveLimit({
    initial: 10,
    min: 2,
    max: 20,
    slowMs: 1000,
    windowMs: 100,
    minSamples: 1,
    now: () => t,
    ...opts,
  });
  return { limit, advance: (ms: number) => (t += ms) };
}

describe("AdaptiveLimit", () => {
  it("admits up to its limit and refuses the next; a release frees a slot, once", () => {
    const { limit } = limiter({ initial: 2 });
    const a = limit.tryAcquire()!;
    const b = limit.tryAcquire()!;
    expect(limit.tryAcquire()).toBeNull();
    a({ ms: 5 });
    a({ ms: 5 }); // twice: counted once
    expect(limit.inFlight).toBe(1);
    expect(limit.tryAcquire()).not.toBeNull();
    b({ ms: 5 });
  });

  it("a slow request makes its window congested: the limit is multiplied down, not below the floor", () => {
    const { limit, advance } = limiter({ backoff: 0.5 });
    expect(limit.limit).toBe(10);
    advance(150);
    limit.tryAcquire()!({ ms: 5000 });
    expect(limit.limit).toBe(5);
    for (let i = 0; i < 5; i++) {
      advance(150);
      limit.tryAcquire()!({ ms: 5000 });
    }
    expect(limit.limit).toBe(2);
  });

  it("a request that failed for load (dropped) and an outside signal count as congestion", () => {
    const { limit, advance } = limiter({ backoff: 0.5 });
    advance(150);
    limit.tryAcquire()!({ ms: 1, dropped: true });
    expect(limit.limit).toBe(5);
    advance(150);
    limit.congested();
    expect(limit.limit).toBe(2);
  });

  it("a calm window in which every slot was taken adds one, up to the ceiling; an idle one adds nothing", () => {
    const { limit, advance } = limiter({ initial: 3, max: 4 });
    // idle: one request at a time, the limit never reached
    for (let i = 0; i < 3; i++) {
      advance(150);
      limit.tryAcquire()!({ ms: 5 });
    }
    expect(limit.limit).toBe(3);
    // busy: all three slots taken in the window
    const fill = () => [limit.tryAcquire()!, limit.tryAcquire()!, limit.tryAcquire()!];
    advance(150);
    for (const r of fill()) r({ ms: 5 });
    expect(limit.limit).toBe(4);
    advance(150);
    const four = [...fill(), limit.tryAcquire()!];
    for (const r of four) r({ ms: 5 });
    expect(limit.limit).toBe(4);
  });

  it("moves at most once a window, and only with enough samples", () => {
    const { limit, advance } = limiter({ backoff: 0.5, minSamples: 3 });
    limit.tryAcquire()!({ ms: 5000 }); // before the window's time: held
    expect(limit.limit).toBe(10);
    advance(150);
    limit.tryAcquire()!({ ms: 5 }); // congestion seen this window ends it at once
    expect(limit.limit).toBe(5);
    advance(150);
    limit.tryAcquire()!({ ms: 5 });
    limit.tryAcquire()!({ ms: 5 });
    expect(limit.limit).toBe(5); // two calm samples: not yet a window
    limit.tryAcquire()!({ ms: 5 });
    expect(limit.limit).toBe(5); // a calm window, the limit not reached: no growth
  });
});
