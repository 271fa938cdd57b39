// The API's routes, listed once: method, path, who may call it, its per-route throttle, the schemas of
// its parameters, body and answers, and what it does. The Hono app registers them, the CDK API
// construct creates the API Gateway routes (with the authorizer and throttles) from them, and the
// OpenAPI document is generated from them.
import type { Context } from "hono";
import { z } from "zod";
import { toGeoJson } from "../../shared/place-search/geojson.ts";
import { CursorError } from "../../shared/place-search/cursor.ts";
import { absolutePhotoUrls, AgentResponse } from "../../shared/places/place.ts";
import { checkPlan } from "../../shared/place-search/plan-check.ts";
import { PlaceSearchRequest, PlanRequest, PlanResponse } from "../../shared/place-search/schemas.ts";
import { NewsSearchRequest, NewsSearchResponse } from "../../shared/news/schemas.ts";
import { renderNewsText } from "../../shared/news/api.ts";
import { Job, JobId } from "../../shared/store/jobs.ts";
import { RestaurantDocument } from "../../shared/places/restaurant-document.ts";
import { IngestReport } from "../../shared/restaurant-qa/ingest.ts";
import { AskRequest, AskResponse, SearchRequest, SearchResponse } from "../../shared/restaurant-qa/state.ts";
import {
  CONTENT_TYPES,
  decodeCursor,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORT_PAGE_ROWS,
} from "../../shared/simulation/export.ts";
import { experimentHtml } from "../../shared/simulation/experiment-report.ts";
import { ExperimentId, ExperimentRequest } from "../../shared/simulation/experiment-schemas.ts";
import { reportHtml } from "../../shared/simulation/report.ts";
import {
  DecisionRecord,
  ResumeRequest,
  SimulationId,
  SimulationMeta,
  SimulationStart,
} from "../../shared/simulation/schemas.ts";
import { SpendEstimate } from "../../shared/simulation/spend.ts";
import { ApiError } from "./errors.ts";
import { openApiDocument } from "./openapi.ts";
import { json, route, type RouteDef } from "./route.ts";
import { webAsset, webPage } from "./web-page.ts";

const Format = z.object({ format: z.enum(["json", "geojson"]).default("json") });
const IdParam = z.object({ id: SimulationId });
const ExecuteRequest = z.object({
  plan: z.unknown().refine((v) => v !== undefined, "is required"),
  query: z.string().max(500).optional(),
});
const SimulationAccepted = z.object({
  id: z.string(),
  status: z.enum(["pending"]),
  links: z.object({ self: z.string(), report: z.string(), reportHtml: z.string() }),
  /** the run's estimated LLM use and cost (a start's; a resume has none) */
  estimate: SpendEstimate.optional(),
});
const SimulationStatus = SimulationMeta.extend({
  progress: z.object({ completedSlots: z.number(), totalSlots: z.number(), percent: z.number() }),
});
const ExportQuery = z.object({
  kind: z.enum(EXPORT_KINDS).default("decisions"),
  format: z.enum(EXPORT_FORMATS).default("jsonl"),
  /** X-Next-Cursor of the previous page */
  cursor: z.string().optional(),
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(EXPORT_PAGE_ROWS, `must be at most ${EXPORT_PAGE_ROWS}`)
    .optional(),
});
const AgentParams = IdParam.extend({
  agentId: z.string().regex(/^[A-Za-z]\w{0,39}$/, "not an agent id (like R001 or P012)"),
});
const AgentDecisions = z.object({
  simulation: z.string(),
  agent_id: z.string(),
  count: z.number().int(),
  decisions: z.array(DecisionRecord),
});
const ExperimentParam = z.object({ id: ExperimentId });
const ExperimentAccepted = z.object({
  id: z.string(),
  status: z.enum(["running"]),
  arms: z.array(z.object({ seed: z.number(), arm: z.string(), simulationId: z.string() })),
  links: z.object({ self: z.string(), reportHtml: z.string() }),
});
const StoreRatings = z.object({
  store_id: z.string(),
  simulation: z.string(),
  count: z.number().int(),
  average: z.number().nullable(),
  tags: z.record(z.string(), z.number()),
  visits: z.array(z.record(z.string(), z.unknown())),
});

const notFound = (what: string) => new ApiError(404, "not_found", `no ${what}`);
const READ = { rate: 20, burst: 40 };
const SEARCH = { rate: 20, burst: 40 };
const START = { rate: 1, burst: 3 };

