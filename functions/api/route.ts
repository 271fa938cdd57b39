// What a route of the API is: method, path, who may call it, its throttle, the schemas of its
// parameters, body and answers, and what it does; the services the routes call.
import type { Context } from "hono";
import type { z } from "zod";
import type { NewsService } from "../../shared/news/api.ts";
import type { PlaceSearchService } from "../../shared/place-search/api.ts";
import type { RestaurantQaService } from "../../shared/restaurant-qa/api.ts";
import type { ExperimentService } from "../../shared/simulation/experiment.ts";
import type { SimulationExport } from "../../shared/simulation/export.ts";
import type { SimulationService } from "../../shared/simulation/api.ts";
import { DongneError } from "../../shared/platform/errors.ts";
import type { Caller, Scope } from "./auth.ts";
import { ErrorBody } from "./errors.ts";

export interface ApiServices {
  placeSearch: PlaceSearchService;
  news: NewsService;
  restaurants: RestaurantQaService;
  simulations: SimulationService;
  experiments: ExperimentService;
  simulationExport: SimulationExport;
}

/** What a route is told about its request, after every part of it was checked. */
export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  caller: Caller;
  services: ApiServices;
  c: Context;
}

export interface Answer {
  description: string;
  schema?: z.ZodType;
  /** application/json unless said */
  contentType?: string;
  /** the same status in other media types (a ?format=, a file's kind): each with its schema, if any */
  also?: Record<string, z.ZodType | null>;
}

export interface RouteDef<B = unknown, Q = unknown, P = unknown> {
  method: "get" | "post";
  /** OpenAPI style: /v1/simulations/{id}; `{name+}` takes the rest of the path */
  path: string;
  summary: string;
  /** public: no credential; read / write: an API key with that scope (when keys are configured) */
  access: "public" | Scope;
  /**
   * may call the LLM within the request (search, planning, restaurant QA, news, a small ingest's
   * enrichment): counted against the caller's daily allowance when an LLM is configured
   */
  llm?: boolean;
  /** requests per second (steady) and burst, per route, at the API Gateway stage */
  throttle: { rate: number; burst: number };
  body?: z.ZodType<B>;
  /** the body may be left out (read as {}) */
  bodyOptional?: boolean;
  /** a larger body than the API's default 64 KB (document uploads) */
  maxBodyBytes?: number;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  answers: Record<number, Answer>;
  handle(input: RouteInput<B, Q, P>): Promise<Response> | Response;
}

export const route = <B = undefined, Q = undefined, P = undefined>(r: RouteDef<B, Q, P>): RouteDef => r;

export const json = (schema: z.ZodType, description: string): Answer => ({ description, schema });

/**
 * An error a route answers itself ({error: {code, message, field?}}), beside those every route may get
 * (bad input, keys, throttling, load, faults: functions/api/openapi.ts adds them).
 */
export const error = (description: string): Answer => ({ description, schema: ErrorBody });

/** The per-route throttles most routes share: reads, searches (which may call the LLM), and starts. */
export const READ = { rate: 20, burst: 40 };
export const SEARCH = { rate: 20, burst: 40 };
export const START = { rate: 1, burst: 3 };

/** What a route answers when the thing its path names does not exist, said as a Korean sentence. */
export const notFound = (sentence: string) => new DongneError("not_found", sentence);
