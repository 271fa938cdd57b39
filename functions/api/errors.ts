// Every error the API answers is JSON {error: {code, message, field?}}; no stack trace reaches a client.
// The one place where an error's kind becomes an HTTP status.
import { HTTPException } from "hono/http-exception";
import { homedir, tmpdir } from "node:os";
import { z } from "zod";
import { DongneError, type ErrorKind } from "../../shared/platform/errors.ts";

export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 421 | 429 | 431 | 500 | 502 | 503 | 504;

/**
 * The HTTP layer's own refusals, which no domain error stands for: no or a wrong key, a body that
 * arrived too slowly, a Host this server does not answer for, headers too large to read.
 */
export type ApiErrorKind =
  ErrorKind | "unauthenticated" | "forbidden" | "slow_body" | "wrong_host" | "headers_too_large";

/**
 * Each kind's status and default code. `publicMessage` replaces the error's own message where that
 * message is written for operators (a workflow's cause, an internal fault) rather than for the caller.
 */
const BY_KIND: Record<ApiErrorKind, { status: ErrorStatus; code: string; publicMessage?: string }> = {
  invalid: { status: 400, code: "invalid_request" },
  unauthenticated: { status: 401, code: "unauthorized" },
  forbidden: { status: 403, code: "forbidden" },
  slow_body: { status: 408, code: "request_timeout" },
  wrong_host: { status: 421, code: "host_not_allowed" },
  headers_too_large: { status: 431, code: "headers_too_large" },
  not_found: { status: 404, code: "not_found" },
  conflict: { status: 409, code: "conflict" },
  quota: { status: 429, code: "quota_exceeded" },
  too_large: { status: 413, code: "body_too_large" },
  unavailable: { status: 503, code: "unavailable" },
  timeout: {
    status: 504,
    code: "timeout",
    publicMessage: "요청이 제한 시간 안에 끝나지 않았습니다. 다시 시도하거나 요청을 좁혀 주세요",
  },
  upstream: {
    status: 502,
    code: "workflow_failed",
    publicMessage: "워크플로가 실패했습니다. 요청 id는 x-request-id 헤더에 있습니다",
  },
  internal: {
    status: 500,
    code: "internal",
    publicMessage: "내부 오류입니다. 요청 id는 x-request-id 헤더에 있습니다",
  },
};

/** An error the HTTP layer raises itself, or a domain error as the API answers it. */
export class ApiError extends DongneError {
  declare readonly code: string;
  readonly status: ErrorStatus;

  constructor(
    kind: ApiErrorKind,
    code: string,
    message: string,
    field?: string,
    opts: { retryAfterSeconds?: number } = {},
  ) {
    super(domainKind(kind), message, { code, field, ...opts });
    this.status = BY_KIND[kind].status;
  }
}

/** The domain kind an HTTP-layer refusal counts as (a bad request, or a timeout of the client's). */
function domainKind(kind: ApiErrorKind): ErrorKind {
  if (kind === "unauthenticated" || kind === "forbidden" || kind === "wrong_host") return "invalid";
  if (kind === "headers_too_large") return "too_large";
  if (kind === "slow_body") return "invalid";
  return kind;
}

/** What a client is told to wait before trying again, unless the error says: a quota's minute, a second. */
const RETRY_AFTER_DEFAULT: Partial<Record<ErrorStatus, number>> = { 429: 60, 503: 1 };

/**
 * The headers an error's answer carries: Retry-After on every 429 and 503 (the error's own when it
 * knows, else a default); `connection: close` when the request's body was left unread (413, 408).
 */
export function errorHeaders(err: ApiError): Record<string, string> {
  const headers: Record<string, string> = {};
  const wait = err.retryAfterSeconds ?? RETRY_AFTER_DEFAULT[err.status];
  if (wait !== undefined && (err.status === 429 || err.status === 503))
    headers["retry-after"] = String(Math.max(1, Math.ceil(wait)));
  if (err.status === 413 || err.status === 408) headers.connection = "close";
  return headers;
}

export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

/**
 * The server's own directories, and absolute paths under the roots a server's files live in (POSIX and
 * Windows, file: URLs too): what an error's message must not show a client. A request's own path
 * (/v1/…) is none of these.
 */
const SERVER_ROOTS = [process.cwd(), tmpdir(), homedir()].filter((d) => d.length > 1);
const ABSOLUTE_PATH =
  /(?:file:\/\/)?(?:\/(?:work|tmp|home|root|Users|var|opt|usr|srv|mnt|private|proc|sys|etc|app|data|workspace|nix|run|lib|snap)\/[^\s"'`<>()[\]{},;]*|[A-Za-z]:\\[^\s"'`<>()[\]{},;]+)/g;

/** A message with every server path in it replaced by "…" (the logs keep the original). */
export function withoutPaths(message: string): string {
  let out = message;
  for (const root of SERVER_ROOTS) out = out.split(root).join("…");
  return out.replace(ABSOLUTE_PATH, "…");
}

export const errorBody = (err: ApiError) => ({
  error: {
    code: err.code,
    message: withoutPaths(err.message),
    ...(err.field ? { field: withoutPaths(err.field) } : {}),
  },
});

/**
 * What the API answers for an error, and whether it was unexpected (then logged with its stack): not
 * a DongneError, or a fault of our own ("internal"), is a 500 that says only where to look.
 */
export function answerFor(err: unknown): { error: ApiError; unexpected: boolean } {
  if (err instanceof ApiError) return { error: err, unexpected: false };
  if (err instanceof DongneError && err.kind !== "internal") {
    const mapped = BY_KIND[err.kind];
    const message = mapped.publicMessage ?? err.message;
    const retry = err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds };
    return {
      error: new ApiError(err.kind, err.code ?? mapped.code, message, err.field, retry),
      unexpected: false,
    };
  }
  // hono's own refusals of a malformed request
  if (err instanceof HTTPException && err.status < 500)
    return {
      error: new ApiError("invalid", "bad_request", err.message || "잘못된 요청입니다"),
      unexpected: false,
    };
  const internal = BY_KIND.internal;
  return { error: new ApiError("internal", internal.code, internal.publicMessage!), unexpected: true };
}
