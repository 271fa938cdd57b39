// GET /openapi.json: OpenAPI 3.1 generated from the route table and the same zod schemas that check
// requests and shape answers. It lists every answer an operation can get: the route's own, and those
// the app, the local server and API Gateway give any route (bad input, keys, body size, throttling,
// load, faults). Redocly's recommended rules pass it with no problem (test/unit/openapi-lint.test.ts).
import { z } from "zod";
import pkg from "../../package.json" with { type: "json" };
import { API_KEY_HEADER } from "./auth.ts";
import { ErrorBody } from "./errors.ts";
import { MAX_BODY_BYTES } from "./request.ts";
import type { RouteDef } from "./route.ts";

const schema = (s: z.ZodType, io: "input" | "output" = "output") => {
  const { $schema: _, ...json } = z.toJSONSchema(s, { io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return json; // the document's dialect is 3.1's, which is JSON Schema 2020-12
};

/**
 * Every error answer: the API's own {error: {code, message, field?}}, or API Gateway's {message} when
 * the gateway refuses a request itself (throttling, the authorizer's denial, its payload limit, a
 * function that failed to answer).
 */
const ERROR_SCHEMA = {
  description:
    "The API's error ({error: {code, message, field?}}), or API Gateway's own refusal ({message}) in AWS",
  anyOf: [
    schema(ErrorBody),
    { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
  ],
};
const ERROR_REF = { $ref: "#/components/schemas/Error" };

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

/** The errors any route of its kind may answer, beside those it declares itself. */
function commonErrors(r: RouteDef): Record<number, string> {
  const out: Record<number, string> = {};
  if (r.body || r.params || r.query) out[400] = "Bad input: the field and the reason";
  if (r.access !== "public") {
    out[401] = `No valid API key in the ${API_KEY_HEADER} header`;
    out[403] = "The key lacks the scope";
  }
  if (r.body) {
    out[408] =
      "The body arrived too slowly: the local server reads it whole within its time and pace limits before working on the request (the connection is closed)";
    out[413] = `The body is larger than ${r.maxBodyBytes ?? MAX_BODY_BYTES} bytes (the connection is closed)`;
  }
  out[421] =
    "The Host header names no address of this server: the keyless local server answers only localhost, 127.0.0.1, [::1], its listening address and the hosts API_ALLOWED_HOSTS lists";
  out[431] = "The request's headers are too large (the local server answers before reading further)";
  out[429] = r.llm
    ? "Throttled (the route's rate at the API Gateway stage), or the key's daily allowance of LLM-backed requests is used up"
    : "Throttled (the route's rate at the API Gateway stage)";
  out[500] = "Internal error (the request id is in x-request-id)";
  if (r.llm) {
    out[502] = "The LLM, a provider or the workflow behind the request failed";
    out[504] = "The request did not finish within its time budget";
  }
  out[503] =
    r.access === "public"
      ? "The server is at capacity (retry after Retry-After seconds; /health and /ready are never refused), or not ready yet (/ready)"
      : "The server is at capacity or not ready yet (the local server building its indexes), or a service the request needs cannot answer now: retry after Retry-After seconds";
  return out;
}

const RETRY_AFTER = {
  "Retry-After": {
    description:
      "Seconds to wait before retrying: on every 429 (a daily allowance: until the next UTC midnight) and every 503",
    schema: { type: "integer" },
  },
};

function operation(r: RouteDef) {
  const responses: Record<string, { description: string; content?: object; headers?: object }> = {};
  for (const [status, a] of Object.entries(r.answers)) {
    const types: [string, z.ZodType | undefined | null][] = [
      ...(a.schema || a.contentType
        ? [[a.contentType ?? "application/json", a.schema] as [string, z.ZodType | undefined]]
        : []),
      ...Object.entries(a.also ?? {}),
    ];
    responses[status] = {
      description: a.description,
      ...(types.length
        ? {
            content: Object.fromEntries(
              types.map(([type, s]) => [
                type,
                s === ErrorBody ? { schema: ERROR_REF } : s ? { schema: schema(s) } : {},
              ]),
            ),
          }
        : {}),
    };
  }
  for (const [status, description] of Object.entries(commonErrors(r))) {
    const own = responses[status];
    responses[status] = {
      // the route's own reason first; a route's text/html 503 (the unbuilt page) keeps its type too
      description: own ? `${own.description}; or: ${description}` : description,
      content: { ...own?.content, "application/json": { schema: ERROR_REF } },
      ...(status === "503" || status === "429" ? { headers: RETRY_AFTER } : {}),
    };
  }
  return {
    summary: r.summary,
    operationId: `${r.method}${r.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, ch: string | undefined) => (ch ?? "").toUpperCase())}`,
    ...(r.access === "public" ? { security: [] } : { security: [{ apiKey: [] }], "x-scope": r.access }),
    parameters: parameters(r),
    ...(r.body
      ? {
          requestBody: {
            required: !r.bodyOptional,
            content: { "application/json": { schema: schema(r.body, "input") } },
          },
        }
      : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The product's version, as package.json says (bundled into the Lambda with the rest). */
export const API_VERSION = pkg.version;

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
      version: API_VERSION,
      description:
        "LLM agents for Korean local search and neighbourhood simulation: place search (seeds 000/001) and the Mangwon-dong simulation (seed 004).",
      license: { name: "MIT", identifier: "MIT" },
    },
    // relative: the document is served by the API it describes (npm start: http://localhost:3000;
    // AWS: the stack's ApiUrl output), so its paths resolve against wherever it was fetched from
    servers: [{ url: "/", description: "The server this document was fetched from" }],
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: API_KEY_HEADER } },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
  cached.set(routes, doc);
  return doc;
}
