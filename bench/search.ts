// Place-search execution benchmark.
//  1. a route search over fake Kakao Local + Kakao Mobility servers on loopback that answer after a
//     fixed latency L: wall time against the critical-path ideal for the configured concurrency C
//     (waves: geocodes together, the route, then ceil(searches / C) rounds), and against running the
//     same calls one after another as the seeds do;
//  2. embedded radius search over the whole demo dataset: p50/p99, and the grid index against a scan;
//  3. provider calls per query, by strategy.
import { readFileSync } from "node:fs";
import { haversine } from "../shared/geo/haversine.ts";
import { loadConfig } from "../shared/config.ts";
import { createExecDeps, gatePlaces, limitTo, type ExecDeps } from "../shared/place-search/exec-deps.ts";
import { searchPlaces } from "../shared/place-search/search-service.ts";
import { EmbeddedPlaces, HaversineDistances } from "../shared/providers/embedded/index.ts";
import { matchScore } from "../shared/providers/embedded/matcher.ts";
import { KakaoLocal } from "../shared/providers/kakao-local.ts";
import { KakaoMobility } from "../shared/providers/kakao-mobility.ts";
import { startFakeProviders } from "./fake-providers.ts";
import { ms, summarize } from "./stats.ts";

const LATENCY = 50;
const ROUTE_QUERY = "강남에서 판교 가는 길에 속이 편한 음식점";
async function routeBench() {
  const fakes = await startFakeProviders(LATENCY);
  const kakao = new KakaoLocal({ apiKey: "bench", baseUrl: fakes.localUrl, timeoutMs: 10_000 });
  // provider calls gated at C (as createExecDeps does); C = 1 is the seeds' one-after-another
  const deps = (c: number): ExecDeps => ({
    places: gatePlaces(kakao, c),
    routes: new KakaoMobility({ apiKey: "bench", baseUrl: fakes.naviUrl }),
    travel: new HaversineDistances(),
    mapLimit: limitTo(c),
  });
  const timed = async (d: ExecDeps) => {
    const t0 = performance.now();
    const r = await searchPlaces(ROUTE_QUERY, d);
    // every call but the two geocodes and the route is a search along it
    return { ms: performance.now() - t0, calls: r.meta.apiCalls, searches: r.meta.apiCalls - 3 };
  };
  await timed(deps(8)); // warm-up
  console.log(`\n### Route search, provider latency ${LATENCY} ms per call ("${ROUTE_QUERY}")\n`);
  console.log(
    "| concurrency C | provider calls | wall | critical-path ideal | wall / ideal | sequential (seeds) | sequential / wall |",
  );
  console.log("|---|---|---|---|---|---|---|");
  const seq = await timed(deps(1));
  const rows = [];
  for (const c of [8, 20, 80]) {
    // steady state, as in a running service: one run opens the connections C calls need, then the
    // median of five
    await timed(deps(c));
    const runs: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 5; i++) runs.push(await timed(deps(c)));
    const r = runs.sort((a, b) => a.ms - b.ms)[2];
    // waves: both geocodes at once, the route, then the searches C at a time
    const ideal = (1 + 1 + Math.ceil(r.searches / c)) * LATENCY;
    rows.push({ c, ...r, ideal });
    console.log(
      `| ${c} | ${r.calls} | ${r.ms.toFixed(0)} ms | ${ideal} ms | ${(r.ms / ideal).toFixed(2)} | ${seq.ms.toFixed(0)} ms | ${(seq.ms / r.ms).toFixed(1)}× |`,
    );
  }
  await fakes.close();
  return { sequential: seq, rows };
}

async function embeddedBench() {
  const e = EmbeddedPlaces.load("/nonexistent-dongne-data");
  const all = [...e.places];
  const centers = all.filter((_, i) => i % 97 === 0);
  const words = ["카페", "국밥", "파스타", "약국", "편의점", "맛집", "빵집", "치킨"];
  const c = { apiCalls: 0 };
  const samples: number[] = [];
  const scans: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const center = centers[i % centers.length];
    const q = words[i % words.length];
    const t0 = performance.now();
    await e.keywordSearch(c, q, { x: center.lng, y: center.lat, radius: 1000, size: 15, sort: "distance" });
    samples.push(performance.now() - t0);
    if (i % 10 === 0) {
      const t1 = performance.now();
      all.filter((p) => haversine(center, p) <= 1000 && matchScore(p, q) > 0);
      scans.push(performance.now() - t1);
    }
  }
  const s = summarize(samples.slice(300));
  const scan = summarize(scans);
  console.log(`\n### Embedded radius search (${all.length.toLocaleString()} demo places, radius 1000 m)\n`);
  console.log(
    `grid index: p50 ${ms(s.p50)}, p99 ${ms(s.p99)} (n=${s.n}); full scan: p50 ${ms(scan.p50)} → the index is ${(scan.p50 / s.p50).toFixed(0)}× faster at p50`,
  );
  return { index: s, scan };
}

async function callsByStrategy() {
  const deps = createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" }));
  const queries = readFileSync(new URL("./queries.txt", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean);
  const by = new Map<string, number[]>();
  for (const q of queries) {
    const r = await searchPlaces(q, deps);
    by.set(r.meta.strategyUsed, [...(by.get(r.meta.strategyUsed) ?? []), r.meta.apiCalls]);
  }
  console.log("\n### Provider calls per query, by strategy (bench/queries.txt, embedded provider)\n");
  console.log("| strategy | queries | calls (mean) | calls (max) |");
  console.log("|---|---|---|---|");
  for (const [strategy, calls] of by) {
    console.log(
      `| ${strategy} | ${calls.length} | ${(calls.reduce((a, b) => a + b, 0) / calls.length).toFixed(1)} | ${Math.max(...calls)} |`,
    );
  }
  return Object.fromEntries(by);
}

export async function benchSearch() {
  console.log("\n## Place-search execution");
  await routeBench();
  await embeddedBench();
  await callsByStrategy();
}
