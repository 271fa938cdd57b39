// Place-search execution benchmark.
//  1. a route search over fake Kakao Local + Kakao Mobility servers on loopback that answer after a
//     fixed latency L: wall time against the critical-path ideal for the configured concurrency C
//     (waves: geocodes together, the route, then ceil(searches / C) rounds), and against running the
//     same calls one after another as the seeds do;
//  2. embedded radius search over the demo world around stations: p50/p99 cold (cells built) and warm,
//     against reading every place of the circle's cells;
//  3. route sampling on the routes issue 13 names: points, interval, calls, the state at the Map;
//  4. provider calls per query on bench/search-queries.txt, and by strategy;
//  5. seeds 000/001's plans as written, checked and run offline.
import { readdirSync, readFileSync } from "node:fs";
import { haversine } from "../shared/geo/haversine.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { searchAtPoint } from "../shared/place-search/actions/route.ts";
import { createExecDeps, gatePlaces, limitTo, type ExecDeps } from "../shared/providers/exec-deps.ts";
import { execute, initialState } from "../shared/place-search/executor.ts";
import { planFromClient } from "../shared/place-search/given-plan.ts";
import { checkPlan } from "../shared/place-search/plan-check.ts";
import { executePlan, planQuery, searchPlaces } from "../shared/place-search/pipeline.ts";
import { GooglePlaces } from "../shared/providers/google-places.ts";
import { GoogleRoutes } from "../shared/providers/google-routes.ts";
import { startFake } from "../test/helpers/fake-http.ts";
import { fakeGoogle } from "../test/helpers/fake-google.ts";
import { EmbeddedPlaces, HaversineDistances } from "../shared/providers/embedded/index.ts";
import { WorldSource } from "../shared/providers/embedded/sources.ts";
import { cellsInCircle } from "../shared/demo/world/grid.ts";
import { railStations } from "../shared/demo/rail-stations.ts";
import { matchScore } from "../shared/providers/embedded/matcher.ts";
import { KakaoLocal } from "../shared/providers/kakao-local.ts";
import { KakaoMobility } from "../shared/providers/kakao-mobility.ts";
import { startFakeProviders } from "./fake-providers.ts";
import { cycle, ms, summarize } from "./stats.ts";

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
    const r = runs.sort((a, b) => a.ms - b.ms)[2]!; // the median of the five
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
  const source = new WorldSource();
  const e = new EmbeddedPlaces(source);
  // centres: every 13th real station of the country (the demo world is built around them)
  const centers = railStations().filter((_, i) => i % 13 === 0);
  const words = ["카페", "국밥", "파스타", "약국", "편의점", "맛집", "빵집", "치킨"];
  const c = { apiCalls: 0 };
  const search = async (i: number) => {
    const center = cycle(centers, i);
    const q = cycle(words, i);
    const t0 = performance.now();
    await e.keywordSearch(c, q, { x: center.lng, y: center.lat, radius: 1000, size: 15, sort: "distance" });
    return performance.now() - t0;
  };
  // the first search at each centre and word builds its cells' slices; later ones read them
  const firsts: number[] = [];
  for (let i = 0; i < centers.length * words.length; i++) firsts.push(await search(i));
  const samples: number[] = [];
  const scans: number[] = [];
  for (let i = 0; i < 3000; i++) {
    samples.push(await search(i));
    if (i % 10 === 0) {
      // what reading every place of the circle's cells (kept whole) would cost, matched one by one
      const center = cycle(centers, i);
      const q = cycle(words, i);
      const cells = cellsInCircle(center, 1000).map((x) => source.cellPlaces(x.cell));
      const t1 = performance.now();
      cells.flat().filter((p) => haversine(center, p) <= 1000 && matchScore(p, q) > 0);
      scans.push(performance.now() - t1);
    }
  }
  const cold = summarize(firsts);
  const s = summarize(samples.slice(300));
  const scan = summarize(scans);
  console.log(
    `\n### Embedded radius search (the demo world, ${centers.length} stations × ${words.length} words, radius 1000 m)\n`,
  );
  console.log(
    `first search at a centre and word (slices built): p50 ${ms(cold.p50)}, p99 ${ms(cold.p99)} (n=${cold.n}); ` +
      `again (slices kept): p50 ${ms(s.p50)}, p99 ${ms(s.p99)} (n=${s.n}); ` +
      `reading every place of the circle's cells: p50 ${ms(scan.p50)} → ${(scan.p50 / s.p50).toFixed(0)}× the search at p50; ` +
      `places kept: ${source.cachedPlaces.toLocaleString()}`,
  );
  return { index: s, cold, scan };
}

/** bench/search-queries.txt: a query per line, "| lat,lng" for the user's position; # comments. */
export function searchQueryMix(): { query: string; location?: { lat: number; lng: number } }[] {
  return readFileSync(new URL("./search-queries.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((line) => {
      const [query = "", at] = line.split("|").map((x) => x.trim());
      const [lat, lng] = at ? at.split(",").map(Number) : [];
      return { query, ...(lat !== undefined && lng !== undefined ? { location: { lat, lng } } : {}) };
    });
}

