// Reading a request at the boundary: JSON bodies (type, size, nesting depth, schema), path and query
// parameters (schemas). Every failure names the field and the reason.
import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors.ts";

export const MAX_BODY_BYTES = 64 * 1024;
/** Deeper JSON than this is refused before it is parsed: nothing the API takes nests half as deep. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) max = Math.max(max, ++depth);
    else if (ch === 125 || ch === 93) depth--;
  }
  return max;
}

/** The first issue of a failed parse as a 400 naming its field. */
export function invalid(error: z.ZodError, input: unknown, prefix = ""): ApiError {
  const issue = error.issues[0]!; // callers pass failed parses, which always carry an issue
  const path = issue.path.map(String);
  const field = [prefix, ...path].filter(Boolean).join(".") || prefix || "body";
  const top = path[0];
  const missing =
    issue.code === "invalid_type" &&
    top !== undefined &&
    input !== null &&
    typeof input === "object" &&
    (input as Record<string, unknown>)[top] === undefined;
  return new ApiError("invalid", "invalid_request", missing ? "is required" : issue.message, field);
}

/** Reads a JSON object body and validates it. */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(
      "invalid",
      "unsupported_content_type",
      "the body must be JSON (Content-Type: application/json)",
      "content-type",
    );
  }
  // the limit is checked here rather than with hono's bodyLimit, which makes @hono/node-server build a
  // full Request per call (a 4× throughput loss measured in bench/)
  const tooLarge = () =>
    new ApiError("too_large", "body_too_large", `the body must be at most ${maxBytes} bytes`, "body");
  if (Number(c.req.header("content-length") ?? 0) > maxBytes) throw tooLarge();
  const text = await c.req.text();
  if (Buffer.byteLength(text) > maxBytes) throw tooLarge();
  if (!text.trim()) throw new ApiError("invalid", "missing_body", "a JSON body is required", "body");
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new ApiError(
      "invalid",
      "invalid_body",
      `the body nests deeper than ${MAX_JSON_DEPTH} levels`,
      "body",
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid", "invalid_json", "the body is not valid JSON", "body");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("invalid", "invalid_body", "the body must be a JSON object", "body");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, body);
  return parsed.data;
}

/** Path or query parameters through their schema; a failure names the parameter. */
export function readParams<S extends z.ZodType>(
  values: Record<string, string | undefined>,
  schema: S,
): z.infer<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw invalid(parsed.error, values);
  return parsed.data;
}
