// Restaurant QA (seed 002): asking, searching, a document, ingesting documents, and the ingest's job.
import { z } from "zod";
import { RestaurantDocument } from "../../../shared/places/restaurant-document.ts";
import { IngestReport } from "../../../shared/restaurant-qa/ingest.ts";
import {
  AskRequest,
  AskResponse,
  SearchRequest,
  SearchResponse,
} from "../../../shared/restaurant-qa/state.ts";
import { Job, JobId } from "../../../shared/store/jobs.ts";
import { error, json, notFound, READ, route, SEARCH, START, type RouteDef } from "../route.ts";

export const restaurantQaRoutes: RouteDef[] = [
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
    params: z.object({ place_id: z.string().regex(/^[\w.-]{1,64}$/, "place_id가 아닙니다") }),
    answers: {
      200: json(RestaurantDocument.omit({ embedding: true }), "The document"),
      404: error("No such restaurant"),
    },
    handle: async ({ params, services, c }) => {
      const doc = await services.restaurants.get(params.place_id);
      if (!doc) throw notFound("그런 음식점이 없습니다");
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
    body: z.object({ documents: z.array(z.unknown()).min(1, "문서가 하나 이상 있어야 합니다").max(20_000) }),
    maxBodyBytes: 5 * 1024 * 1024,
    answers: {
      200: json(
        IngestReport,
        "indexed, updated, unchanged and rejected ({index, place_id?, field, reason}; a record over 100 KiB of" +
          " JSON is rejected whole). Whole or partial, and said so: `written` lists exactly the records the" +
          " index holds as sent ({index, place_id, result}); when a batch fails after earlier ones were written" +
          " the answer is still 200, with `partial: true` and `failed` ({index, place_id?, reason}) listing" +
          " the records not known to be written. An upload with no valid record changes nothing.",
      ),
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
    answers: { 200: json(Job, "The job"), 404: error("No such job") },
    handle: async ({ params, caller, services, c }) => {
      // createdBy only to the caller who created the job; blob references, never server paths
      const job = await services.restaurants.job(params.id, caller.id);
      if (!job) throw notFound("그런 작업이 없습니다");
      return c.json(job);
    },
  }),
];
