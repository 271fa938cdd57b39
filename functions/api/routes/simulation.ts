// The neighbourhood simulation (seed 004): runs, their reports and raw data, one agent's decisions, a
// store's ratings (experiments: experiments.ts).
import { z } from "zod";
import { asSeenBy, exportStart, ratingSummary, withProgress } from "../../../shared/simulation/api.ts";
import {
  CONTENT_TYPES,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORT_PAGE_ROWS,
} from "../../../shared/simulation/export.ts";
import { reportHtml } from "../../../shared/simulation/report-html.ts";
import {
  DecisionRecord,
  ResumeRequest,
  SimulationId,
  SimulationMeta,
  SimulationStart,
} from "../../../shared/simulation/schemas.ts";
import { SpendEstimate } from "../../../shared/simulation/spend.ts";
import { CSP } from "../web-page.ts";
import { queryInteger } from "../request.ts";
import { error, json, notFound, READ, route, START, type RouteDef } from "../route.ts";

const IdParam = z.object({ id: SimulationId });
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
  limit: queryInteger(1, EXPORT_PAGE_ROWS).optional(),
});
const AgentParams = IdParam.extend({
  agentId: z.string().regex(/^[A-Za-z]\w{0,39}$/, "에이전트 id가 아닙니다 (R001, P012 같은 형식)"),
});
const AgentDecisions = z.object({
  simulation: z.string(),
  agent_id: z.string(),
  count: z.number().int(),
  decisions: z.array(DecisionRecord),
});
const StoreRatings = z.object({
  store_id: z.string(),
  simulation: z.string(),
  count: z.number().int(),
  average: z.number().nullable(),
  tags: z.record(z.string(), z.number()),
  visits: z.array(z.record(z.string(), z.unknown())),
});

const links = (id: string) => ({
  self: `/v1/simulations/${id}`,
  report: `/v1/simulations/${id}/report`,
  reportHtml: `/v1/simulations/${id}/report.html`,
});

/** Starting, estimating, following and resuming a run. */
const runs: RouteDef[] = [
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
      404: error("No such recorded simulation to replay"),
      409: error("The simulation to replay was not recorded, or its world changed since"),
      429: error("The caller's daily agent-days are used up"),
    },
    handle: async ({ body, caller, services, c }) => {
      const started = await services.simulations.startOrReplay(body, caller.id);
      if (!started) throw notFound("재실행할 시뮬레이션이 없습니다");
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
      404: error("No such recorded simulation"),
    },
    handle: async ({ body, services, c }) => {
      const estimate = await services.simulations.estimate(body);
      if (!estimate) throw notFound("재실행할 시뮬레이션이 없습니다");
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
    answers: { 200: json(SimulationStatus, "The simulation"), 404: error("No such simulation") },
    handle: async ({ params, caller, services, c }) => {
      const meta = await services.simulations.status(params.id);
      if (!meta) throw notFound("그런 시뮬레이션이 없습니다");
      return c.json(withProgress(asSeenBy(meta, caller.id))); // createdBy to its creator only
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
      404: error("No such simulation"),
      409: error("It is running, or completed, or its budget has no room left"),
    },
    handle: async ({ params, body, services, c }) => {
      const resumed = await services.simulations.resume(params.id, body);
      if (!resumed) throw notFound("그런 시뮬레이션이 없습니다");
      return c.json({ id: resumed.id, status: "pending", links: links(resumed.id) }, 202);
    },
  }),
];

/** What a run produced: its report, its raw rows, one agent's turns. */
const results: RouteDef[] = [
  route({
    method: "get",
    path: "/v1/simulations/{id}/report",
    summary: "The simulation's report: visits by store, category and slot, ratings, decisions",
    access: "read",
    throttle: READ,
    params: IdParam,
    answers: { 200: json(z.record(z.string(), z.unknown()), "The report"), 404: error("No such simulation") },
    handle: async ({ params, services, c }) => {
      const report = await services.simulations.report(params.id);
      if (!report) throw notFound("그런 시뮬레이션이 없습니다");
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
    answers: { 200: { description: "HTML", contentType: "text/html" }, 404: error("No such simulation") },
    handle: async ({ params, services, c }) => {
      const report = await services.simulations.report(params.id);
      if (!report) throw notFound("그런 시뮬레이션이 없습니다");
      return c.html(reportHtml(report), 200, { "content-security-policy": CSP }); // the page's own policy
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
      200: {
        description: "A page of rows: JSON Lines, or CSV for format=csv",
        contentType: CONTENT_TYPES.jsonl,
        also: { "text/csv": null },
      },
      404: error("No such simulation"),
    },
    handle: async ({ params, query, services, c }) => {
      const page = await services.simulationExport.page(params.id, {
        kind: query.kind,
        format: query.format,
        start: exportStart(query.cursor, params.id, query.kind),
        maxRows: query.limit,
      });
      if (!page) throw notFound("그런 시뮬레이션이 없습니다");
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
      404: error("No such simulation, or no such agent in it"),
    },
    handle: async ({ params, services, c }) => {
      const found = await services.simulations.agentDecisions(params.id, params.agentId);
      if ("missing" in found)
        throw notFound(
          found.missing === "simulation"
            ? "그런 시뮬레이션이 없습니다"
            : "이 시뮬레이션에 그런 에이전트가 없습니다",
        );
      return c.json({
        simulation: params.id,
        agent_id: params.agentId,
        count: found.length,
        decisions: found,
      });
    },
  }),
];

const storeRatings = route({
  method: "get",
  path: "/v1/stores/{id}/ratings",
  summary: "A store's rating aggregate and its visits in a simulation",
  access: "read",
  throttle: READ,
  params: z.object({ id: z.string().regex(/^S\d{3,8}$/, "S001 같은 가게 id여야 합니다") }),
  query: z.object({
    simulation: z.string({ error: "필수 항목입니다: 평점을 볼 시뮬레이션 id" }).pipe(SimulationId),
  }),
  answers: { 200: json(StoreRatings, "The store's ratings"), 404: error("No such simulation or store") },
  handle: async ({ params, query, services, c }) => {
    const ratings = await services.simulations.storeRatings(query.simulation, params.id);
    if (!ratings) throw notFound("그런 시뮬레이션이나 가게가 없습니다");
    return c.json({
      store_id: params.id,
      simulation: query.simulation,
      ...ratingSummary(ratings.aggregate),
      visits: ratings.visits,
    });
  },
});

export const simulationRoutes: RouteDef[] = [...runs, ...results];

/** After the experiments (the table's order, which the OpenAPI document keeps). */
export const storeRatingRoutes: RouteDef[] = [storeRatings];
