// The HTTP API (Hono). Thin: validate the request with zod, call a service, shape the answer.
// Every error is JSON {error: {code, message, field?}}; no stack trace reaches a client.
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { z } from "zod";
import { logger } from "../../shared/log.ts";
import { recordMetrics, type MetricValues } from "../../shared/metrics.ts";
import { toGeoJson } from "../../shared/place-search/geojson.ts";
import type { AgentResponse } from "../../shared/place-search/place.ts";
import { checkPlan } from "../../shared/place-search/plan-check.ts";
import { PlanRequest, type PlanResponse, type SearchPlan } from "../../shared/place-search/schemas.ts";
import { openApiDocument } from "./openapi.ts";
import type { SimulationServices } from "../simulation/local.ts";
import { reportHtml } from "../../shared/simulation/report.ts";
import { SimulationRequest } from "../../shared/simulation/service.ts";

export interface ApiServices {
  simulations: SimulationServices;
  planSearch(query: string): Promise<PlanResponse>;
  search(query: string): Promise<AgentResponse>;
  executePlan(plan: SearchPlan, query?: string): Promise<AgentResponse>;
  /** the public image URL of a Google photo, or null when Google is not configured */
  photoUri(name: string): Promise<string | null>;
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

const MAX_BODY_BYTES = 64 * 1024;

const ExecuteRequest = z.object({
  plan: z.unknown().refine((v) => v !== undefined, "is required"),
  query: z.string().max(500).optional(),
});

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
  const tooLarge = () =>
    new ApiError(413, "body_too_large", `the body must be at most ${MAX_BODY_BYTES} bytes`, "body");
  if (Number(c.req.header("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge();
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

const usageMetrics = (meta: {
  llmCalls: number;
  llmTokens: { input: number; output: number };
  durationMs: number;
}): MetricValues => ({
  LlmCalls: meta.llmCalls,
  LlmInputTokens: meta.llmTokens.input,
  LlmOutputTokens: meta.llmTokens.output,
  Latency: meta.durationMs,
});

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
    const plan = await services.planSearch(query);
    recordMetrics("plan", usageMetrics(plan.meta));
    return c.json(plan);
  });

  /** ?format=json (default) or ?format=geojson */
  const answer = (c: Context, r: AgentResponse, operation: "search" | "execute") => {
    recordMetrics(operation, { ...usageMetrics(r.meta), ProviderCalls: r.meta.apiCalls });
    const format = c.req.query("format") ?? "json";
    if (format === "geojson")
      return c.body(JSON.stringify(toGeoJson(r)), 200, { "content-type": "application/geo+json" });
    if (format !== "json") throw new ApiError(400, "invalid_request", "must be json or geojson", "format");
    return c.json(r);
  };

  app.post("/v1/search", async (c) => {
    const { query } = await readJson(c, PlanRequest);
    return answer(c, await services.search(query), "search");
  });

  app.post("/v1/search/execute", async (c) => {
    const body = await readJson(c, ExecuteRequest);
    const checked = checkPlan(body.plan);
    if (!checked.ok) {
      const first = checked.problems[0];
      throw new ApiError(
        400,
        "invalid_plan",
        `${first.message}${
          checked.problems.length > 1
            ? ` (+${checked.problems.length - 1} more: ${checked.problems
                .slice(1, 4)
                .map((p) => `${p.path}: ${p.message}`)
                .join("; ")})`
            : ""
        }`,
        `plan.${first.path}`,
      );
    }
    return answer(c, await services.executePlan(checked.plan, body.query), "execute");
  });

  const simulationId = (c: Context) => {
    const id = c.req.param("id") ?? "";
    if (!/^[\w-]{1,80}$/.test(id)) throw new ApiError(400, "invalid_request", "not a simulation id", "id");
    return id;
  };
  const notFound = (what: string) => new ApiError(404, "not_found", `no ${what}`);

  app.post("/v1/simulations", async (c) => {
    const request = await readJson(c, SimulationRequest);
    const { id } = await services.simulations.start(request);
    return c.json(
      {
        id,
        status: "running",
        links: {
          self: `/v1/simulations/${id}`,
          report: `/v1/simulations/${id}/report`,
          reportHtml: `/v1/simulations/${id}/report.html`,
        },
      },
      202,
    );
  });

  app.post("/v1/simulations/:id/resume", async (c) => {
    const started = await services.simulations.resume(simulationId(c));
    if (!started) throw notFound("such simulation");
    return c.json({ id: started.id, status: "running" }, 202);
  });

  app.get("/v1/simulations/:id", async (c) => {
    const meta = await services.simulations.status(simulationId(c));
    if (!meta) throw notFound("such simulation");
    return c.json({
      ...meta,
      progress: {
        completedSlots: meta.completedSlots.length,
        totalSlots: meta.totalSlots,
        percent: Math.round((100 * meta.completedSlots.length) / meta.totalSlots),
      },
    });
  });

  app.get("/v1/simulations/:id/report", async (c) => {
    const report = await services.simulations.report(simulationId(c));
    if (!report) throw notFound("such simulation");
    return c.json(report);
  });

  app.get("/v1/simulations/:id/report.html", async (c) => {
    const report = await services.simulations.report(simulationId(c));
    if (!report) throw notFound("such simulation");
    return c.html(reportHtml(report));
  });

  app.get("/v1/stores/:id/ratings", async (c) => {
    const sim = c.req.query("simulation");
    if (!sim)
      throw new ApiError(
        400,
        "invalid_request",
        "is required: the simulation whose ratings to show",
        "simulation",
      );
    const storeId = c.req.param("id");
    if (!/^S\d{3,}$/.test(storeId))
      throw new ApiError(400, "invalid_request", "must be a store id like S001", "id");
    const ratings = await services.simulations.storeRatings(sim, storeId);
    if (!ratings) throw notFound("such simulation");
    const a = ratings.aggregate;
    return c.json({
      store_id: storeId,
      simulation: sim,
      count: a?.count ?? 0,
      average: a?.count ? Math.round((a.sum / a.count) * 100) / 100 : null,
      tags: a?.tags ?? {},
      visits: ratings.visits,
    });
  });

  app.get("/v1/place-photos/*", async (c) => {
    const name = c.req.path.slice("/v1/place-photos/".length);
    const uri = /^places\/[^/]+\/photos\/[^/]+$/.test(name) ? await services.photoUri(name) : null;
    if (!uri) throw new ApiError(404, "not_found", "no such photo, or Google Places is not configured");
    return c.redirect(uri, 302);
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
