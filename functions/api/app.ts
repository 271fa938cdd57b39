// The HTTP API (Hono), built from the route table: each request's caller is established (the Lambda
// authorizer's verdict in AWS, the same key check locally when keys are configured, open otherwise),
// its path, query and body checked by the route's schemas, then the route runs. Every error is JSON
// {error: {code, message, field?}}; no stack trace (nor a server path) reaches a client. Every answer of
// 500 or more is logged once, with its request id and cause; past `maxInFlight` requests at once the
// app sheds load (503 with Retry-After) rather than queue it; every HTML answer carries the page's CSP.
import { Hono, type Context } from "hono";
import { requestId } from "hono/request-id";
import type { ApiKeyEntry } from "../../shared/platform/config-api-keys.ts";
import { logger } from "../../shared/platform/log.ts";
import { API_KEY_HEADER, authenticate, LOCAL_CALLER, type Caller, type Scope } from "./auth.ts";
import { ApiError, answerFor, errorBody } from "./errors.ts";
import { readBodyText, readJson, readParams } from "./request.ts";
import type { ApiServices, RouteDef } from "./route.ts";
import { honoPath, ROUTES } from "./routes/index.ts";
import { CSP } from "./web-page.ts";

export interface AppContext {
  services: ApiServices;
  /** keys checked in the app (local); empty: open, unless an authorizer already decided (AWS) */
  apiKeys: readonly ApiKeyEntry[];
  /**
   * counts one LLM-backed request against the caller's daily allowance: false when it is used up;
   * absent when no LLM is configured (the offline engines cost nothing)
   */
  llmAllowance?: { limit: number; consume(caller: string): Promise<boolean> };
}

type LambdaEnv = {
  event?: { requestContext?: { authorizer?: { lambda?: { callerId?: string; scopes?: string } } } };
};

function callerOf(c: Context, ctx: AppContext): Caller | null {
  const verdict = (c.env as LambdaEnv | undefined)?.event?.requestContext?.authorizer?.lambda;
  if (verdict?.callerId)
    return { id: verdict.callerId, scopes: (verdict.scopes ?? "").split(",").filter(Boolean) as Scope[] };
  if (!ctx.apiKeys.length) return LOCAL_CALLER;
  return authenticate(c.req.header(API_KEY_HEADER), ctx.apiKeys);
}

async function serve(route: RouteDef, c: Context, ctx: AppContext): Promise<Response> {
  if (route.access !== "public") {
    const caller = callerOf(c, ctx);
    if (!caller)
      throw new ApiError(
        "unauthenticated",
        "unauthorized",
        `${API_KEY_HEADER} 헤더에 유효한 API 키가 필요합니다`,
        API_KEY_HEADER,
      );
    if (!caller.scopes.includes(route.access))
      throw new ApiError(
        "forbidden",
        "forbidden",
        `이 키로는 ${route.access === "write" ? "작업을 시작하거나 바꿀" : "읽을"} 수 없습니다`,
      );
    c.set("caller" as never, caller as never);
  }
  const params = route.params ? readParams(c.req.param(), route.params) : undefined;
  const query = route.query ? readParams(c.req.query(), route.query) : undefined;
  const body = !route.body
    ? undefined
    : route.bodyOptional && !(await readBodyText(c, route.maxBodyBytes)).trim()
      ? route.body.parse({})
      : await readJson(c, route.body, route.maxBodyBytes);
  // a request that reached here was well formed: it counts (a refused one does not)
  const caller = (c.get("caller" as never) as Caller | undefined) ?? LOCAL_CALLER;
  if (route.llm && ctx.llmAllowance && !(await ctx.llmAllowance.consume(caller.id)))
    throw new ApiError(
      "quota",
      "llm_allowance_exhausted",
      `오늘(UTC) 이 키로 LLM을 쓰는 요청 ${ctx.llmAllowance.limit}회를 모두 썼습니다. UTC 자정 이후 다시 시도하거나, 운영자에게 하루 한도를 늘려 달라고 하세요.`,
    );
  return route.handle({
    body,
    query,
    params,
    caller,
    services: ctx.services,
    c,
  });
}

