// Admission: how many requests the server works on at once. A request is counted only once its body
// is read (request.ts reads it first, under its own time and pace limits), so a slow sender holds a
// socket, never a slot. Past the limit a request is refused at once (503, Retry-After, a Korean
// reason) rather than queued. The limit is fixed (API_MAX_IN_FLIGHT) unless the server asks for it to
// adapt: then it follows measured latency (shared/platform/adaptive-limit.ts) — down when requests
// run slow or the event loop lags (what /health and every other request wait for), up while they do
// not and the limit is what holds requests back — between a floor and API_MAX_IN_FLIGHT.
import type { Context } from "hono";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { AdaptiveLimit } from "../../shared/platform/adaptive-limit.ts";
import { ApiError } from "./errors.ts";

/** What a shed request is told to wait, in seconds. */
export const RETRY_AFTER_SECONDS = 1;

/** The event loop's lag: its p99 delay (ms) since the last time it was taken. */
export interface LoopDelay {
  take(): number;
  stop(): void;
}

/** The event loop's delay as Node measures it (perf_hooks), sampled every 10 ms. */
export function eventLoopDelay(): LoopDelay {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  return {
    take: () => {
      const p99 = h.count ? h.percentile(99) / 1e6 : 0;
      h.reset();
      return p99;
    },
    stop: () => h.disable(),
  };
}

export interface AdaptiveAdmission {
  /** the limit at start; the number of cores × 4 by default (at most maxInFlight) */
  initial?: number;
  /** the floor (1 by default) */
  min?: number;
  /** a request slower than this (ms) counts as congestion: a fraction of the request budget */
  slowMs: number;
  /** the event loop's p99 delay (ms) over a window past which the window counts as congestion */
  loopDelayTargetMs: number;
  /** how often the loop is read and the limit may move (ms) */
  windowMs?: number;
  /** the loop's delay (tests give their own) */
  loopDelay?: () => LoopDelay;
}

export interface AdmissionOptions {
  /** the most requests worked on at once (API_MAX_IN_FLIGHT) */
  maxInFlight: number;
  /** follow measured latency below maxInFlight; absent: the limit is maxInFlight */
  adaptive?: AdaptiveAdmission;
}

export class Admission {
  readonly limit: AdaptiveLimit;
  private readonly loop?: LoopDelay;
  private readonly timer?: NodeJS.Timeout;

  constructor(opts: AdmissionOptions) {
    const a = opts.adaptive;
    const windowMs = a?.windowMs ?? 250;
    this.limit = new AdaptiveLimit({
      initial: a ? (a.initial ?? 8) : opts.maxInFlight,
      min: a ? (a.min ?? 1) : opts.maxInFlight,
      max: opts.maxInFlight,
      slowMs: a ? a.slowMs : Infinity,
      windowMs,
    });
    if (!a) return;
    const loop = (this.loop = (a.loopDelay ?? eventLoopDelay)());
    this.timer = setInterval(() => {
      if (loop.take() > a.loopDelayTargetMs) this.limit.congested();
    }, windowMs);
    this.timer.unref();
  }

  /** Stops reading the event loop (a server that closes). */
  close(): void {
    clearInterval(this.timer);
    this.loop?.stop();
  }

  /**
   * Runs a request's work in a slot, or refuses it at once with 503 and Retry-After (`onShed` marks
   * it for the log). A request that ran out of its budget (504) waited for others: congestion.
   */
  async run(c: Context, work: () => Promise<Response>, onShed: (c: Context) => void): Promise<Response> {
    const release = this.limit.tryAcquire();
    if (!release) {
      onShed(c);
      throw new ApiError(
        "unavailable",
        "overloaded",
        `서버가 지금 처리할 수 있는 만큼(동시에 ${this.limit.limit}개)의 요청을 처리하고 있습니다. ${RETRY_AFTER_SECONDS}초 뒤에 다시 시도하세요.`,
        undefined,
        { retryAfterSeconds: RETRY_AFTER_SECONDS },
      );
    }
    const started = performance.now();
    let timedOut = false;
    try {
      const res = await work();
      timedOut = res.status === 504;
      return res;
    } catch (err) {
      timedOut = (err as { kind?: unknown }).kind === "timeout";
      throw err;
    } finally {
      release({ ms: performance.now() - started, dropped: timedOut });
    }
  }
}
