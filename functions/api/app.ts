// The HTTP API (Hono), built from the route table: each request's caller is established (the Lambda
// authorizer's verdict in AWS, the same key check locally when keys are configured, open otherwise),
// its path, query and body checked by the route's schemas, then the route runs. Every error is JSON
// {error: {code, message, field?}}; no stack trace reaches a client.
import { Hono, type Context } from "hono";
import { requestId } from "hono/request-id";
import type { ApiKeyEntry } from "../../shared/platform/config-api-keys.ts";
import { logger } from "../../shared/platform/log.ts";
import { API_KEY_HEADER, authenticate, LOCAL_CALLER, type Caller, type Scope } from "./auth.ts";
import { ApiError, answerFor, errorBody } from "./errors.ts";
import { readJson, readParams } from "./request.ts";
import type { ApiServices, RouteDef } from "./route.ts";
import { honoPath, ROUTES } from "./routes/index.ts";

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
        `a valid API key is required in the ${API_KEY_HEADER} header`,
        API_KEY_HEADER,
      );
    if (!caller.scopes.includes(route.access))
      throw new ApiError(
        "forbidden",
        "forbidden",
        `this key may not ${route.access === "write" ? "start or change work" : "read"}`,
      );
    c.set("caller" as never, caller as never);
  }
  const params = route.params ? readParams(c.req.param(), route.params) : undefined;
  const query = route.query ? readParams(c.req.query(), route.query) : undefined;
  const body = !route.body
    ? undefined
    : route.bodyOptional && !(await c.req.text()).trim()
      ? route.body.parse({})
      : await readJson(c, route.body, route.maxBodyBytes);
  // a request that reached here was well formed: it counts (a refused one does not)
  const caller = (c.get("caller" as never) as Caller | undefined) ?? LOCAL_CALLER;
  if (route.llm && ctx.llmAllowance && !(await ctx.llmAllowance.consume(caller.id)))
    throw new ApiError(
      "quota",
      "llm_allowance_exhausted",
      `오늘(UTC) 이 키로 LLM을 쓰는 요청 ${ctx.llmAllowance.limit}회를 모두 썼습니다. UTC 자정 이후 다시 시도하거나, 운영자에게 한도(API_LLM_REQUESTS_PER_CALLER_PER_DAY)를 늘려 달라고 하세요. (The key's daily allowance of ${ctx.llmAllowance.limit} LLM-backed requests is used up.)`,
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

/** `context` is asked once per request: in AWS the runtime behind it is rebuilt when the keys change. */
export function createApp(context: () => Promise<AppContext> | AppContext): Hono {
  const app = new Hono();
  app.use("*", requestId());
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    logger.debug("request", {
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  for (const route of ROUTES) {
    app.on(route.method.toUpperCase(), honoPath(route.path), async (c) => {
      return serve(route, c, await context());
    });
  }

  app.notFound((c) => {
    const error = new ApiError("not_found", "not_found", `no route for ${c.req.method} ${c.req.path}`);
    return c.json(errorBody(error), error.status);
  });
  app.onError((err, c) => {
    const { error, unexpected } = answerFor(err);
    if (unexpected) logger.error("unhandled error", { requestId: c.get("requestId"), error: err });
    return c.json(errorBody(error), error.status);
  });
  return app;
}
