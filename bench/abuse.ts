// npm run bench -- abuse: the adversarial request set (test/fixtures/abuse/requests.jsonl, written blind
// from issue 26, the docs and the OpenAPI document) sent to a real `bin/serve.ts` process, one request
// at a time, while /health is sampled every 25 ms. Prints counts by class and status, what a correct
// server must not do (5xx, a stall past the budget, a forbidden string in a response), and /health's
// p99 while the heavy requests ran. The server runs in its own process group and is stopped with it.
import { readFileSync } from "node:fs";
import { startServer } from "./served.ts";
import { summarize } from "./stats.ts";

interface AbuseRequest {
  id: string;
  class: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  expect: "4xx" | "2xx" | "2xx-or-4xx";
  heavy?: boolean;
  allow504?: boolean;
  mustNotContain?: string[];
}

interface Outcome {
  req: AbuseRequest;
  status: number | "stall" | "reset";
  ms: number;
  leaked: string[];
}

const SET = new URL("../test/fixtures/abuse/requests.jsonl", import.meta.url);
/** past this a request stalls: the README's budget is 25 s, plus the gateway's margin */
const STALL_MS = 35_000;

async function send(base: string, r: AbuseRequest): Promise<Outcome> {
  const started = performance.now();
  const body = r.rawBody ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
  const headers: Record<string, string> = {
    ...(body !== undefined ? { "content-type": "application/json" } : {}),
    ...r.headers,
  };
  try {
    const res = await fetch(base + r.path, {
      method: r.method,
      headers,
      body: ["GET", "HEAD"].includes(r.method.toUpperCase()) ? undefined : body,
      signal: AbortSignal.timeout(STALL_MS),
      redirect: "manual",
    });
    const text = await res.text();
    const leaked = (r.mustNotContain ?? []).filter((s) => text.includes(s));
    return { req: r, status: res.status, ms: performance.now() - started, leaked };
  } catch (err) {
    const stalled = (err as Error).name === "TimeoutError";
    return { req: r, status: stalled ? "stall" : "reset", ms: performance.now() - started, leaked: [] };
  }
}

/** /health latencies sampled while `during` runs. */
async function healthWhile<T>(base: string, during: Promise<T>): Promise<{ value: T; ms: number[] }> {
  const ms: number[] = [];
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const t = performance.now();
      try {
        await fetch(`${base}/health`, { signal: AbortSignal.timeout(STALL_MS) });
      } catch {
        /* counted by its time */
      }
      ms.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const value = await during;
  done = true;
  await sampler;
  return { value, ms };
}

const wrong = (o: Outcome): string | null => {
  if (o.status === "stall") return "stall";
  if (o.status === "reset") return "reset";
  if (o.status >= 500 && !(o.status === 504 && o.req.allow504)) return `${o.status}`;
  if (o.leaked.length) return `leaked ${o.leaked.join(", ")}`;
  if (o.req.expect === "4xx" && (o.status < 400 || o.status >= 500)) return `expected 4xx, got ${o.status}`;
  if (o.req.expect === "2xx" && (o.status < 200 || o.status >= 300)) return `expected 2xx, got ${o.status}`;
  return null;
};

export async function benchAbuse(): Promise<void> {
  const set = readFileSync(SET, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as AbuseRequest);
  const { base, stop } = await startServer(process.cwd());
  try {
    const outcomes: Outcome[] = [];
    const healthMs: number[] = [];
    for (const r of set) {
      if (r.heavy) {
        const { value, ms } = await healthWhile(base, send(base, r));
        outcomes.push(value);
        healthMs.push(...ms);
      } else outcomes.push(await send(base, r));
    }
    const alive = await fetch(`${base}/health`).then((r) => r.status);
    const classes = [...new Set(set.map((r) => r.class))];
    const bucket = (s: Outcome["status"]) => (typeof s === "number" ? `${Math.floor(s / 100)}xx` : s);
    const columns = ["2xx", "3xx", "4xx", "5xx", "stall", "reset"];
    console.log(`\n### Abuse set (${set.length} requests, test/fixtures/abuse/requests.jsonl)\n`);
    console.log(
      `| class | n | ${columns.join(" | ")} | wrong |\n|---|---|${columns.map(() => "---|").join("")}---|`,
    );
    for (const cls of [...classes, "**all**"]) {
      const os = cls === "**all**" ? outcomes : outcomes.filter((o) => o.req.class === cls);
      const counts = columns.map((c) => os.filter((o) => bucket(o.status) === c).length);
      console.log(`| ${cls} | ${os.length} | ${counts.join(" | ")} | ${os.filter((o) => wrong(o)).length} |`);
    }
    const heavy = outcomes.filter((o) => o.req.heavy);
    if (heavy.length) {
      const h = summarize(healthMs);
      console.log(
        `\n/health while the ${heavy.length} heavy requests ran: ${h.n} samples, p50 ${h.p50.toFixed(0)} ms, p99 ${h.p99.toFixed(0)} ms, max ${h.max.toFixed(0)} ms; heavy requests took at most ${Math.max(...heavy.map((o) => o.ms)).toFixed(0)} ms`,
      );
    }
    console.log(`\nserver alive after the set: ${alive === 200 ? "yes" : `no (${alive})`}`);
    const bad = outcomes.filter((o) => wrong(o));
    console.log(`\nwrong answers: ${bad.length}`);
    for (const o of bad.slice(0, 60))
      console.log(
        `- ${o.req.id} (${o.req.class}) ${o.req.method} ${o.req.path}: ${wrong(o)} in ${o.ms.toFixed(0)} ms`,
      );
  } finally {
    stop();
  }
}
