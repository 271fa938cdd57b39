// npm run bench -- throughput: requests per second of the offline search, ask and news routes as a ratio
// to /health in the same run, for the code at issue 26's start (BASE, default /work/base26: a checkout
// of 22181c9) and for this tree, both served at once (`bin/serve.ts` of each tree in its own process
// group) and measured in alternating rounds. bench/load.ts (a second process) keeps 20 requests in
// flight on loopback for a fixed time per route, with a rotating query per request. THROUGHPUT_MS sets
// the time per route, THROUGHPUT_ROUNDS the rounds.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLoad, type Load } from "./load-run.ts";
import { startServer } from "./served.ts";

const lines = (file: string) =>
  readFileSync(new URL(file, import.meta.url), "utf8")
    .split("\n")
    .map((l) => l.split("|")[0]!.trim())
    .filter((l) => l && !l.startsWith("#"));

const SUFFIXES = ["", " 근처", " 추천", " 맛집", " 가볼만한 곳", " 조용한", " 저렴한"];

const load = (url: string, method: string, body: string, ms: number) => runLoad(url, method, body, ms, 20);

const ROUTES = [
  { name: "search", path: "/v1/search", file: "search" },
  { name: "ask", path: "/v1/restaurants/ask", file: "ask" },
  { name: "news", path: "/v1/news/search", file: "news" },
] as const;

interface Tree {
  name: string;
  dir: string;
}

type Measured = Tree & { health: Load; routes: Record<string, Load> };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Both trees served at once, measured in alternation: each round loads /health and every route on one
 * tree and then the other (the order flipping each round), and a figure is the median over the rounds.
 * On a shared machine the load drifts over minutes; alternating puts both trees under the same drift.
 */
async function measureAll(trees: Tree[], files: Record<string, string>, ms: number, rounds: number) {
  const servers = await Promise.all(trees.map((t) => startServer(t.dir)));
  try {
    // warm-up: JIT, indexes, caches of each route
    for (const server of servers)
      for (const r of ROUTES) await load(server.base + r.path, "POST", `@${files[r.file]}`, 1500);
    const samples = trees.map(() => new Map<string, Load[]>());
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...servers.keys()].reverse() : [...servers.keys()];
      for (const step of [{ name: "/health", path: "/health", file: "" }, ...ROUTES])
        for (const i of order) {
          const l = step.file
            ? await load(servers[i]!.base + step.path, "POST", `@${files[step.file]}`, ms)
            : await load(servers[i]!.base + step.path, "GET", "", ms);
          samples[i]!.set(step.name, [...(samples[i]!.get(step.name) ?? []), l]);
        }
    }
    const summary = (ls: Load[]): Load => ({
      requests: ls.reduce((a, l) => a + l.requests, 0),
      rps: median(ls.map((l) => l.rps)),
      p50: median(ls.map((l) => l.p50)),
      p99: median(ls.map((l) => l.p99)),
      errors: ls.reduce((a, l) => a + l.errors, 0),
    });
    return trees.map((t, i): Measured => ({
      ...t,
      health: summary(samples[i]!.get("/health")!),
      routes: Object.fromEntries(ROUTES.map((r) => [r.name, summary(samples[i]!.get(r.name)!)])),
    }));
  } finally {
    for (const server of servers) server.stop();
  }
}

export async function benchThroughput(): Promise<void> {
  const base = process.env.BASE ?? "/work/base26";
  const ms = Number(process.env.THROUGHPUT_MS ?? 4000);
  const rounds = Number(process.env.THROUGHPUT_ROUNDS ?? 3);
  const queries = lines("./queries.txt");
  const searchQueries = lines("./search-queries.txt");
  const vary = (qs: string[]) => SUFFIXES.flatMap((s) => qs.map((q) => q + s));
  const tmp = join(tmpdir(), `dongne-throughput-${process.pid}`);
  const files = {
    search: `${tmp}-search.jsonl`,
    ask: `${tmp}-ask.jsonl`,
    news: `${tmp}-news.jsonl`,
  };
  writeFileSync(
    files.search,
    vary(searchQueries)
      .map((query) => JSON.stringify({ query }))
      .join("\n"),
  );
  writeFileSync(
    files.ask,
    vary(queries)
      .map((query) => JSON.stringify({ query }))
      .join("\n"),
  );
  writeFileSync(
    files.news,
    vary(queries)
      .map((query) => JSON.stringify({ query }))
      .join("\n"),
  );
  const trees = [
    ...(existsSync(base) ? [{ name: `start (${base})`, dir: base }] : []),
    { name: "now (this tree)", dir: process.cwd() },
  ];
  try {
    const results = await measureAll(trees, files, ms, rounds);
    console.log(
      `\n### Throughput, 20 clients on loopback, ${ms / 1000} s per route and tree, median of ${rounds} alternating rounds, ratio to /health in the same run\n`,
    );
    console.log(
      "| tree | route | req/s | p50 | p99 | errors | ratio to /health |\n|---|---|---|---|---|---|---|",
    );
    for (const r of results) {
      console.log(
        `| ${r.name} | /health | ${r.health.rps.toFixed(0)} | ${r.health.p50.toFixed(1)} ms | ${r.health.p99.toFixed(1)} ms | ${r.health.errors} | 1 |`,
      );
      for (const [name, l] of Object.entries(r.routes))
        console.log(
          `| ${r.name} | ${name} | ${l.rps.toFixed(1)} | ${l.p50.toFixed(1)} ms | ${l.p99.toFixed(1)} ms | ${l.errors} | ${(l.rps / r.health.rps).toFixed(4)} |`,
        );
    }
    if (results.length === 2) {
      const [a, b] = results;
      console.log(
        `\nratio now / start: ${ROUTES.map((r) => `${r.name} ${(b!.routes[r.name]!.rps / b!.health.rps / (a!.routes[r.name]!.rps / a!.health.rps)).toFixed(2)}×`).join(", ")} (target ≥ 3×)`,
      );
    }
  } finally {
    for (const f of Object.values(files)) rmSync(f, { force: true });
  }
}
