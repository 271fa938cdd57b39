// A concurrency limit that follows measured latency, in the manner of Netflix's concurrency-limits
// (AIMDLimit inside a WindowedLimit): requests past the limit are refused at once (the caller sheds
// them), and the limit moves once per window of samples — down by a factor when the window saw
// congestion, up by one when it did not and the limit was actually reached. Congestion is a request
// slower than `slowMs` (it queued behind others) or a signal from outside (the event loop lagging
// behind: what every other request, /health included, waits for). No maintained Node package does
// this (checked: toobusy-js and overload-protection shed on event-loop lag alone, with no limit;
// @fastify/under-pressure is Fastify's), so it is small and here, with an injected clock for tests.

export interface AdaptiveLimitOptions {
  /** the limit at start (at most `max`) */
  initial: number;
  /** never below this */
  min: number;
  /** never above this (API_MAX_IN_FLIGHT) */
  max: number;
  /** a request slower than this (ms) is congestion */
  slowMs: number;
  /** the factor the limit is multiplied by after a congested window (Netflix's AIMD says 0.9; 0.8 sheds faster) */
  backoff?: number;
  /** a window ends after this many ms, once it holds `minSamples` samples or a congestion signal */
  windowMs?: number;
  minSamples?: number;
  /** the clock (ms); performance.now by default */
  now?: () => number;
}

/** Ends a request that was admitted: how long it took (ms), and whether it failed for load (a timeout). */
export type Release = (outcome: { ms: number; dropped?: boolean }) => void;

export class AdaptiveLimit {
  private estimate: number;
  private running = 0;
  private windowStart: number;
  private samples = 0;
  private congestedInWindow = false;
  /** the most requests in flight at once during the window (was the limit reached?) */
  private peakInWindow = 0;
  private readonly o: Required<Omit<AdaptiveLimitOptions, "initial">>;

  constructor(opts: AdaptiveLimitOptions) {
    this.o = {
      min: Math.max(1, opts.min),
      max: Math.max(1, opts.max),
      slowMs: opts.slowMs,
      backoff: opts.backoff ?? 0.8,
      windowMs: opts.windowMs ?? 250,
      minSamples: opts.minSamples ?? 4,
      now: opts.now ?? (() => performance.now()),
    };
    this.estimate = Math.min(this.o.max, Math.max(this.o.min, opts.initial));
    this.windowStart = this.o.now();
  }

  /** The number of requests admitted at once now. */
  get limit(): number {
    return Math.floor(this.estimate);
  }

  get inFlight(): number {
    return this.running;
  }

  /** A slot, or null when the limit is reached (shed the request). */
  tryAcquire(): Release | null {
    if (this.running >= this.limit) return null;
    this.running++;
    this.peakInWindow = Math.max(this.peakInWindow, this.running);
    let released = false;
    return ({ ms, dropped }) => {
      if (released) return;
      released = true;
      this.running--;
      this.sample(dropped === true || ms > this.o.slowMs);
    };
  }

  /** Congestion seen outside any one request (the event loop lagging): counts in the current window. */
  congested(): void {
    this.congestedInWindow = true;
    this.maybeEndWindow();
  }

  private sample(congested: boolean): void {
    this.samples++;
    if (congested) this.congestedInWindow = true;
    this.maybeEndWindow();
  }

  private maybeEndWindow(): void {
    const now = this.o.now();
    if (now - this.windowStart < this.o.windowMs) return;
    if (!this.congestedInWindow && this.samples < this.o.minSamples) return;
    if (this.congestedInWindow) this.estimate = Math.max(this.o.min, this.estimate * this.o.backoff);
    // grow only when the limit was what held requests back (not while the server is idle)
    else if (this.peakInWindow >= this.limit) this.estimate = Math.min(this.o.max, this.estimate + 1);
    this.windowStart = now;
    this.samples = 0;
    this.congestedInWindow = false;
    this.peakInWindow = this.running;
  }
}
