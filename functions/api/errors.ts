// Every error the API answers is JSON {error: {code, message, field?}}; no stack trace reaches a client.
// The one place where an error's kind becomes an HTTP status.
import { HTTPException } from "hono/http-exception";
import { homedir, tmpdir } from "node:os";
import { z } from "zod";
import { DongneError, type ErrorKind } from "../../shared/platform/errors.ts";

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503 | 504;

/** The HTTP layer's own refusals, which no domain error stands for. */
export type ApiErrorKind = ErrorKind | "unauthenticated" | "forbidden";

/**
 * Each kind's status and default code. `publicMessage` replaces the error's own message where that
 * message is written for operators (a workflow's cause, an internal fault) rather than for the caller.
 */
const BY_KIND: Record<ApiErrorKind, { status: ErrorStatus; code: string; publicMessage?: string }> = {
  invalid: { status: 400, code: "invalid_request" },
  unauthenticated: { status: 401, code: "unauthorized" },
  forbidden: { status: 403, code: "forbidden" },
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

  constructor(kind: ApiErrorKind, code: string, message: string, field?: string) {
    super(kind === "unauthenticated" || kind === "forbidden" ? "invalid" : kind, message, { code, field });
    this.status = BY_KIND[kind].status;
  }
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
    return { error: new ApiError(err.kind, err.code ?? mapped.code, message, err.field), unexpected: false };
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