export interface AppOptions {
  /**
   * requests handled at once past which the app answers 503 with Retry-After instead of queueing
   * (`/health` is never refused); unset, no limit (a Lambda instance takes one request at a time)
   */
  maxInFlight?: number;
}

/** What a shed request is told to wait, in seconds. */
export const RETRY_AFTER_SECONDS = 1;

/** The path that answers whatever the load: liveness. */
const NEVER_SHED = "/health";

/** The error a request ended in, kept for the log line of its answer. */
const CAUSE = "dongne.cause" as never;
/** A request refused by load shedding (logged as a warning, not with a cause). */
const SHED = "dongne.shed" as never;

/** What a log line says of an error: name, message, code and cause; the stack only when unexpected. */
function describe(err: unknown, unexpected: boolean): unknown {
  if (unexpected || !(err instanceof Error)) return err;
  const { name, message } = err;
  const code = (err as { code?: unknown }).code;
  const cause = err.cause instanceof Error ? `${err.cause.name}: ${err.cause.message}` : err.cause;
  return { name, message, ...(code ? { code } : {}), ...(cause !== undefined ? { cause } : {}) };
}

/** What the log line of a 5xx answer says of its request. */
interface Answered {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * The one place an answer of 500 or more is logged, whatever produced it (a thrown error, kept by the
 * error handler as the request's cause; a route answering the status itself; load shedding).
 */
function logServerError(fields: Answered, cause: unknown, shed: boolean): void {
  if (shed) return logger.warn("load shed", { ...fields });
  if (cause === undefined)
    return logger.error("server error", { ...fields, cause: "the route answered this status itself" });
  const unexpected = answerFor(cause).unexpected;
  logger.error(unexpected ? "unhandled error" : "server error", {
    ...fields,
    error: describe(cause, unexpected),
  });
}

/** `context` is asked once per request: in AWS the runtime behind it is rebuilt when the keys change. */
export function createApp(context: () => Promise<AppContext> | AppContext, options: AppOptions = {}): Hono {
  const app = new Hono();
  app.use("*", requestId());
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    const answered: Answered = {
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    if (answered.status >= 500) logServerError(answered, c.get(CAUSE), Boolean(c.get(SHED)));
    logger.debug("request", { ...answered });
  });
  // the page's policy on every HTML answer, whichever route made it (reports, the unbuilt page's 503)
  app.use("*", async (c, next) => {
    await next();
    if (!/^text\/html\b/i.test(c.res.headers.get("content-type") ?? "")) return;
    if (c.res.headers.has("content-security-policy")) return;
    try {
      c.res.headers.set("content-security-policy", CSP);
    } catch {
      // immutable headers (a fetched Response): a copy takes them
      const res = new Response(c.res.body, c.res);
      res.headers.set("content-security-policy", CSP);
      c.res = res;
    }
  });
  const { maxInFlight } = options;
  if (maxInFlight) {
    let inFlight = 0;
    app.use("*", async (c, next) => {
      if (c.req.path === NEVER_SHED) return next();
      if (inFlight >= maxInFlight) {
        c.set(SHED, true as never);
        const error = new ApiError(
          "unavailable",
          "overloaded",
          `서버가 지금 한도인 요청 ${maxInFlight}개를 처리하고 있습니다. ${RETRY_AFTER_SECONDS}초 뒤에 다시 시도하세요.`,
        );
        return c.json(errorBody(error), error.status, { "retry-after": String(RETRY_AFTER_SECONDS) });
      }
      inFlight++;
      try {
        await next();
      } finally {
        inFlight--;
      }
    });
  }

  for (const route of ROUTES) {
    app.on(route.method.toUpperCase(), honoPath(route.path), async (c) => {
      return serve(route, c, await context());
    });
  }

  app.notFound((c) => {
    const error = new ApiError("not_found", "not_found", `${c.req.method} ${c.req.path} 경로는 없습니다`);
    return c.json(errorBody(error), error.status);
  });
  app.onError((err, c) => {
    const { error } = answerFor(err);
    c.set(CAUSE, err as never); // logged with the answer, if it is a 5xx
    // a body cut off at its limit is left unread: the connection cannot carry another request
    const close = error.status === 413 ? { connection: "close" } : undefined;
    return c.json(errorBody(error), error.status, close);
  });
  return app;
}
