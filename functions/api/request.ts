// Reading a request at the boundary: JSON bodies (type, size, nesting depth, schema), path and query
// parameters (schemas). Every failure names the field and the reason.
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { z } from "zod";
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
  return new ApiError("invalid", "invalid_request", missing ? "필수 항목입니다" : issue.message, field);
}

const tooLarge = (maxBytes: number) =>
  new ApiError("too_large", "body_too_large", `본문은 최대 ${maxBytes}바이트입니다`, "body");

/**
 * How fast a body must arrive (the local server reads it before the request takes a slot, so a slow
 * sender holds only its socket): whole within `timeoutMs`, and after the first `graceMs` at an average
 * of at least `minBytesPerSecond`. Past either, 408 and the connection closes.
 */
export interface BodyPace {
  timeoutMs: number;
  minBytesPerSecond: number;
  graceMs: number;
  /** the clock (ms); Date.now by default (tests fake it with the timers) */
  now?: () => number;
}

/** How often a body still arriving is checked against its pace. */
const PACE_CHECK_MS = 250;

const tooSlow = (pace: BodyPace) =>
  new ApiError(
    "slow_body",
    "request_timeout",
    `요청 본문이 너무 느리게 옵니다: ${Math.round(pace.timeoutMs / 1000)}초 안에, 초당 ${pace.minBytesPerSecond}바이트 이상으로 보내 주세요.`,
    "body",
  );

/** The body's text once read (a route may look at it twice: an optional body, then its JSON). */
const BODY_TEXT = "dongne.bodyText" as never;

/** What @hono/node-server passes the app as its environment: the request as Node received it. */
type NodeEnv = { incoming?: IncomingMessage };

/**
 * The request's body as text, at most `maxBytes`: a declared Content-Length over the limit is refused
 * before a byte is read, and a body without one (chunked) is counted as it arrives and cut off at the
 * limit, the rest left unread (the 413 closes the connection). The limit is checked here rather than
 * with hono's bodyLimit, which makes @hono/node-server build a full Request per call (a 4× throughput
 * loss measured in bench/). In a Lambda the body is already whole (API Gateway's), and only measured.
 */
export async function readBodyText(c: Context, maxBytes = MAX_BODY_BYTES, pace?: BodyPace): Promise<string> {
  const known = c.get(BODY_TEXT) as string | undefined;
  if (known !== undefined) return known;
  const incoming = (c.env as NodeEnv | undefined)?.incoming;
  if (Number(c.req.header("content-length") ?? 0) > maxBytes) {
    if (incoming) lingerThenClose(incoming);
    throw tooLarge(maxBytes);
  }
  const text =
    incoming && typeof incoming.on === "function" && !incoming.readableDidRead
      ? await readLimited(incoming, maxBytes, pace)
      : await c.req.text();
  if (Buffer.byteLength(text) > maxBytes) throw tooLarge(maxBytes);
  c.set(BODY_TEXT, text);
  return text;
}

const utf8 = new TextDecoder();

/** How long a connection refused for its body's size stays open, unread, for its client to read the 413. */
const LINGER_MS = 2000;

/**
 * The connection of a body refused for its size closes after the answer without reading the rest.
 * Nothing resumes the request (@hono/node-server would drain up to 64 MB of it, Node dump all of it),
 * so past the stream's buffers no byte more is read; and the socket is not destroyed at once, as Node
 * would for the 413's `connection: close`, since a client still sending would then meet a reset that
 * can discard the 413 before it reads it: its side is ended (FIN after the answer), the socket
 * destroyed a little later.
 */
function lingerThenClose(incoming: IncomingMessage): void {
  const socket = incoming.socket as (typeof incoming.socket & { lingering?: true }) | null;
  incoming.pause();
  incoming.resume = () => incoming;
  if (!socket || socket.lingering) return;
  socket.lingering = true;
  socket.destroySoon = () => {
    if (!socket.writableEnded) socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * Reads a Node request's body up to `maxBytes`; past it, stops reading (backpressure holds the rest).
 * With a pace, a body that arrives too slowly is refused the same way (408).
 */
function readLimited(incoming: IncomingMessage, maxBytes: number, pace?: BodyPace): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const now = pace?.now ?? Date.now;
    const started = now();
    const check = pace
      ? setInterval(() => {
          const elapsed = now() - started;
          const slow = elapsed > pace.graceMs && (size * 1000) / elapsed < pace.minBytesPerSecond;
          if (elapsed < pace.timeoutMs && !slow) return;
          stop();
          lingerThenClose(incoming);
          reject(tooSlow(pace));
        }, PACE_CHECK_MS)
      : undefined;
    const stop = () => {
      clearInterval(check);
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onFail);
      incoming.off("close", onFail);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        lingerThenClose(incoming);
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(utf8.decode(Buffer.concat(chunks, size))); // as Request.text() decodes: a BOM dropped
    };
    const onFail = () => {
      if (incoming.readableEnded) return onEnd();
      stop();
      reject(
        new ApiError(
          "invalid",
          "incomplete_body",
          "요청 본문이 끝까지 오지 않았습니다. 다시 보내 주세요.",
          "body",
        ),
      );
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onFail);
    incoming.on("close", onFail);
    if (incoming.readableEnded) onEnd();
  });
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
      "본문은 JSON이어야 합니다 (Content-Type: application/json)",
      "content-type",
    );
  }
  const text = await readBodyText(c, maxBytes);
  if (!text.trim()) throw new ApiError("invalid", "missing_body", "JSON 본문이 필요합니다", "body");
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new ApiError("invalid", "invalid_body", `본문의 중첩이 ${MAX_JSON_DEPTH}단계보다 깊습니다`, "body");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid", "invalid_json", "본문이 올바른 JSON이 아닙니다", "body");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("invalid", "invalid_body", "본문은 JSON 객체여야 합니다", "body");
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

/**
 * A whole number in the query string, written as decimal digits only: `0x10`, `1e1`, `+16`, ` 16` or
 * `16.0` are not 16 (Number() would read them so), they are refused with the reason.
 */
export const queryInteger = (min: number, max: number) =>
  z
    .string({ error: "숫자여야 합니다" })
    .regex(/^\d{1,15}$/, "10진수 숫자(0–9)만 쓴 정수여야 합니다")
    .transform(Number)
    .pipe(z.number().min(min, `${min} 이상이어야 합니다`).max(max, `${max} 이하여야 합니다`));
