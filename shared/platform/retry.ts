// One retry loop for every transient failure: attempts with a chosen wait between them, never a wait that
// would end past the request's deadline (then the last error is thrown at once, so the caller answers
// with what it has instead of a gateway timeout).
import { Deadline } from "./deadline.ts";

export interface RetryOptions {
  /** tries in all, the first included */
  attempts: number;
  /** the wait before try `attempt` (1 for the first retry) */
  delayMs: (attempt: number) => number;
  /** whether an error is worth another try; others are thrown at once */
  retryable: (err: unknown) => boolean;
  deadline?: Deadline;
  /** time the caller still needs after the wait, for the try itself */
  reserveMs?: number;
  /**
   * a try with less than this left before the deadline is not started: the last error is thrown, or
   * `spent()` when there was none yet
   */
  minAttemptMs?: number;
  spent?: () => Error;
  sleep?: (ms: number) => Promise<void>;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Exponential backoff: `baseMs` × 2^(attempt − 1), at most `maxMs`, with "equal jitter" (½…1 of it). */
export function backoff(
  baseMs: number,
  maxMs = Number.POSITIVE_INFINITY,
  jitter: () => number = Math.random,
): (attempt: number) => number {
  return (attempt) => Math.min(maxMs, baseMs * 2 ** (attempt - 1)) * (0.5 + jitter() / 2);
}

export async function retry<T>(run: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const deadline = opts.deadline ?? Deadline.none();
  const wait = opts.sleep ?? sleep;
  let last: unknown;
  for (let attempt = 0; ; attempt++) {
    if (opts.minAttemptMs !== undefined && deadline.remainingMs() < opts.minAttemptMs)
      throw attempt > 0 ? last : (opts.spent?.() ?? new Error("the time budget is spent"));
    try {
      return await run(attempt);
    } catch (err) {
      last = err;
      if (attempt + 1 >= opts.attempts || !opts.retryable(err)) throw err;
      const delay = opts.delayMs(attempt + 1);
      if (deadline.remainingMs() < delay + (opts.reserveMs ?? 0)) throw err;
      await wait(delay);
    }
  }
}
