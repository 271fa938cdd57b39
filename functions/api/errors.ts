// Every error the API answers is JSON {error: {code, message, field?}}; no stack trace reaches a client.
// The one place where an error's kind becomes an HTTP status.
import { z } from "zod";
import { DongneError, type ErrorKind } from "../../shared/platform/errors.ts";

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503 | 504;

/**
 * Each kind's status and default code. `publicMessage` replaces the error's own message where that
 * message is written for operators (a workflow's cause, an internal fault) rather than for the caller.
 */
const BY_KIND: Record<ErrorKind, { status: ErrorStatus; code: string; publicMessage?: string }> = {
  invalid: { status: 400, code: "invalid_request" },
  not_found: { status: 404, code: "not_found" },
  conflict: { status: 409, code: "conflict" },
  quota: { status: 429, code: "quota_exceeded" },
  too_large: { status: 413, code: "body_too_large" },
  unavailable: { status: 503, code: "unavailable" },
  timeout: {
    status: 504,
    code: "timeout",
    publicMessage: "the request did not finish within its time budget; try again or narrow it",
  },
  upstream: {
    status: 502,
    code: "workflow_failed",
    publicMessage: "the workflow failed; the request id is in the x-request-id header",
  },
  internal: { status: 500, code: "internal", publicMessage: "internal error" },
};

const KIND_OF_STATUS = new Map<ErrorStatus, ErrorKind>([
  [401, "invalid"],
  [403, "invalid"],
  ...Object.entries(BY_KIND).map(([kind, v]) => [v.status, kind as ErrorKind] as const),
]);

/** An error the HTTP layer raises itself, with its status (401 and 403 have no domain kind). */
export class ApiError extends DongneError {
  declare readonly code: string;

  constructor(
    readonly status: ErrorStatus,
    code: string,
    message: string,
    field?: string,
  ) {
    super(KIND_OF_STATUS.get(status) ?? "internal", message, { code, field });
  }
}

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

export const errorBody = (err: ApiError) => ({
  error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) },
});

/**
 * The ApiError a domain error stands for, or null when it is unexpected: not a DongneError, or a fault
 * of our own ("internal"), answered 500 and logged with its stack.
 */
export function asApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (!(err instanceof DongneError) || err.kind === "internal") return null;
  const mapped = BY_KIND[err.kind];
  return new ApiError(mapped.status, err.code ?? mapped.code, mapped.publicMessage ?? err.message, err.field);
}
