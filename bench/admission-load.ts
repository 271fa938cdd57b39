// The many-clients load, as its own process: C clients each sending a request of the mix, the next as
// soon as the answer is in — or, on a 429 or 503, after the Retry-After it was given (as a well-behaved
// client does; one without it waits a second) — for a fixed time, while /health is sampled every
// 50 ms. Prints JSON: statuses, the admitted (2xx) requests' latencies, /health's. Loopback only.
import { Agent, request } from "node:http";
import { readFileSync } from "node:fs";
import { summarize } from "./stats.ts";

const [url, clients = "400", durationMs = "20000"] = process.argv.slice(2);
if (!url) throw new Error("usage: admission-load.ts URL [CLIENTS] [DURATION_MS]");
const base = new URL(url);
if (!["127.0.0.1", "localhost", "::1"].includes(base.hostname)) throw new Error("load only against loopback");

const lines = (file: string) =>
  readFileSync(new URL(file, import.meta.url), "utf8")
    .split("\n")
    .map((l) => l.split("|")[0]!.trim())
    .filter((l) => l && !l.startsWith("#"));
const planQueries = lines("./queries.txt");
const searchQueries = lines("./search-queries.txt");
const askQueries = [
  "망원동 파스타 맛집",
  "연남동 주차 되는 한식",
  "합정 조용한 카페",
  "망원시장 근처 국밥",
  "홍대 혼밥 라멘",
];

/** the mix: plans (rules, cheap), searches (the embedded places), restaurant questions (the index) */
const MIX: (() => { path: string; body: string })[] = [
  () => ({ path: "/v1/search/plan", body: JSON.stringify({ query: pick(planQueries) }) }),
  () => ({ path: "/v1/search/plan", body: JSON.stringify({ query: pick(planQueries) }) }),
  () => ({ path: "/v1/search", body: JSON.stringify({ query: pick(searchQueries) }) }),
  () => ({ path: "/v1/restaurants/ask", body: JSON.stringify({ query: pick(askQueries) }) }),
];
let n = 0;
function pick<T>(xs: readonly T[]): T {
  return xs[n++ % xs.length]!;
}

const agent = new Agent({ keepAlive: true, maxSockets: Number(clients) + 8 });
const statuses: Record<string, number> = {};
const admitted: number[] = [];
const health: number[] = [];
const deadline = performance.now() + Number(durationMs);

function send(path: string, body?: string): Promise<{ status: number; retryAfter: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body ? Buffer.from(body) : undefined;
    const req = request(
      new URL(path, base),
      {
        method: payload ? "POST" : "GET",
        agent,
        headers: payload ? { "content-type": "application/json", "content-length": payload.length } : {},
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: Number(res.headers["retry-after"] ?? NaN),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on("error", () => resolve({ status: 0, retryAfter: NaN, ms: performance.now() - started }));
    req.end(payload);
  });
}

async function client(i: number): Promise<void> {
  // the clients arrive over the first second, not all in one tick
  await new Promise((r) => setTimeout(r, (i * 1000) / Number(clients)));
  while (performance.now() < deadline) {
    const { path, body } = MIX[(n + i) % MIX.length]!();
    const r = await send(path, body);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status >= 200 && r.status < 300) admitted.push(r.ms);
    if (r.status === 429 || r.status === 503) {
      const wait = Number.isFinite(r.retryAfter) ? r.retryAfter * 1000 : 1000;
      // a little jitter, so the clients told the same second do not all come back in one tick
      await new Promise((res) => setTimeout(res, wait * (1 + Math.random() * 0.5)));
    }
  }
}

async function sampleHealth(): Promise<void> {
  while (performance.now() < deadline) {
    health.push((await send("/health")).ms);
    await new Promise((r) => setTimeout(r, 50));
  }
}

await Promise.all([...Array.from({ length: Number(clients) }, (_, i) => client(i)), sampleHealth()]);
agent.destroy();
const a = summarize(admitted);
const h = summarize(health);
console.log(
  JSON.stringify({
    statuses,
    admitted: { n: a.n, p50: a.p50, p99: a.p99, max: a.max },
    health: { n: h.n, p50: h.p50, p99: h.p99, max: h.max },
  }),
);
