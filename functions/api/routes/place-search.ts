// Place search (seeds 000/001): planning, search and its next pages, a caller's own plan, photos.
import type { Context } from "hono";
import { z } from "zod";
import { checkedPlan } from "../../../shared/place-search/api.ts";
import { toGeoJson } from "../../../shared/place-search/geojson.ts";
import { PlaceSearchRequest, PlanRequest, PlanResponse } from "../../../shared/place-search/schemas.ts";
import { absolutePhotoUrls, AgentResponse } from "../../../shared/places/place.ts";
import { error, json, notFound, READ, route, SEARCH, type Answer, type RouteDef } from "../route.ts";

const Format = z.object({ format: z.enum(["json", "geojson"]).default("json") });
const ExecuteRequest = z.object({
  plan: z.unknown().refine((v) => v !== undefined, "필수 항목입니다"),
  query: z.string().max(500).optional(),
});

/** ?format=geojson: an RFC 7946 FeatureCollection of the places (shared/place-search/geojson.ts). */
const GeoJsonPlaces = z.looseObject({
  type: z.literal("FeatureCollection"),
  features: z.array(
    z.looseObject({
      type: z.literal("Feature"),
      id: z.string(),
      geometry: z.object({ type: z.literal("Point"), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.record(z.string(), z.unknown()),
    }),
  ),
  query: z.string(),
  totalCount: z.number(),
  meta: z.record(z.string(), z.unknown()),
});
const Places: Answer = {
  ...json(AgentResponse, "Places in seed 000's format; ?format=geojson: a GeoJSON FeatureCollection"),
  also: { "application/geo+json": GeoJsonPlaces },
};

/** ?format=json (default) or ?format=geojson; photo URLs (this API's photo route) made absolute */
const places = (c: Context, response: AgentResponse, format: "json" | "geojson") => {
  const r = absolutePhotoUrls(response, new URL(c.req.url).origin);
  return format === "geojson"
    ? c.body(JSON.stringify(toGeoJson(r)), 200, { "content-type": "application/geo+json" })
    : c.json(r);
};

export const placeSearchRoutes: RouteDef[] = [
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
      "Plan and run a place search; seed 000's AgentResponse (or GeoJSON). `location` is the user's position (근처 카페 searches around it); `cursor` (meta.page.next of an earlier answer) returns its next page without planning again. Only places of the kind asked are in `places` and `totalCount`; `summary` is the answer's first sentence (it says when the kind was not found, or only a few were), and `alternatives` holds places of near kinds, apart",
    access: "read",
    throttle: SEARCH,
    body: PlaceSearchRequest,
    query: Format,
    answers: { 200: Places },
    handle: async ({ body, query, services, c }) =>
      places(
        c,
        body.cursor === undefined
          ? await services.placeSearch.search(body.query!, body.location)
          : await services.placeSearch.next(body.cursor),
        query.format,
      ),
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
    answers: { 200: Places },
    handle: async ({ body, query, services, c }) =>
      places(c, await services.placeSearch.execute(checkedPlan(body.plan), body.query), query.format),
  }),
  route({
    method: "get",
    path: "/v1/place-photos/{name+}",
    summary: "Redirect to a Google place photo without exposing the key",
    access: "read",
    throttle: READ,
    params: z.object({
      name: z.string().regex(/^places\/[\w-]{1,300}\/photos\/[\w-]{1,1000}$/, "Google 사진 이름이 아닙니다"),
    }),
    // as Google's own media endpoint: ?skipHttpRedirect=true answers the URL as JSON instead
    query: z.object({ skipHttpRedirect: z.enum(["true", "false"]).default("false") }),
    answers: {
      200: json(z.object({ photoUri: z.string() }), "?skipHttpRedirect=true: the photo's public URL"),
      302: { description: "Redirect to the photo's public URL (in the Location header)" },
      404: error("No such photo, or Google Places is not configured"),
      502: error("Google Places failed"),
      504: error("Google Places did not answer within the request's time budget"),
    },
    handle: async ({ params, query, services, c }) => {
      const uri = await services.placeSearch.photoUri(params.name);
      if (!uri) throw notFound("그런 사진이 없거나 Google Places가 설정되지 않았습니다");
      return query.skipHttpRedirect === "true" ? c.json({ photoUri: uri }) : c.redirect(uri, 302);
    },
  }),
];
