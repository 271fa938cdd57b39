// One base for the errors the product raises on purpose. Each says what kind of failure it is; the HTTP
// API maps kinds to statuses in one table (functions/api/errors.ts), steps and the CLI read the same kind.
// An error that is not a DongneError is unexpected: a 500, logged with its stack.

export type ErrorKind =
  /** the caller's input cannot be used (400); `field` names where */
  | "invalid"
  /** a named thing does not exist (404) */
  | "not_found"
  /** the request clashes with the state of what it names (409) */
  | "conflict"
  /** an allowance or budget is used up (429) */
  | "quota"
  /** the body or the work asked for is larger than allowed (413) */
  | "too_large"
  /** a service the request needs cannot answer now (503) */
  | "unavailable"
  /** the work did not finish within its time budget (504) */
  | "timeout"
  /** a workflow or provider behind the request failed (502) */
  | "upstream"
  /** a fault of our own, raised on purpose (500) */
  | "internal";

export interface DongneErrorOptions {
  /** the request field at fault, for "invalid" */
  field?: string;
  /** a stable code for clients, when the kind's default code is too coarse */
  code?: string;
  cause?: unknown;
  /** when to try again (seconds), for "quota" and "unavailable": the API's Retry-After */
  retryAfterSeconds?: number;
}

export class DongneError extends Error {
  readonly field?: string;
  readonly code?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    opts: DongneErrorOptions = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    // the subclass's own name in logs and stack traces, without each one setting it
    this.name = new.target.name;
    if (opts.field !== undefined) this.field = opts.field;
    if (opts.code !== undefined) this.code = opts.code;
    if (opts.retryAfterSeconds !== undefined) this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export function isDongneError(err: unknown): err is DongneError {
  return err instanceof DongneError;
}

/** Seconds from `now` to the next UTC midnight, when a per-day (UTC) allowance starts again (at least 1). */
export function secondsToNextUtcDay(now = Date.now()): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((next.getTime() - now) / 1000));
}
