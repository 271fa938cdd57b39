// One HTTP path for every provider adapter: a timeout, one retry on a network error, 429 or 5xx
// (seed 000: 실패 시 1회 재시도), bodies checked by zod, errors typed, keys never in a message.
import type { z } from "zod";
import { Deadline } from "../platform/deadline.ts";
import { DongneError, type ErrorKind } from "../platform/errors.ts";
import { retry } from "../platform/retry.ts";

export type ProviderErrorReason =
  | "auth"
  | "rate_limit"
  | "server"
  | "network"
  | "timeout"
  | "deadline"
  | "malformed"
  | "bad_request"
  | "no_result";

/** The kind of failure each reason is: the provider's (upstream), ours to fix (a key, a request), or none found. */
const KIND_OF_REASON: Record<ProviderErrorReason, ErrorKind> = {
  auth: "internal",
  rate_limit: "upstream",
  server: "upstream",
  network: "upstream",
  timeout: "upstream",
  deadline: "timeout",
  malformed: "upstream",
  bad_request: "internal",
  no_result: "not_found",
};

export class ProviderError extends DongneError {
  constructor(
    readonly provider: string,
    readonly reason: ProviderErrorReason,
    message: string,
    readonly status?: number,
  ) {
    super(KIND_OF_REASON[reason], `${provider}: ${message}`);
  }
  get retryable(): boolean {
    return (
      this.reason === "rate_limit" ||
      this.reason === "server" ||
      this.reason === "network" ||
      this.reason === "timeout"
    );
  }
}

/** Counts every HTTP request a search makes (meta.apiCalls), and carries the request's time budget. */
export interface CallCounter {
  apiCalls: number;
  /** failed attempts (retried or not): the provider-failure metric */
  failures?: number;
  /** every call made for this request stays within it */
  deadline?: Deadline;
}

export interface HttpClientOptions {
  provider: string;
  baseUrl: string;
  timeoutMs: number;
  /** extra attempts after the first for retryable failures (000: once) */
  retries?: number;
  /** pause before a retry when the server gives no Retry-After (ms) */
  retryDelayMs?: number;
  headers: Record<string, string>;
  /** secrets to blank out of any message */
  secrets: string[];
}

function errorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const b = body as {
    errorType?: string;
    message?: string;
    code?: unknown;
    msg?: string;
    error?: { status?: string; message?: string };
    errorCode?: string;
    errorMessage?: string;
  };
  // Kakao {errorType, message} | {code, msg}; Google {error: {status, message}}; Naver {errorCode, errorMessage}
  return (
    (b.errorType && `${b.errorType}: ${b.message}`) ||
    (b.msg && `${String(b.code)}: ${b.msg}`) ||
    (b.error?.status && `${b.error.status}: ${b.error.message}`) ||
    (b.errorCode && `${b.errorCode}: ${b.errorMessage}`) ||
    undefined
  );
}

function reasonOf(status: number): ProviderErrorReason {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate_limit";
  if (status >= 500) return "server";
  return "bad_request";
}

interface RequestInit {
  method?: "GET" | "POST";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** the request's budget: the timeout shrinks to fit it, and no attempt starts after it */
  deadline?: Deadline;
}

/** An attempt with less time than this left is not started. */
const MIN_ATTEMPT_MS = 50;

export class ProviderHttp {
  constructor(private readonly opts: HttpClientOptions) {}

  private redact(s: string): string {
    return this.opts.secrets.filter(Boolean).reduce((acc, secret) => acc.split(secret).join("***"), s);
  }

  async json<S extends z.ZodType>(
    counter: CallCounter,
    path: string,
    schema: S,
    init: RequestInit = {},
  ): Promise<z.infer<S>> {
    return this.send(counter, path, init, (url, timeoutMs) => this.once(url, schema, { ...init, timeoutMs }));
  }

