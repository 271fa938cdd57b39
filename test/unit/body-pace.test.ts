// A request body read under its time and pace limits (functions/api/request.ts), on fake timers: a body
// that arrives in time is read whole; one that trickles below the pace after the grace, or is not whole
// by the deadline, is refused with 408 (a Korean reason) and no more of it is read.
import { PassThrough } from "node:stream";
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../functions/api/errors.ts";
import { readBodyText, type BodyPace } from "../../functions/api/request.ts";

const PACE: BodyPace = { timeoutMs: 5000, minBytesPerSecond: 100, graceMs: 1000 };

/** A context over a Node request whose body the test writes. */
function request() {
  const incoming = new PassThrough() as PassThrough & { socket: null };
  incoming.socket = null;
  const store = new Map<unknown, unknown>();
  const c = {
    env: { incoming: incoming as unknown as IncomingMessage },
    get: (k: unknown) => store.get(k),
    set: (k: unknown, v: unknown) => store.set(k, v),
    req: { header: () => undefined, text: async () => "" },
  } as unknown as Context;
  return { c, incoming };
}

/** What a promise came to, without awaiting a rejection unhandled. */
const settle = <T>(p: Promise<T>) => {
  const out: { value?: T; error?: unknown; done: boolean } = { done: false };
  p.then(
    (value) => Object.assign(out, { value, done: true }),
    (error: unknown) => Object.assign(out, { error, done: true }),
  );
  return out;
};

describe("a body under its pace", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is read whole when it arrives in time, even slowly at first", async () => {
    const { c, incoming } = request();
    const read = settle(readBodyText(c, 64 * 1024, PACE));
    incoming.write('{"query":');
    await vi.advanceTimersByTimeAsync(900); // inside the grace: no pace yet
    incoming.end('"망원동"}');
    await vi.advanceTimersByTimeAsync(0);
    expect(read.error).toBeUndefined();
    expect(read.value).toBe('{"query":"망원동"}');
  });

  it("is refused with 408 when it trickles below the pace after the grace", async () => {
    const { c, incoming } = request();
    const read = settle(readBodyText(c, 64 * 1024, PACE));
    for (let i = 0; i < 20 && !read.done; i++) {
      incoming.write("a");
      await vi.advanceTimersByTimeAsync(200); // 5 bytes a second
    }
    expect(read.done).toBe(true);
    expect(read.error).toBeInstanceOf(ApiError);
    const err = read.error as ApiError;
    expect(err.status).toBe(408);
    expect(err.code).toBe("request_timeout");
    expect(err.message).toMatch(/[가-힣]/);
    // refused soon after the grace, well before 20 bytes were sent
    expect(incoming.readableFlowing).not.toBe(true);
  });

  it("is refused with 408 at the deadline however fast it came at first", async () => {
    const { c, incoming } = request();
    const read = settle(readBodyText(c, 64 * 1024, { ...PACE, minBytesPerSecond: 0 }));
    incoming.write("x".repeat(1000));
    await vi.advanceTimersByTimeAsync(4900);
    expect(read.done).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect((read.error as ApiError).status).toBe(408);
  });

  it("without a pace, waits as before", async () => {
    const { c, incoming } = request();
    const read = settle(readBodyText(c, 64 * 1024));
    incoming.write("a");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read.done).toBe(false);
    incoming.end("b");
    await vi.advanceTimersByTimeAsync(0);
    expect(read.value).toBe("ab");
  });
});
