// Liveness and readiness are two things: /health says the process is alive and answers whatever it is
// doing; GET /ready answers 200 only once every workflow can answer its first request within budget
// (the local server builds its indexes first), and until then every API request gets 503 with
// Retry-After and the reason in Korean, instead of waiting for the build into a 504. In a Lambda there
// is no process readiness (no Readiness is given: always ready; the deploy's smoke test plays the part).
import type { Context } from "hono";
import { ApiError } from "./errors.ts";

/** What a request not yet served is told to wait, in seconds. */
export const NOT_READY_RETRY_AFTER_SECONDS = 2;

export class Readiness {
  /** why the server is not ready yet; null once it is */
  private why: string | null;

  constructor(reason = "서버를 준비하고 있습니다") {
    this.why = reason;
  }

  get ready(): boolean {
    return this.why === null;
  }

  /** What is being prepared now (said to every request refused meanwhile). */
  preparing(reason: string): void {
    if (this.why !== null) this.why = reason;
  }

  markReady(): void {
    this.why = null;
  }

  /** The 503 a request gets while the server is not ready, or null when it is. */
  refusal(): ApiError | null {
    if (this.why === null) return null;
    return new ApiError(
      "unavailable",
      "not_ready",
      `서버가 아직 준비 중입니다 (${this.why}). ${NOT_READY_RETRY_AFTER_SECONDS}초 뒤에 다시 시도하세요.`,
      undefined,
      { retryAfterSeconds: NOT_READY_RETRY_AFTER_SECONDS },
    );
  }
}

/** Where the app keeps the server's readiness for the request (the /ready route reads it there). */
export const READINESS = "dongne.readiness" as never;

/** The request's readiness refusal (null: ready, or no readiness in this deployment). */
export const notReady = (c: Context): ApiError | null =>
  (c.get(READINESS) as Readiness | undefined)?.refusal() ?? null;
