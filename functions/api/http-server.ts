// The local server's own protections, below the app: connections silent for too long are closed, and
// a request Node refuses before the app sees it (headers too large, a malformed request, headers or a
// request too slow) is answered like every other refusal, Korean JSON with a code, and its
// connection closed gently: what the client still sends is read and dropped for a moment, so the
// answer is not lost to a reset.
import type { Server as HttpServer } from "node:http";
import type { Socket } from "node:net";
import { ApiError, errorBody, type ApiErrorKind } from "./errors.ts";

/** How long a refused connection keeps reading (and dropping) what its client still sends. */
const LINGER_MS = 2000;

/**
 * Closes a connection that has been silent for `idleMs` with no request in progress: one that never
 * sent a byte (Node's headers timeout starts only with a request), or one idle between requests. A
 * request being worked on keeps its connection (its own timeouts and the API's budget end it).
 */
export function closeIdleConnections(server: HttpServer, idleMs: number): void {
  server.timeout = idleMs;
  server.on("timeout", (socket: Socket & { _httpMessage?: unknown }) => {
    if (!socket._httpMessage) socket.destroy();
  });
}

const REFUSALS: Record<
  string,
  { kind: ApiErrorKind; code: string; status: number; reason: string; message: string }
> = {
  HPE_HEADER_OVERFLOW: {
    kind: "headers_too_large",
    code: "headers_too_large",
    status: 431,
    reason: "Request Header Fields Too Large",
    message: "요청 헤더가 너무 큽니다 (모두 합해 16KB까지). 쿠키나 헤더를 줄여 다시 보내 주세요.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    kind: "slow_body",
    code: "request_timeout",
    status: 408,
    reason: "Request Timeout",
    message: "요청이 제한 시간 안에 다 오지 않았습니다. 다시 보내 주세요.",
  },
};

const BAD_REQUEST = {
  kind: "invalid" as const,
  code: "bad_request",
  status: 400,
  reason: "Bad Request",
  message: "HTTP 요청으로 읽을 수 없습니다.",
};

/** The raw answer to a request Node refused: a status line, JSON headers and the Korean error body. */
export function clientErrorAnswer(code: string | undefined): string {
  const r = REFUSALS[code ?? ""] ?? BAD_REQUEST;
  const body = JSON.stringify(errorBody(new ApiError(r.kind, r.code, r.message)));
  return (
    `HTTP/1.1 ${r.status} ${r.reason}\r\n` +
    "Content-Type: application/json; charset=utf-8\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    "Connection: close\r\n\r\n" +
    body
  );
}

/** Answers the requests Node refuses itself (431, 408, 400) in the API's form, without a reset. */
export function answerClientErrors(server: HttpServer): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    // a connection the client reset, or one already answered: nothing to say
    if (
      err.code === "ECONNRESET" ||
      !socket.writable ||
      (socket as { _httpMessage?: unknown })._httpMessage
    ) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorAnswer(err.code));
    // keep reading and dropping what still arrives, so closing with unread bytes sends no reset
    socket.on("data", () => {});
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}
