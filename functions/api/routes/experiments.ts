// The simulation's experiments (seed 004): a scenario (stores added, closed, repriced; more or fewer
// visitors) against its baseline, every arm a simulation.
import { z } from "zod";
import { asSeenBy } from "../../../shared/simulation/api.ts";
import { experimentHtml } from "../../../shared/simulation/experiment-report.ts";
import { ExperimentId, ExperimentRequest } from "../../../shared/simulation/experiment-schemas.ts";
import { CSP } from "../web-page.ts";
import { error, json, notFound, READ, route, START, type RouteDef } from "../route.ts";

const ExperimentParam = z.object({ id: ExperimentId });
const ExperimentAccepted = z.object({
  id: z.string(),
  status: z.enum(["running"]),
  arms: z.array(z.object({ seed: z.number(), arm: z.string(), simulationId: z.string() })),
  links: z.object({ self: z.string(), reportHtml: z.string() }),
});

export const experimentRoutes: RouteDef[] = [
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
      429: error("The arms' agent-days would pass the caller's daily limit (none started)"),
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
    answers: {
      200: json(z.record(z.string(), z.unknown()), "The experiment"),
      404: error("No such experiment"),
    },
    handle: async ({ params, caller, services, c }) => {
      const e = await services.experiments.status(params.id);
      if (!e) throw notFound("그런 실험이 없습니다");
      return c.json(asSeenBy(e, caller.id)); // createdBy to its creator only
    },
  }),
  route({
    method: "get",
    path: "/v1/experiments/{id}/report.html",
    summary: "The experiment as a page with charts: both arms per category, differences with intervals",
    access: "read",
    throttle: READ,
    params: ExperimentParam,
    answers: { 200: { description: "HTML", contentType: "text/html" }, 404: error("No such experiment") },
    handle: async ({ params, services, c }) => {
      const e = await services.experiments.status(params.id);
      if (!e) throw notFound("그런 실험이 없습니다");
      return c.html(experimentHtml(e), 200, { "content-security-policy": CSP }); // the page's own policy
    },
  }),
];
