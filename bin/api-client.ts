// The one client of the dongne HTTP API, used by the CLI and the operator's commands alike: over HTTP to
// a server (a deployed stack, or `npm start` on this machine), or to the same app in this process. Every
// command asks the same routes either way, so the CLI and the API share one set of simulation ids and
// one set of answers.
import { API_KEY_HEADER } from "../functions/api/auth.ts";
import type { Config } from "../shared/platform/config.ts";

export interface HttpOptions {
  api: string;
  key?: string;
  /** per request; a synchronous route answers within 29 s */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface Answered {
  status: number;
  /** parsed JSON, or the text when the answer is not JSON */
  body: unknown;
  headers: Headers;
  ms: number;
}

export type Method = "GET" | "POST";

export interface ApiClient {
  /** the server's address, or null in this process */
  readonly server: string | null;
  /** the raw answer (an export page, a report page) */
  request(method: Method, path: string, body?: unknown, opts?: { timeoutMs?: number }): Promise<Response>;
  /** the answer with its body parsed */
  call(method: Method, path: string, body?: unknown, opts?: { timeoutMs?: number }): Promise<Answered>;
  /** an answer of 2xx, parsed; anything else throws an ApiFailure */
  ok<T = Record<string, unknown>>(method: Method, path: string, body?: unknown): Promise<T>;
  /** waits for what the process still runs (a simulation's slots, an ingest job), then stops it */
  close(): Promise<void>;
}

/** An answer other than 2xx, or no answer: its message is one Korean line for people. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const init = (method: Method, body: unknown, key: string | undefined, timeoutMs: number): RequestInit => ({
  method,
  headers: {
    ...(body === undefined ? {} : { "content-type": "application/json" }),
    ...(key ? { [API_KEY_HEADER]: key } : {}),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
  signal: AbortSignal.timeout(timeoutMs),
});

async function parsed(res: Response, started: number): Promise<Answered> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body, headers: res.headers, ms: Date.now() - started };
}

/** `{error: {code, message, field}}` of an answer, or a short part of it. */
export function errorOf(body: unknown): { code?: string; message: string; field?: string } {
  const e = (body as { error?: { code?: string; message?: string; field?: string } } | null)?.error;
  if (e?.message) return { code: e.code, message: e.message, field: e.field };
  return { message: typeof body === "string" ? body.slice(0, 200) : JSON.stringify(body).slice(0, 200) };
}

/** What a refusal tells a person, in one line. */
export function failureOf(a: { status: number; body: unknown }): ApiFailure {
  const { code, message, field } = errorOf(a.body);
  const detail = field ? `${field}: ${message}` : message;
  const said =
    a.status === 400
      ? `요청이 올바르지 않습니다 — ${detail}`
      : a.status === 401
        ? "API 키가 없거나 맞지 않습니다: DONGNE_API_KEY(또는 --key)에 이 서버의 키를 넣으세요"
        : a.status === 403
          ? `이 API 키로는 할 수 없는 요청입니다 — ${detail}`
          : a.status === 404
            ? `찾을 수 없습니다 — ${detail}`
            : a.status === 409
              ? `지금은 할 수 없습니다 — ${detail}`
              : a.status === 413
                ? `요청이 너무 큽니다 — ${detail}`
                : a.status === 429
                  ? `한도를 넘었습니다 — ${detail}`
                  : `서버가 요청을 처리하지 못했습니다 (HTTP ${a.status}) — ${detail}`;
  return new ApiFailure(said.replace(/\s+/g, " ").trim(), a.status, code, field);
}

/** How long a command waits on a server that answers 503 with Retry-After (starting, or at its limit). */
const WAIT_FOR_SERVER_MS = 60_000;

function client(
  server: string | null,
  send: (method: Method, path: string, body: unknown, timeoutMs: number) => Promise<Response>,
  close: () => Promise<void>,
  defaultTimeoutMs: number,
): ApiClient {
  const request: ApiClient["request"] = (method, path, body, opts) =>
    send(method, path, body, opts?.timeoutMs ?? defaultTimeoutMs);
  const call: ApiClient["call"] = async (method, path, body, opts) => {
    const started = Date.now();
    for (;;) {
      const answered = await parsed(await request(method, path, body, opts), started);
      // a server still building its indexes, or at its limit, refused before any work and said when to
      // come back: for a while, do
      const wait = Number(answered.headers.get("retry-after")) * 1000;
      const refusedBeforeWork = ["not_ready", "overloaded"].includes(errorOf(answered.body).code ?? "");
      if (!refusedBeforeWork || !(wait > 0) || Date.now() - started + wait > WAIT_FOR_SERVER_MS)
        return answered;
      await new Promise((res) => setTimeout(res, wait));
    }
  };
  return {
    server,
    request,
    call,
    ok: async <T>(method: Method, path: string, body?: unknown) => {
      const a = await call(method, path, body);
      if (a.status < 200 || a.status > 299) throw failureOf(a);
      return a.body as T;
    },
    close,
  };
}

/** A network failure as one line (no stack, no raw errno). */
function unreachable(api: string, err: unknown): ApiFailure {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  const why =
    e.name === "TimeoutError"
      ? "시간 안에 답이 없습니다"
      : e.cause?.code === "ECONNREFUSED"
        ? "연결이 거부되었습니다 (서버가 실행 중인지 확인하세요)"
        : e.cause?.code === "ENOTFOUND" || e.cause?.code === "EAI_AGAIN"
          ? "주소를 찾을 수 없습니다"
          : `연결할 수 없습니다 (${e.cause?.code ?? e.cause?.message ?? e.message})`;
  return new ApiFailure(`서버 ${api}: ${why}`, 0);
}

/** A client of a server over HTTP, sending the key in x-api-key when there is one. */
export function httpClient(o: HttpOptions): ApiClient {
  const base = o.api.endsWith("/") ? o.api : `${o.api}/`;
  return client(
    o.api,
    async (method, path, body, timeoutMs) => {
      try {
        // a path relative to the API's own (a stage path like /prod stays)
        return await (o.fetch ?? fetch)(
          new URL(path.replace(/^\//, ""), base),
          init(method, body, o.key, timeoutMs),
        );
      } catch (err) {
        throw unreachable(o.api, err);
      }
    },
    async () => {},
    o.timeoutMs ?? 35_000,
  );
}

/**
 * The product in this process (dynalite, the local workflows), asked through the same app a server
 * runs. `store: "memory"` for commands that keep no state; a simulation keeps the configured store
 * (DATA_DIR on disk), so its id works with `npm start` later. The caller is the operator of this
 * machine: no key is asked for.
 */
export async function inProcessClient(
  config: Config,
  opts: { store?: "memory"; notice?: (line: string) => void } = {},
): Promise<ApiClient> {
  // a person reads this process's output: the server's JSON log lines stay out of it at the default
  // level (INFO); what they need is in the answers (warnings) and the notices below. An explicit
  // DEBUG, WARN or ERROR is kept.
  const logLevel = config.logLevel === "INFO" ? "ERROR" : config.logLevel;
  const local = {
    ...config,
    logLevel,
    api: { ...config.api, keys: [] },
    simulation: { ...config.simulation, store: opts.store ?? config.simulation.store },
  };
  // imported here: a client of a server does without the product's modules (seconds of start-up)
  const [{ startLocal }, { createApp }, { useLogLevel }] = await Promise.all([
    import("../functions/api/local.ts"),
    import("../functions/api/app.ts"),
    import("../shared/platform/log.ts"),
  ]);
  useLogLevel(logLevel);
  const world = await startLocal(local);
  if (local.simulation.store === "disk" && !world.dynamo.persistent)
    opts.notice?.(
      `${config.dataDir}/dynamodb를 다른 dongne 프로세스가 쓰고 있어, 이 실행의 상태는 메모리에만 두고 끝나면 사라집니다`,
    );
  const app = createApp(() => world.context);
  return client(
    null,
    async (method, path, body) => app.request(path, init(method, body, undefined, 24 * 3600_000)),
    async () => {
      await world.workflows.settled();
      await world.close();
    },
    0,
  );
}

/** The body /health answers on a dongne server (functions/api/routes/public.ts). */
const isDongneHealth = (body: unknown) =>
  (body as { status?: string; service?: string } | null)?.service === "dongne" &&
  (body as { status?: string }).status === "ok";

/**
 * A dongne server on this machine's configured port, or undefined: GET /health with a short timeout,
 * and its body must say dongne (another program on the port is not used).
 */
export async function findLocalServer(config: Pick<Config, "port" | "host">): Promise<string | undefined> {
  const host = ["0.0.0.0", "::", "localhost", ""].includes(config.host) ? "127.0.0.1" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1500) });
    if (res.status !== 200) return undefined;
    return isDongneHealth(await res.json()) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Follows a job (GET /v1/jobs/{id}) until it ends; its result, or an ApiFailure. */
export async function followJob(c: ApiClient, jobId: string, everyMs = 2000): Promise<unknown> {
  const until = Date.now() + 30 * 60_000;
  for (;;) {
    const job = await c.ok<{ status?: string; result?: unknown; error?: string }>("GET", `/v1/jobs/${jobId}`);
    if (job.status === "completed") return job.result;
    if (job.status === "failed")
      throw new ApiFailure(`작업 ${jobId}가 실패했습니다: ${job.error ?? "이유 없음"}`, 0);
    if (Date.now() > until) throw new ApiFailure(`작업 ${jobId}가 30분이 지나도 ${job.status} 상태입니다`, 0);
    await new Promise((res) => setTimeout(res, everyMs));
  }
}