  /**
   * A binary body (OpenDART's ZIP downloads) with the same timeout, retry and error handling; a body
   * that is not what the caller expects (an error document instead of a ZIP) is the caller's to read.
   */
  async bytes(
    counter: CallCounter,
    path: string,
    init: RequestInit = {},
  ): Promise<{ bytes: Uint8Array; contentType: string }> {
    return this.send(counter, path, init, async (url, timeoutMs) => {
      const res = await this.fetchOk(url, { ...init, timeoutMs });
      try {
        const bytes = new Uint8Array(await res.arrayBuffer());
        return { bytes, contentType: res.headers.get("content-type") ?? "" };
      } catch {
        // the timeout's signal also covers the body: a download cut short is a timeout
        throw new ProviderError(
          this.opts.provider,
          "timeout",
          `the body did not arrive within ${timeoutMs} ms`,
        );
      }
    });
  }

  private async send<T>(
    counter: CallCounter,
    path: string,
    init: RequestInit,
    run: (url: URL, timeoutMs: number) => Promise<T>,
  ): Promise<T> {
    const url = new URL(path, this.opts.baseUrl);
    for (const [k, v] of Object.entries(init.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const deadline = init.deadline ?? counter.deadline ?? Deadline.none();
    let last: ProviderError | undefined;
    return retry(
      async () => {
        counter.apiCalls++;
        try {
          return await run(url, deadline.timeoutMs(this.opts.timeoutMs));
        } catch (err) {
          counter.failures = (counter.failures ?? 0) + 1;
          throw (last =
            err instanceof ProviderError
              ? err
              : new ProviderError(this.opts.provider, "network", this.redact(String(err))));
        }
      },
      {
        attempts: 1 + (this.opts.retries ?? 1),
        delayMs: () => this.retryDelay(last),
        retryable: (err) => err instanceof ProviderError && err.retryable,
        // a retry that cannot finish within the budget is not worth starting
        deadline,
        reserveMs: MIN_ATTEMPT_MS,
        minAttemptMs: MIN_ATTEMPT_MS,
        spent: () =>
          new ProviderError(this.opts.provider, "deadline", "not called: the request's time budget is spent"),
      },
    );
  }

  private retryAfterMs = new WeakMap<ProviderError, number>();

  private retryDelay(err: ProviderError | undefined): number {
    const hinted = err ? this.retryAfterMs.get(err) : undefined;
    return Math.min(hinted ?? this.opts.retryDelayMs ?? 200, 2000);
  }

  private async once<S extends z.ZodType>(
    url: URL,
    schema: S,
    init: RequestInit & { timeoutMs: number },
  ): Promise<z.infer<S>> {
    const { provider } = this.opts;
    const res = await this.fetchOk(url, init);
    const body = await jsonBody(res);
    if (body === undefined)
      throw new ProviderError(provider, "malformed", "the response is not JSON", res.status);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!; // a failed parse always carries an issue
      throw new ProviderError(
        provider,
        "malformed",
        `unexpected response shape at ${issue.path.join(".") || "(root)"}: ${issue.message}`,
        res.status,
      );
    }
    return parsed.data;
  }

  /** One request; a non-2xx status becomes a typed ProviderError (with the provider's message). */
  private async fetchOk(url: URL, init: RequestInit & { timeoutMs: number }): Promise<Response> {
    const { provider } = this.opts;
    let res: Response;
    try {
      res = await fetch(url, {
        method: init.method ?? "GET",
        headers: {
          ...this.opts.headers,
          ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
          ...init.headers,
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(init.timeoutMs),
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new ProviderError(
        provider,
        timeout ? "timeout" : "network",
        timeout ? `no answer within ${init.timeoutMs} ms` : "network error",
      );
    }
    if (!res.ok) {
      const detail = errorMessage(await jsonBody(res)) ?? `HTTP ${res.status}`;
      const error = new ProviderError(provider, reasonOf(res.status), this.redact(detail), res.status);
      const retryAfter = Number(res.headers.get("retry-after"));
      if (Number.isFinite(retryAfter) && res.headers.has("retry-after"))
        this.retryAfterMs.set(error, retryAfter * 1000);
      throw error;
    }
    return res;
  }
}

/** A response's body as JSON; undefined when it is empty, unreadable or not JSON. */
async function jsonBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
