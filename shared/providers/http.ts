// One HTTP path for every provider adapter: a timeout, one retry on a network error, 429 or 5xx
// (seed 000: 실패 시 1회 재시도), bodies checked by zod, errors typed, keys never in a message.
import type { z } from "zod";

export type ProviderErrorKind =
  "auth" | "rate_limit" | "server" | "network" | "timeout" | "malformed" | "bad_request" | "no_result";

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = "ProviderError";
  }
  get retryable(): boolean {
    return (
      this.kind === "rate_limit" ||
      this.kind === "server" ||
      this.kind === "network" ||
      this.kind === "timeout"
    );
  }
}

/** Counts every HTTP request a search makes (meta.apiCalls). */
export interface CallCounter {
  apiCalls: number;
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
    (b.msg && `${b.code}: ${b.msg}`) ||
    (b.error?.status && `${b.error.status}: ${b.error.message}`) ||
    (b.errorCode && `${b.errorCode}: ${b.errorMessage}`) ||
    undefined
  );
}

function kindOf(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate_limit";
  if (status >= 500) return "server";
  return "bad_request";
}

export class ProviderHttp {
  constructor(private readonly opts: HttpClientOptions) {}

  private redact(s: string): string {
    return this.opts.secrets.filter(Boolean).reduce((acc, secret) => acc.split(secret).join("***"), s);
  }

  async json<S extends z.ZodType>(
    counter: CallCounter,
    path: string,
    schema: S,
    init: {
      method?: "GET" | "POST";
      query?: Record<string, string | number | undefined>;
      body?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<z.infer<S>> {
    const url = new URL(path, this.opts.baseUrl);
    for (const [k, v] of Object.entries(init.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const attempts = 1 + (this.opts.retries ?? 1);
    let last: ProviderError | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, this.retryDelay(last)));
      counter.apiCalls++;
      try {
        return await this.once(url, schema, init);
      } catch (err) {
        last =
          err instanceof ProviderError
            ? err
            : new ProviderError(this.opts.provider, "network", this.redact(String(err)));
        if (!last.retryable) throw last;
      }
    }
    throw last!;
  }

  private retryAfterMs = new WeakMap<ProviderError, number>();

  private retryDelay(err: ProviderError | undefined): number {
    const hinted = err ? this.retryAfterMs.get(err) : undefined;
    return Math.min(hinted ?? this.opts.retryDelayMs ?? 200, 2000);
  }

  private async once<S extends z.ZodType>(
    url: URL,
    schema: S,
    init: { method?: "GET" | "POST"; body?: unknown; headers?: Record<string, string> },
  ): Promise<z.infer<S>> {
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
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new ProviderError(
        provider,
        timeout ? "timeout" : "network",
        timeout ? `no answer within ${this.opts.timeoutMs} ms` : "network error",
      );
    }
    const text = await res.text().catch(() => "");
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const detail = errorMessage(body) ?? `HTTP ${res.status}`;
      const error = new ProviderError(provider, kindOf(res.status), this.redact(detail), res.status);
      const retryAfter = Number(res.headers.get("retry-after"));
      if (Number.isFinite(retryAfter) && res.headers.has("retry-after"))
        this.retryAfterMs.set(error, retryAfter * 1000);
      throw error;
    }
    if (body === undefined)
      throw new ProviderError(provider, "malformed", "the response is not JSON", res.status);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ProviderError(
        provider,
        "malformed",
        `unexpected response shape at ${issue.path.join(".") || "(root)"}: ${issue.message}`,
        res.status,
      );
    }
    return parsed.data;
  }
}
