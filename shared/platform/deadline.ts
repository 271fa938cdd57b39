// A request's time budget. API Gateway ends a synchronous request at 29 s; the API gives its workflow a
// deadline below that, every step carries it (as `deadlineAt`, epoch ms) and derives its provider and
// LLM timeouts from what is left, so an answer with what was found arrives before the gateway gives up.

export class Deadline {
  /** `at`: epoch milliseconds, or null for no deadline (CLI, simulations, batch jobs) */
  constructor(readonly at: number | null) {}

  static none(): Deadline {
    return new Deadline(null);
  }

  /** A deadline `ms` from now. */
  static in(ms: number, now = Date.now()): Deadline {
    return new Deadline(now + ms);
  }

  /** From a workflow state's `deadlineAt` (absent: no deadline). */
  static from(deadlineAt: number | null | undefined): Deadline {
    return new Deadline(typeof deadlineAt === "number" && Number.isFinite(deadlineAt) ? deadlineAt : null);
  }

  remainingMs(now = Date.now()): number {
    return this.at === null ? Number.POSITIVE_INFINITY : Math.max(0, this.at - now);
  }

  /** A timeout for one call: at most `maxMs`, and never past the deadline less `reserveMs`. */
  timeoutMs(maxMs: number, reserveMs = 0, now = Date.now()): number {
    return Math.max(0, Math.min(maxMs, this.remainingMs(now) - reserveMs));
  }

  /** True when less than `reserveMs` is left: starting another call would not finish in time. */
  expired(reserveMs = 0, now = Date.now()): boolean {
    return this.remainingMs(now) <= reserveMs;
  }
}
