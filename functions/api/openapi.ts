// GET /openapi.json: OpenAPI 3.1 generated from the route table and the same zod schemas that check
// requests and shape answers.
import { z } from "zod";
import { API_KEY_HEADER } from "./auth.ts";
import { ErrorBody } from "./errors.ts";
import type { RouteDef } from "./route.ts";

const schema = (s: z.ZodType, io: "input" | "output" = "output") =>
  z.toJSONSchema(s, { io, unrepresentable: "any" }) as Record<string, unknown>;

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: schema(ErrorBody) } },
});

/** The path and query parameters of a route, from its schemas. */
function parameters(r: RouteDef) {
  const out: object[] = [];
  for (const [where, s] of [
    ["path", r.params],
    ["query", r.query],
  ] as const) {
    if (!s) continue;
    const json = schema(s, "input") as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, p] of Object.entries(json.properties ?? {}))
      out.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        schema: p,
      });
  }
  return out;
}

function operation(r: RouteDef) {
  const responses: Record<string, unknown> = {};
  for (const [status, a] of Object.entries(r.answers)) {
    const type = a.contentType ?? "application/json";
    responses[status] = {
      description: a.description,
      ...(a.schema || a.contentType
        ? { content: { [type]: a.schema ? { schema: schema(a.schema) } : {} } }
        : {}),
    };
  }
  if (r.body || r.params || r.query) responses["400"] = errorAnswer("Bad input: the field and the reason");
  if (r.access !== "public") {
    responses["401"] = errorAnswer("No valid API key");
    responses["403"] = errorAnswer("The key lacks the scope");
    responses["429"] ??= errorAnswer("Throttled");
  }
  responses["500"] = errorAnswer("Internal error (the request id is in x-request-id)");
  return {
    summary: r.summary,
    operationId: `${r.method}${r.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, ch: string | undefined) => (ch ?? "").toUpperCase())}`,
    ...(r.access === "public" ? { security: [] } : { security: [{ apiKey: [] }], "x-scope": r.access }),
    parameters: parameters(r),
    ...(r.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schema(r.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

const cached = new WeakMap<readonly RouteDef[], object>();

/** The OpenAPI document of a route table (built once per table). */
export function openApiDocument(routes: readonly RouteDef[]): object {
  const known = cached.get(routes);
  if (known) return known;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) (paths[r.path.replace("+}", "}")] ??= {})[r.method] = operation(r);
  const doc = {
    openapi: "3.1.0",
    info: {
      title: "dongne API",
      version: "0.2.0",
      description:
        "LLM agents for Korean local search and neighbourhood simulation: place search (seeds 000/001) and the Mangwon-dong simulation (seed 004).",
    },
    components: { securitySchemes: { apiKey: { type: "apiKey", in: "header", name: API_KEY_HEADER } } },
    paths,
  };
  cached.set(routes, doc);
  return doc;
}
