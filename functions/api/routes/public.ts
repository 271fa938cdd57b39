// The routes anyone may call: liveness, readiness, this API's OpenAPI document, and the page for people (web/)
// with its assets — public like /health, since the page holds no data (its requests carry the key).
import { z } from "zod";
import { openApiDocument } from "../openapi.ts";
import { notReady } from "../readiness.ts";
import { error, json, route, type RouteDef } from "../route.ts";
import { webAsset, webPage } from "../web-page.ts";

/** `all`: the whole table, which the OpenAPI document is built from (asked when the document is). */
export const publicRoutes = (all: () => readonly RouteDef[]): RouteDef[] => [
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
    path: "/ready",
    summary:
      "Readiness: 200 once every workflow can answer its first request within budget; until then 503 with Retry-After and why",
    access: "public",
    throttle: { rate: 10, burst: 20 },
    answers: {
      200: json(z.object({ status: z.literal("ready"), service: z.string() }), "Ready"),
      503: error("Not ready yet (the local server builds its indexes): the reason, and Retry-After"),
    },
    handle: ({ c }) => {
      const refusal = notReady(c);
      if (refusal) throw refusal;
      return c.json({ status: "ready", service: "dongne" });
    },
  }),
  route({
    method: "get",
    path: "/openapi.json",
    summary: "This document: OpenAPI 3.1, generated from the same zod schemas that check requests",
    access: "public",
    throttle: { rate: 10, burst: 20 },
    answers: { 200: { description: "OpenAPI 3.1", contentType: "application/json" } },
    handle: ({ c }) => c.json(openApiDocument(all())),
  }),
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
      name: z.string().regex(/^[\w-]{1,80}\.(?:js|css|png|svg)$/, "페이지의 파일이 아닙니다"),
    }),
    answers: {
      200: {
        description: "The file, gzip-encoded when the client accepts it",
        contentType: "text/javascript",
        also: { "text/css": null, "image/png": null, "image/svg+xml": null },
      },
      404: error("No such asset"),
    },
    handle: ({ params, c }) => webAsset(c, params.name),
  }),
];