/** The embedded provider in Korea and a fake Google Places/Routes on loopback (so calls abroad count). */
async function mixDeps() {
  const google = await startFake(fakeGoogle());
  const routes = new GoogleRoutes({ apiKey: "bench", baseUrl: google.url });
  const deps: ExecDeps = {
    ...createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" })),
    google: new GooglePlaces({ apiKey: "bench", baseUrl: google.url }),
    googleRoutes: routes,
    travel: routes,
  };
  return { deps, close: () => google.close() };
}

async function callsByStrategy() {
  const { deps, close } = await mixDeps();
  const by = new Map<string, number[]>();
  console.log(
    "\n### Provider calls per query (bench/search-queries.txt; embedded provider in Korea, fake Google abroad)\n",
  );
  console.log("| query | strategy | provider calls | places | empty because |");
  console.log("|---|---|---|---|---|");
  for (const { query, location } of searchQueryMix()) {
    const r = await searchPlaces(query, deps, undefined, undefined, location);
    by.set(r.meta.strategyUsed, [...(by.get(r.meta.strategyUsed) ?? []), r.meta.apiCalls]);
    console.log(
      `| ${query}${location ? " (+ location)" : ""} | ${r.meta.strategyUsed} | ${r.meta.apiCalls} | ${r.places.length} | ${r.meta.emptyReason?.code ?? ""} |`,
    );
  }
  console.log("\n| strategy | queries | calls (mean) | calls (max) |");
  console.log("|---|---|---|---|");
  for (const [strategy, calls] of by) {
    console.log(
      `| ${strategy} | ${calls.length} | ${(calls.reduce((a, b) => a + b, 0) / calls.length).toFixed(1)} | ${Math.max(...calls)} |`,
    );
  }
  await close();
  return Object.fromEntries(by);
}

/** The two routes the issue names: sample points, their spacing and the provider calls. */
async function routeSampling() {
  const deps = createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" }));
  console.log("\n### Route sampling (embedded: straight-line routes; Kakao Mobility adds one call)\n");
  console.log("| query | searchRadius | sample points | interval | provider calls | state at the Map |");
  console.log("|---|---|---|---|---|---|");
  for (const query of [
    "강남에서 판교 가는 길에 속이 편한 음식점",
    "서울역에서 부산역 가는 길에 맛집",
    "서울역에서 부산역 가는 길에 속이 편한 음식점",
  ]) {
    const plan = await planQuery(query);
    const paused = await execute(initialState(plan), deps, { fanout: "defer" });
    const items = paused.fanout!.items;
    const fanoutResults = await Promise.all(items.map((it) => searchAtPoint(it, deps)));
    const atMap = JSON.stringify({ ...paused, fanoutResults }).length;
    const done = await execute({ ...paused, fanoutResults }, deps, { fanout: "defer" });
    const step = plan.search_plan.find((x) => x.action === "sample_and_search")!;
    const r = done.results[String(step.step)] as { samplePoints: number; interval: number };
    console.log(
      `| ${query} | ${String(step.params.searchRadius)} m | ${r.samplePoints} | ${r.interval} m | ${done.apiCalls} | ${(atMap / 1024).toFixed(0)} KB |`,
    );
  }
}

/** Seeds 000/001's plans as written (test/fixtures/seed-plans): checked and run offline. */
async function seedExamples() {
  const deps = createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" }));
  const dir = new URL("../test/fixtures/seed-plans/", import.meta.url);
  console.log("\n### The seeds' plans as written (embedded provider, no keys)\n");
  console.log(
    "| example | plan check | strategy (defaulted?) | provider calls | places | totalCount | note |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const raw = JSON.parse(readFileSync(new URL(name, dir), "utf8")) as Record<string, unknown>;
    const checked = checkPlan(raw);
    if (!checked.ok) {
      console.log(`| ${name} | refused: ${checked.problems[0]?.message} | | | | | |`);
      continue;
    }
    const r = await executePlan(planFromClient(checked.plan), deps);
    const defaulted = ["provider", "strategy_type", "post_processing"].filter((k) => !(k in raw));
    const note = r.meta.emptyReason?.code ?? (r.itinerary ? `${r.itinerary.length} days` : "");
    console.log(
      `| ${name.replace(".json", "")} | ok | ${r.meta.strategyUsed}${defaulted.length ? ` (${defaulted.join(", ")} defaulted)` : ""} | ${r.meta.apiCalls} | ${r.places.length} | ${r.totalCount} | ${note} |`,
    );
  }
}

export async function benchSearch() {
  console.log("\n## Place-search execution");
  await routeBench();
  await embeddedBench();
  await routeSampling();
  await callsByStrategy();
  await seedExamples();
}