/** ?format=json (default) or ?format=geojson; photo URLs (this API's photo route) made absolute */
const places = (c: Context, response: AgentResponse, format: "json" | "geojson") => {
  const r = absolutePhotoUrls(response, new URL(c.req.url).origin);
  return format === "geojson"
    ? c.body(JSON.stringify(toGeoJson(r)), 200, { "content-type": "application/geo+json" })
    : c.json(r);
};

const links = (id: string) => ({
  self: `/v1/simulations/${id}`,
  report: `/v1/simulations/${id}/report`,
  reportHtml: `/v1/simulations/${id}/report.html`,
});

export const ROUTES: RouteDef[] = [
  route({
    method: "get",
    path: "/health",
    summary: "Liveness",
    access: "public",
    throttle: { rate: 10, burst: 20 },
    answers: { 200: json(z.object({ status: z.literal("ok"), service: z.string() }), "OK") },
    handle: ({ c }) => c.json({ status: "ok", service: "dongne" }),
  }),
  route({
    method: "get",
    path: "/openapi.json",
    summary: "This document: OpenAPI 3.1, generated from the same zod schemas that check requests",
    access: "public",
    throttle: { rate: 10, burst: 20 },
    answers: { 200: { description: "OpenAPI 3.1" } },
    // loaded when asked: the document is built from this table
    handle: ({ c }) => c.json(openApiDocument(ROUTES)),
  }),
  // the page for people (web/): public like /health — it holds no data; its requests carry the key
  route({
    method: "get",
    path: "/",
    summary: "The page for people: place search on a map, restaurant QA, news and disclosures, simulations",
    access: "public",
    throttle: { rate: 10, burst: 20 },
    answers: {
      200: { description: "The page", contentType: "text/html" },
      503: { description: "The page is not built (npm run build:web)", contentType: "text/html" },
    },
    handle: ({ c }) => webPage(c),
  }),
  route({
    method: "get",
    path: "/assets/{name}",
    summary: "The page's scripts, styles and images (content-hashed names, cached for a year)",
    access: "public",
    throttle: { rate: 50, burst: 100 },
    params: z.object({
      name: z.string().regex(/^[\w-]{1,80}\.(?:js|css|png|svg)$/, "not an asset of the page"),
    }),
    answers: { 200: { description: "The file", contentType: "application/octet-stream" } },
    handle: ({ params, c }) => webAsset(c, params.name),
  }),
  route({
    method: "post",
    path: "/v1/search/plan",
    llm: true,
    summary: "Translate a natural-language query and plan the map search (seeds 000/001)",
    access: "read",
    throttle: { rate: 50, burst: 100 },
    body: PlanRequest,
    answers: { 200: json(PlanResponse, "The checked MapSearch plan") },
    handle: async ({ body, services, c }) =>
      c.json(await services.placeSearch.plan(body.query, body.location)),
  }),
  route({
    method: "post",
    path: "/v1/search",
    llm: true,
    summary:
      "Plan and run a place search; seed 000's AgentResponse (or GeoJSON). `location` is the user's position (근처 카페 searches around it); `cursor` (meta.page.next of an earlier answer) returns its next page without planning again",
    access: "read",
    throttle: SEARCH,
    body: PlaceSearchRequest,
    query: Format,
    answers: {
      200: json(AgentResponse, "Places in seed 000's format"),
      504: json(z.unknown(), "The search did not finish within the request's time budget"),
    },
    handle: async ({ body, query, services, c }) => {
      if (body.cursor === undefined)
        return places(c, await services.placeSearch.search(body.query!, body.location), query.format);
      try {
        return places(c, await services.placeSearch.next(body.cursor), query.format);
      } catch (err) {
        if (err instanceof CursorError) throw new ApiError(400, "invalid_cursor", err.message, "cursor");
        throw err;
      }
    },
  }),
  route({
    method: "post",
    path: "/v1/search/execute",
    llm: true,
    summary:
      "Run a plan written by the caller, after checking it (allow-listed actions, schemas, references)",
    access: "read",
    throttle: SEARCH,
    body: ExecuteRequest,
    query: Format,
    answers: { 200: json(AgentResponse, "Places in seed 000's format") },
    handle: async ({ body, query, services, c }) => {
      const checked = checkPlan(body.plan);
      if (!checked.ok) {
        const first = checked.problems[0]!; // a failed check names at least one problem
        const more = checked.problems.slice(1);
        const others = more
          .slice(0, 3)
          .map((p) => `${p.path}: ${p.message}`)
          .join("; ");
        throw new ApiError(
          400,
          "invalid_plan",
          `${first.message}${more.length ? ` (+${more.length} more: ${others})` : ""}`,
          `plan.${first.path}`,
        );
      }
      return places(c, await services.placeSearch.execute(checked.plan, body.query), query.format);
    },
  }),
  route({
    method: "get",
    path: "/v1/place-photos/{name+}",
    summary: "Redirect to a Google place photo without exposing the key",
    access: "read",
    throttle: READ,
    params: z.object({
      name: z.string().regex(/^places\/[\w-]{1,300}\/photos\/[\w-]{1,1000}$/, "not a Google photo name"),
    }),
    answers: { 302: { description: "The photo's public URL" } },
    handle: async ({ params, services, c }) => {
      const uri = await services.placeSearch.photoUri(params.name);
      if (!uri) throw notFound("such photo, or Google Places is not configured");
      return c.redirect(uri, 302);
    },
  }),
  route({
    method: "post",
    path: "/v1/news/search",
    llm: true,
    summary:
      "News and disclosures about Korean companies (seed 003): Naver news ∥ OpenDART, selection, an answer",
    access: "read",
    throttle: SEARCH,
    body: NewsSearchRequest,
    query: z.object({ format: z.enum(["json", "text"]).default("json") }),
    answers: {
      200: json(
        NewsSearchResponse,
        "003's final state, citations and meta; ?format=text: the summary and the answer",
      ),
    },
    handle: async ({ body, query, services, c }) => {
      const res = await services.news.search(body);
      return query.format === "text"
        ? c.text(renderNewsText(res), 200, { "content-type": "text/plain; charset=utf-8" })
        : c.json(res);
    },
  }),
  route({
    method: "post",
    path: "/v1/restaurants/ask",
    llm: true,
    summary:
      "Ask about restaurants (seed 002): rewrite, filtered kNN, grading, web fallback, an answer with citations",
    access: "read",
    throttle: SEARCH,
    body: AskRequest,
    answers: { 200: json(AskResponse, "The answer, its documents and citations, and the route taken") },
    handle: async ({ body, caller, services, c }) => c.json(await services.restaurants.ask(body, caller.id)),
  }),
  route({
    method: "post",
    path: "/v1/restaurants/search",
    llm: true,
    summary: "Search restaurant documents (seed 002's retrieval, without grading or an answer)",
    access: "read",
    throttle: SEARCH,
    body: SearchRequest,
    answers: { 200: json(SearchResponse, "The documents, best first") },
    handle: async ({ body, services, c }) => c.json(await services.restaurants.search(body)),
  }),
  route({
    method: "get",
    path: "/v1/restaurants/{place_id}",
    summary: "A restaurant document (002 §5), without its embedding",
    access: "read",
    throttle: READ,
    params: z.object({ place_id: z.string().regex(/^[\w.-]{1,64}$/, "not a place_id") }),
    answers: { 200: json(RestaurantDocument.omit({ embedding: true }), "The document") },
    handle: async ({ params, services, c }) => {
      const doc = await services.restaurants.get(params.place_id);
      if (!doc) throw notFound("such restaurant");
      return c.json(doc);
    },
  }),
  route({
    method: "post",
    path: "/v1/restaurants/documents",
    llm: true,
    summary:
      "Ingest crawled restaurant documents (002 §2): indexed within the request up to a limit, else a job (202)",
    access: "write",
    throttle: START,
    body: z.object({ documents: z.array(z.unknown()).min(1, "must hold at least one document").max(20_000) }),
    maxBodyBytes: 5 * 1024 * 1024,
    answers: {
      200: json(IngestReport, "indexed, updated, unchanged and rejected ({index, place_id?, field, reason})"),
      202: json(
        z.object({ jobId: z.string(), links: z.object({ self: z.string() }) }),
        "A job: follow links.self",
      ),
    },
    handle: async ({ body, caller, services, c }) => {
      const out = await services.restaurants.ingest(body.documents, caller.id);
      return out.kind === "done"
        ? c.json(out.report)
        : c.json({ jobId: out.jobId, links: { self: `/v1/jobs/${out.jobId}` } }, 202);
    },
  }),
  route({
    method: "get",
    path: "/v1/jobs/{id}",
    summary: "A job's status and, when it has ended, its result (an ingest's report) or error",
    access: "read",
    throttle: READ,
    params: z.object({ id: JobId }),
    answers: { 200: json(Job, "The job") },
    handle: async ({ params, services, c }) => {
      const job = await services.restaurants.job(params.id);
      if (!job) throw notFound("such job");
      return c.json(job);
    },
  }),
  route({
    method: "post",
    path: "/v1/simulations",
    summary:
      "Start a neighbourhood simulation (seed 004), or replay a recorded one ({replayOf}); it runs in the background",
    access: "write",
    throttle: START,
    body: SimulationStart,
    answers: {
      202: json(SimulationAccepted, "Accepted: the record exists; follow links.self"),
      404: json(z.unknown(), "No such recorded simulation to replay"),
      409: json(z.unknown(), "The simulation to replay was not recorded, or its world changed since"),
      429: json(z.unknown(), "The caller's daily agent-days are used up"),
    },
    handle: async ({ body, caller, services, c }) => {
      const started = await services.simulations.startOrReplay(body, caller.id);
      if (!started) throw notFound("such simulation to replay");
      const { id, estimate } = started;
      return c.json({ id, status: "pending", links: links(id), estimate }, 202);
    },
  }),
  route({
    method: "post",
    path: "/v1/simulations/estimate",
    summary:
      "What a simulation would cost before it starts (the start's body): LLM calls, tokens and USD, from measured per-agent-day figures",
    access: "read",
    throttle: READ,
    body: SimulationStart,
    answers: {
      200: json(SpendEstimate, "The estimate"),
      404: json(z.unknown(), "No such recorded simulation"),
    },
    handle: async ({ body, services, c }) => {
      const estimate = await services.simulations.estimate(body);
      if (!estimate) throw notFound("such simulation to replay");
      return c.json(estimate);
    },
  }),
  route({
    method: "get",
    path: "/v1/simulations/{id}",
    summary: "A simulation's status, parameters, decision counts, LLM use and progress",
    access: "read",
    throttle: READ,
    params: IdParam,
    answers: { 200: json(SimulationStatus, "The simulation") },
    handle: async ({ params, services, c }) => {
      const meta = await services.simulations.status(params.id);
      if (!meta) throw notFound("such simulation");
      const done = meta.completedSlots.length;
      return c.json({
        ...meta,
        progress: {
          completedSlots: done,
          totalSlots: meta.totalSlots,
          percent: Math.round((100 * done) / meta.totalSlots),
        },
      });
    },
  }),
  route({
    method: "post",
    path: "/v1/simulations/{id}/resume",
    summary:
      "Continue a stopped simulation from its last completed slot (optionally with a new LLM budget: {budgetUsd})",
    access: "write",
    throttle: START,
    params: IdParam,
    body: ResumeRequest,
    bodyOptional: true,
    answers: {
      202: json(SimulationAccepted, "Resumed"),
      409: json(z.unknown(), "It is running, or completed, or its budget has no room left"),
    },
    handle: async ({ params, body, services, c }) => {
      const resumed = await services.simulations.resume(params.id, body);
      if (!resumed) throw notFound("such simulation");
      return c.json({ id: resumed.id, status: "pending", links: links(resumed.id) }, 202);
    },
  }),
  route({
    method: "get",
    path: "/v1/simulations/{id}/report",
    summary: "The simulation's report: visits by store, category and slot, ratings, decisions",
    access: "read",
    throttle: READ,
    params: IdParam,
    answers: { 200: json(z.record(z.string(), z.unknown()), "The report") },
    handle: async ({ params, services, c }) => {
      const report = await services.simulations.report(params.id);
      if (!report) throw notFound("such simulation");
      return c.json(report);
    },
  }),
  route({
    method: "get",
    path: "/v1/simulations/{id}/report.html",
    summary: "The report as a page with charts",
    access: "read",
    throttle: READ,
    params: IdParam,
    answers: { 200: { description: "HTML", contentType: "text/html" } },
    handle: async ({ params, services, c }) => {
      const report = await services.simulations.report(params.id);
      if (!report) throw notFound("such simulation");
      return c.html(reportHtml(report));
    },
  }),
  route({
    method: "get",
    path: "/v1/simulations/{id}/export",
    summary:
      "The raw data: one row per agent turn (kind=decisions) or store visit (kind=visits), as JSON Lines or CSV (header on the first page only). A page holds at most `limit` rows and ~4 MB; when more remains, the Link (rel=next) and X-Next-Cursor headers name the next page (?cursor=)",
    access: "read",
    throttle: READ,
    params: IdParam,
    query: ExportQuery,
    answers: {
      200: { description: "A page of rows (text/csv for format=csv)", contentType: CONTENT_TYPES.jsonl },
    },
    handle: async ({ params, query, services, c }) => {
      const cursor =
        query.cursor === undefined ? undefined : decodeCursor(query.cursor, params.id, query.kind);
      if (cursor && "reason" in cursor) throw new ApiError(400, "invalid_cursor", cursor.reason, "cursor");
      const page = await services.simulationExport.page(params.id, {
        kind: query.kind,
        format: query.format,
        start: cursor?.key,
        maxRows: query.limit,
      });
      if (!page) throw notFound("such simulation");
      const headers: Record<string, string> = { "content-type": CONTENT_TYPES[query.format] };
      if (page.next) {
        const url = new URL(c.req.url);
        url.searchParams.set("cursor", page.next);
        headers.link = `<${url.pathname}${url.search}>; rel="next"`;
        headers["x-next-cursor"] = page.next;
      }
      return c.body(page.body, 200, headers);
    },
  }),
  route({
    method: "get",
    path: "/v1/simulations/{id}/agents/{agentId}/decisions",
    summary:
      "One agent's turns in slot order: each DecisionRecord (004's process_decision result with every step and its reason, step 5's action and destination, where the agent was before and after)",
    access: "read",
    throttle: READ,
    params: AgentParams,
    answers: {
      200: json(AgentDecisions, "The agent's decisions"),
      404: json(z.unknown(), "No such simulation, or no such agent in it"),
    },
    handle: async ({ params, services, c }) => {
      const found = await services.simulations.agentDecisions(params.id, params.agentId);
      if ("missing" in found)
        throw notFound(found.missing === "simulation" ? "such simulation" : "such agent in this simulation");
      return c.json({
        simulation: params.id,
        agent_id: params.agentId,
        count: found.length,
        decisions: found,
      });
    },
  }),
  route({
    method: "post",
    path: "/v1/experiments",
    summary:
      "Compare a scenario (stores added, closed, repriced; more or fewer visitors) with its baseline: both arms of every seed run as simulations in the background",
    access: "write",
    throttle: START,
    body: ExperimentRequest,
    answers: {
      202: json(ExperimentAccepted, "Accepted: every arm started; follow links.self"),
      429: json(z.unknown(), "The arms' agent-days would pass the caller's daily limit (none started)"),
    },
    handle: async ({ body, caller, services, c }) => {
      const e = await services.experiments.start(body, caller.id);
      const links = { self: `/v1/experiments/${e.id}`, reportHtml: `/v1/experiments/${e.id}/report.html` };
      return c.json({ id: e.id, status: "running", arms: e.arms, links }, 202);
    },
  }),
  route({
    method: "get",
    path: "/v1/experiments/{id}",
    summary:
      "An experiment: its arms' simulations and statuses and, once all finished, visits, visit share and mean rating per store and category in each arm, with the difference and its 95 % interval across seeds",
    access: "read",
    throttle: READ,
    params: ExperimentParam,
    answers: { 200: json(z.record(z.string(), z.unknown()), "The experiment") },
    handle: async ({ params, services, c }) => {
      const e = await services.experiments.status(params.id);
      if (!e) throw notFound("such experiment");
      return c.json(e);
    },
  }),
  route({
    method: "get",
    path: "/v1/experiments/{id}/report.html",
    summary: "The experiment as a page with charts: both arms per category, differences with intervals",
    access: "read",
    throttle: READ,
    params: ExperimentParam,
    answers: { 200: { description: "HTML", contentType: "text/html" } },
    handle: async ({ params, services, c }) => {
      const e = await services.experiments.status(params.id);
      if (!e) throw notFound("such experiment");
      return c.html(experimentHtml(e));
    },
  }),
  route({
    method: "get",
    path: "/v1/stores/{id}/ratings",
    summary: "A store's rating aggregate and its visits in a simulation",
    access: "read",
    throttle: READ,
    params: z.object({ id: z.string().regex(/^S\d{3,8}$/, "must be a store id like S001") }),
    query: z.object({
      simulation: z.string({ error: "is required: the simulation whose ratings to show" }).pipe(SimulationId),
    }),
    answers: { 200: json(StoreRatings, "The store's ratings") },
    handle: async ({ params, query, services, c }) => {
      const ratings = await services.simulations.storeRatings(query.simulation, params.id);
      if (!ratings) throw notFound("such simulation or store");
      const a = ratings.aggregate;
      return c.json({
        store_id: params.id,
        simulation: query.simulation,
        count: a?.count ?? 0,
        average: a?.count ? Math.round((a.sum / a.count) * 100) / 100 : null,
        tags: a?.tags ?? {},
        visits: ratings.visits,
      });
    },
  }),
];

/** The route's path as Hono writes it: {id} → :id, {name+} → :name{.+}. */
export const honoPath = (path: string) =>
  path.replace(/\{(\w+)\+\}/g, ":$1{.+}").replace(/\{(\w+)\}/g, ":$1");
