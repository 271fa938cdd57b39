// Checks answers against the OpenAPI document, as a validating proxy would: the status is listed for
// the operation, the content type is listed for that status, and a JSON body is valid against its
// schema. The test servers (helpers/server.ts) check every answer they give this way.
import { Ajv2020 } from "ajv/dist/2020.js";
import { appendFileSync } from "node:fs";
import addFormats from "ajv-formats";
import { openApiDocument } from "../../functions/api/openapi.ts";
import { ROUTES } from "../../functions/api/routes/index.ts";

interface Media {
  schema?: object;
}
interface Operation {
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
}

const doc = openApiDocument(ROUTES) as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats.default(ajv);
ajv.addSchema(doc, "openapi");

/** Each operation with the pattern of its path, in the route table's order (Hono's). */
const operations = ROUTES.map((r) => ({
  method: r.method.toUpperCase(),
  docPath: r.path.replace("+}", "}"),
  pattern: new RegExp(
    `^${r.path
      .replace(/[.]/g, "\\.")
      .replace(/\{\w+\+\}/g, ".+")
      .replace(/\{\w+\}/g, "[^/]+")}$`,
  ),
}));

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

const validators = new Map<string, ReturnType<typeof ajv.compile>>();
const validator = (ref: string) => {
  let v = validators.get(ref);
  if (!v) validators.set(ref, (v = ajv.compile({ $ref: ref })));
  return v;
};

/**
 * Why an answer does not match the document, null when it does, undefined when the request names no
 * operation (the app's 404 for an unknown path belongs to none).
 */
export async function mismatch(
  method: string,
  url: string,
  res: Response,
): Promise<string | null | undefined> {
  const path = new URL(url).pathname;
  const op = operations.find((o) => o.method === method && o.pattern.test(path));
  if (!op) return undefined;
  const where = `${method} ${path} → ${res.status}`;
  const responses = doc.paths[op.docPath]![op.method.toLowerCase()]!.responses;
  const answer = responses[String(res.status)];
  if (!answer) return `${where}: status not in the document (${Object.keys(responses).join(", ")})`;
  const text = await res.text();
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!answer.content) return text ? `${where}: a body where the document describes none` : null;
  const media = answer.content[type];
  if (!media)
    return `${where}: content type ${type || "(none)"} not in the document (${Object.keys(answer.content).join(", ")})`;
  if (!media.schema || !/json$/.test(type)) return null;
  const validate = validator(
    `openapi#/${pointer("paths", op.docPath, op.method.toLowerCase(), "responses", String(res.status), "content", type, "schema")}`,
  );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${where}: the body is not JSON`;
  }
  if (validate(body)) return null;
  return `${where}: ${ajv.errorsText(validate.errors)}`;
}

/** What a test server's answers came to: how many were checked, and each mismatch. */
export interface TrafficCheck {
  checked: number;
  mismatches: string[];
}

/** Totals of every server in this process (for the report of how much traffic was checked). */
export const processTraffic: TrafficCheck = { checked: 0, mismatches: [] };

/**
 * A fetch handler that checks each answer it gives (a copy of it, after the answer has gone out), and
 * `settled()`, the result once every check has finished.
 */
export function checkingFetch<E>(fetch: (req: Request, env: E) => Response | Promise<Response>) {
  const own: TrafficCheck = { checked: 0, mismatches: [] };
  const pending = new Set<Promise<void>>();
  const handler = async (req: Request, env: E) => {
    const res = await fetch(req, env);
    const copy = res.clone();
    const check = mismatch(req.method, req.url, copy).then(
      (m) => {
        if (m === undefined) return;
        for (const t of [own, processTraffic]) {
          t.checked++;
          if (m) t.mismatches.push(m);
        }
      },
      (err: Error) => void own.mismatches.push(`${req.method} ${req.url}: ${err.message}`),
    );
    pending.add(check);
    void check.finally(() => pending.delete(check));
    return res;
  };
  /** the traffic from now on: its settled() waits for the checks and gives what came after this call */
  const from = () => {
    const checked = own.checked;
    const seen = own.mismatches.length;
    return {
      settled: async (): Promise<TrafficCheck> => {
        await Promise.all([...pending]);
        const part = { checked: own.checked - checked, mismatches: own.mismatches.slice(seen) };
        // DONGNE_OPENAPI_TRAFFIC=file: each server's (or each user's of a shared one) totals as a JSON
        // line, to count the traffic checked
        const log = process.env.DONGNE_OPENAPI_TRAFFIC;
        if (log)
          appendFileSync(
            log,
            `${JSON.stringify({ checked: part.checked, mismatches: part.mismatches.length })}\n`,
          );
        return part;
      },
    };
  };
  const whole = from();
  return { fetch: handler, settled: whole.settled, from };
}
