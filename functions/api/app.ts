// The HTTP API (Hono). Thin: validate the request with zod, call a service, shape the answer.
// Every error is JSON {error: {code, message, field?}}; no stack trace reaches a client.
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { z } from "zod";
import { logger } from "../../shared/log.ts";
import { PlanRequest, type PlanResponse } from "../../shared/place-search/schemas.ts";
import { openApiDocument } from "./openapi.ts";

export interface ApiServices {
  planSearch(query: string): Promise<PlanResponse>;
}

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 415 | 500 | 502 | 503,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 16 * 1024;

function errorResponse(c: Context, err: ApiError) {
  return c.json(
    { error: { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) } },
    err.status,
  );
}

/** Reads a JSON object body and validates it; every failure names the field and the reason. */
async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(
      400,
      "unsupported_content_type",
      "the body must be JSON (Content-Type: application/json)",
      "content-type",
    );
  }
  // the limit is checked here rather than with hono's bodyLimit, which makes @hono/node-server build a
  // full Request per call (a 4× throughput loss measured in bench/)
  const tooLarge = new ApiError(
    413,
    "body_too_large",
    `the body must be at most ${MAX_BODY_BYTES} bytes`,
    "body",
  );
  if (Number(c.req.header("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge;
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge;
  if (!text.trim()) throw new ApiError(400, "missing_body", "a JSON body is required", "body");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "the body is not valid JSON", "body");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError(400, "invalid_body", "the body must be a JSON object", "body");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join(".") || "body";
    const missing =
      issue.code === "invalid_type" && (body as Record<string, unknown>)[String(issue.path[0])] === undefined;
    throw new ApiError(400, "invalid_request", missing ? "is required" : issue.message, field);
  }
  return parsed.data;
}

export function createApp(services: ApiServices): Hono {
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

  app.get("/health", (c) => c.json({ status: "ok", service: "dongne" }));
  app.get("/openapi.json", (c) => c.json(openApiDocument()));

  app.post("/v1/search/plan", async (c) => {
    const { query } = await readJson(c, PlanRequest);
    return c.json(await services.planSearch(query));
  });

  app.notFound((c) =>
    errorResponse(c, new ApiError(404, "not_found", `no route for ${c.req.method} ${c.req.path}`)),
  );
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    if (err instanceof HTTPException && err.status < 500) {
      return errorResponse(c, new ApiError(400, "bad_request", err.message || "bad request"));
    }
    logger.error("unhandled error", { requestId: c.get("requestId"), error: err });
    return errorResponse(
      c,
      new ApiError(500, "internal", "internal error; the request id is in the x-request-id header"),
    );
  });
  return app;
}
