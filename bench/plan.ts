// Place-search planning benchmark.
//  1. offline planning latency in-process: translate + plan + check per query, p50/p99 — and the same
//     through the local workflow runner, which is what the server runs (cache off);
//  2. HTTP throughput of POST /v1/search/plan as a ratio to GET /health in the same run, load from a
//     second process against the real server: hot traffic (20 popular queries, answered by the plan
//     cache) and cold traffic (every request a query never seen before, so every one is planned).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocal } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { planQuery } from "../shared/place-search/pipeline.ts";
import { distinctQueries } from "./query-mix.ts";
import { runLoad, type Load } from "./load-run.ts";
import { startServer } from "./served.ts";
import { cycle, ms, summarize } from "./stats.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const HOT = readFileSync(new URL("./queries.txt", import.meta.url), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter(Boolean);

async function inProcess(queries: string[], iterations: number) {
  const direct: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await planQuery(cycle(queries, i));
    direct.push(performance.now() - t0);
  }
  const world = await startLocal(loadConfig({ SIM_STORE: "memory", LLM_MODE: "offline" }), {
    planCache: false,
  });
  const workflow: number[] = [];
  for (let i = 0; i < iterations / 5; i++) {
    const t0 = performance.now();
    await world.context.services.placeSearch.plan(cycle(queries, i));
    workflow.push(performance.now() - t0);
  }
  await world.close();
  return { direct: summarize(direct), workflow: summarize(workflow) };
}

const load = (url: string, method: string, body: string, durationMs: number, concurrency = 32) =>
  runLoad(url, method, body, durationMs, concurrency);

const line = (name: string, l: Load) =>
  `${name.padEnd(34)} ${l.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(l.p50)}  p99 ${ms(l.p99)}  errors ${l.errors}`;

export async function benchPlan() {
  console.log("## Place-search planning (offline engine)\n");
  const cold = distinctQueries(40_000);
  await inProcess(cold.slice(0, 2000), 2000); // warm-up: JIT, gazetteer load
  const lat = await inProcess(cold, 20_000);
  console.log(
    `in-process translate+plan+check, distinct queries: p50 ${ms(lat.direct.p50)}, p99 ${ms(lat.direct.p99)} (n=${lat.direct.n}; target p99 < 5 ms)`,
  );
  console.log(
    `through the local workflow runner:                 p50 ${ms(lat.workflow.p50)}, p99 ${ms(lat.workflow.p99)} (n=${lat.workflow.n})`,
  );

  const dir = join(tmpdir(), `dongne-bench-${process.pid}`);
  const hotFile = `${dir}-hot.jsonl`;
  const coldFile = `${dir}-cold.jsonl`;
  writeFileSync(hotFile, HOT.map((query) => JSON.stringify({ query })).join("\n"));
  writeFileSync(coldFile, cold.map((query) => JSON.stringify({ query })).join("\n"));

  // bin/serve.ts in its own process group on a free port, stopped with its group
  const server = await startServer(ROOT, [], { LOG_LEVEL: "ERROR" });
  try {
    const base = server.base;
    await load(`${base}/v1/search/plan`, "POST", `@${hotFile}`, 2000); // warm-up and fill the cache
    await load(`${base}/health`, "GET", "", 1000);
    const health = await load(`${base}/health`, "GET", "", 5000);
    const hot = await load(`${base}/v1/search/plan`, "POST", `@${hotFile}`, 5000);
    // 5 s at a few thousand req/s stays well inside 40,000 distinct queries: every request is a miss
    const coldRun = await load(`${base}/v1/search/plan`, "POST", `@${coldFile}`, 5000);
    console.log(
      `\nHTTP from a second process, 32 connections, 5 s each (2 cores shared by server and load):`,
    );
    console.log(line("GET /health", health));
    console.log(line("POST /v1/search/plan, hot (cache)", hot));
    console.log(line("POST /v1/search/plan, cold", coldRun));
    console.log(
      `ratio to /health: hot ${(hot.rps / health.rps).toFixed(2)}, cold ${(coldRun.rps / health.rps).toFixed(2)} (target ≥ 0.5)`,
    );
    return { latency: lat, health, hot, cold: coldRun };
  } finally {
    server.stop();
    rmSync(hotFile, { force: true });
    rmSync(coldFile, { force: true });
  }
}
