// npm run bench -- memory: does the local server's memory level off? Starts `bin/serve.ts` in its own
// process group, sends N mixed requests (search / ask / news / plan, varied queries from bench's query
// files) from a few concurrent clients, and samples the server's RSS (VmRSS of the child's
// /proc/<pid>/status) every 1,000 requests. The issue's target: RSS after 20,000 within 10 % of RSS
// after 5,000. SERVE_DIR runs the server of another checkout (default: this tree); MEMORY_REQUESTS
// changes N; MEMORY_HEAP_MB sets --max-old-space-size (default: npm start's 512; "node" for Node's own).
import { readFileSync } from "node:fs";
import { startServer } from "./served.ts";
import { cycle } from "./stats.ts";

const lines = (file: string) =>
  readFileSync(new URL(file, import.meta.url), "utf8")
    .split("\n")
    .map((l) => l.split("|")[0]!.trim())
    .filter((l) => l && !l.startsWith("#"));

/** The server's resident set (kB) and, for a `npx`/`tsx` wrapper, the largest node in its group. */
function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** Mixed requests: each route in turn, each with its own rotating query (and a suffix so they vary). */
export function mixedRequest(i: number, queries: string[], searchQueries: string[]) {
  const round = Math.floor(i / 4);
  const variant =
    round % 7 === 0 ? "" : ` ${["근처", "추천", "맛집", "가볼만한 곳", "조용한", "저렴한"][round % 6]}`;
  switch (i % 4) {
    case 0:
      return { path: "/v1/search", body: { query: cycle(searchQueries, round) + variant } };
    case 1:
      return { path: "/v1/restaurants/ask", body: { query: cycle(queries, round) + variant } };
    case 2:
      return { path: "/v1/news/search", body: { query: cycle(queries, round + 3) + variant } };
    default:
      return { path: "/v1/search/plan", body: { query: cycle(queries, round + 5) + variant } };
  }
}

export async function benchMemory(): Promise<void> {
  const total = Number(process.env.MEMORY_REQUESTS ?? 20_000);
  const clients = Number(process.env.MEMORY_CLIENTS ?? 4);
  const dir = process.env.SERVE_DIR ?? process.cwd();
  // the heap npm start gives the server (SERVER_HEAP_MB, 512 by default), unless MEMORY_HEAP_MB says
  const heapMb = process.env.MEMORY_HEAP_MB ?? process.env.SERVER_HEAP_MB ?? "512";
  const heap = heapMb === "node" ? [] : [`--max-old-space-size=${heapMb}`];
  const queries = lines("./queries.txt");
  const searchQueries = lines("./search-queries.txt");
  const server = await startServer(dir, heap);
  const statuses = new Map<number | string, number>();
  const samples: { n: number; rssMb: number; s: number }[] = [];
  const started = performance.now();
  try {
    const sample = (n: number) => {
      const rssMb = rssKb(server.pid) / 1024;
      samples.push({ n, rssMb, s: (performance.now() - started) / 1000 });
      console.log(
        `after ${String(n).padStart(6)} requests: RSS ${rssMb.toFixed(0)} MB (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    };
    console.log(`\n### Memory under mixed load (${total} requests, ${clients} clients, ${dir})\n`);
    sample(0);
    let next = 0;
    let done = 0;
    const client = async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const r = mixedRequest(i, queries, searchQueries);
        let status: number | string;
        try {
          const res = await fetch(server.base + r.path, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(r.body),
            signal: AbortSignal.timeout(60_000),
          });
          await res.arrayBuffer();
          status = res.status;
        } catch (err) {
          status = (err as Error).name;
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        done++;
        if (done % 1000 === 0) sample(done);
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    const at = (n: number) => samples.find((s) => s.n === n)?.rssMb;
    const a = at(Math.min(5000, total)) ?? NaN;
    const b = at(total) ?? NaN;
    console.log(`\nstatuses: ${[...statuses].map(([s, c]) => `${s}: ${c}`).join(", ")}`);
    console.log(
      `RSS after 5,000: ${a.toFixed(0)} MB; after ${total}: ${b.toFixed(0)} MB; growth ${(((b - a) / a) * 100).toFixed(1)} % (target ≤ 10 %)`,
    );
  } finally {
    server.stop();
  }
}
