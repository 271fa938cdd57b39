// A load generator meant to run as its own process: keeps C requests in flight against one URL for a
// fixed time and prints {requests, rps, p50, p99, errors} as JSON. Bounded in time, loopback only.
import { readFileSync } from "node:fs";
import { request, Agent } from "node:http";
import { summarize } from "./stats.ts";

const [url, method = "GET", body = "", concurrency = "32", durationMs = "5000"] = process.argv.slice(2);
if (!url) throw new Error("usage: load.ts URL [METHOD] [BODY | @FILE] [CONCURRENCY] [DURATION_MS]");
const target = new URL(url);
if (!["127.0.0.1", "localhost", "::1"].includes(target.hostname))
  throw new Error("load only against loopback");

const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency) });
// "@file": one JSON body per line, sent in turn (so every request can carry a different query)
const bodies = body.startsWith("@")
  ? readFileSync(body.slice(1), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => Buffer.from(l))
  : body
    ? [Buffer.from(body)]
    : [];
let next = 0;
const latencies: number[] = [];
let errors = 0;
const deadline = performance.now() + Number(durationMs);

function once(): Promise<void> {
  const payload = bodies.length ? bodies[next++ % bodies.length] : undefined;
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      target,
      {
        method,
        agent,
        headers: payload ? { "content-type": "application/json", "content-length": payload.length } : {},
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      },
    );
    req.setNoDelay(process.env.NODELAY !== "0");
    req.on("error", () => {
      errors++;
      resolve();
    });
    req.end(payload);
  });
}

async function worker() {
  while (performance.now() < deadline) await once();
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
const s = summarize(latencies);
console.log(JSON.stringify({ requests: s.n, rps: s.n / seconds, p50: s.p50, p99: s.p99, errors }));
