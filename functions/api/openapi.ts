// GET /openapi.json, generated from the same zod schemas that validate requests and responses.
import { z } from "zod";
import { ErrorBody, PlanRequest, PlanResponse } from "../../shared/place-search/schemas.ts";

const schema = (s: z.ZodType, io: "input" | "output" = "output") =>
  z.toJSONSchema(s, { io, unrepresentable: "any" });

const errors = {
  "400": {
    description: "Bad input: the field and the reason",
    content: { "application/json": { schema: schema(ErrorBody) } },
  },
  "500": { description: "Internal error", content: { "application/json": { schema: schema(ErrorBody) } } },
};

let cached: object | undefined;

export function openApiDocument(): object {
  cached ??= {
    openapi: "3.1.0",
    info: {
      title: "dongne API",
      version: "0.1.0",
      description: "LLM agents for Korean local search (place-search planner; more systems to come).",
    },
    paths: {
      "/health": {
        get: { summary: "Liveness", responses: { "200": { description: "OK" } } },
      },
      "/v1/search/plan": {
        post: {
          summary: "Translate a natural-language query and plan the map search (seeds 000/001)",
          requestBody: {
            required: true,
            content: { "application/json": { schema: schema(PlanRequest, "input") } },
          },
          responses: {
            "200": {
              description: "The checked MapSearch plan",
              content: { "application/json": { schema: schema(PlanResponse) } },
            },
            ...errors,
          },
        },
      },
    },
  };
  return cached;
}
