// The API's routes, listed once: method, path, who may call it, its per-route throttle, the schemas of
// its parameters, body and answers, and what it does — one file per feature, assembled here. The Hono
// app registers them, the CDK API construct creates the API Gateway routes (with the authorizer and
// throttles) from them, and the OpenAPI document is generated from them.
import type { RouteDef } from "../route.ts";
import { experimentRoutes } from "./experiments.ts";
import { newsRoutes } from "./news.ts";
import { placeSearchRoutes } from "./place-search.ts";
import { publicRoutes } from "./public.ts";
import { restaurantQaRoutes } from "./restaurant-qa.ts";
import { simulationRoutes, storeRatingRoutes } from "./simulation.ts";

export const ROUTES: RouteDef[] = [
  ...publicRoutes(() => ROUTES),
  ...placeSearchRoutes,
  ...newsRoutes,
  ...restaurantQaRoutes,
  ...simulationRoutes,
  ...experimentRoutes,
  ...storeRatingRoutes,
];

/** The route's path as Hono writes it: {id} → :id, {name+} → :name{.+}. */
export const honoPath = (path: string) =>
  path.replace(/\{(\w+)\+\}/g, ":$1{.+}").replace(/\{(\w+)\}/g, ":$1");
