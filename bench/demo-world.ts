// npm run bench -- demo-world: what the demo world costs.
//  1. one cell: its census (density field and kinds), the whole cell, one kind's slice, by kind of cell
//     (downtown, a station's streets, residential, a county town, the hills), as ms, µs a place and
//     the ratio to a /health request answered by the app in the same process (the machine's load
//     moves every ms figure; the ratio moves less);
//  2. how dense: places, restaurants and wine bars within 1 km of major and small stations;
//  3. a day of queries (`demo-world day`: this alone, in a fresh process): every place query of bench/search-queries.txt and the blind place set, and
//     "<station> <kind>" for a sample of stations and kinds, through the pipeline with the embedded
//     provider: the heap (after a full collection) before, after and per cached place, the cells and
//     slices built, and each query's time cold (first) and warm (again).
// Run with node's --expose-gc for collected heaps (`npm run bench -- demo-world` passes it when it can).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../functions/api/app.ts";
import { startLocal } from "../functions/api/local.ts";
import { haversine } from "../shared/geo/haversine.ts";
import { cellsInCircle } from "../shared/demo/world/grid.ts";
import { DEMO_SEED } from "../shared/demo/places.ts";
import { buildCell, buildSlice } from "../shared/demo/world/cell.ts";
import { censusOf } from "../shared/demo/world/census.ts";
import { worldKindNamed } from "../shared/demo/world/catalog.ts";
import { cellOf } from "../shared/demo/world/grid.ts";
import { railStations } from "../shared/demo/rail-stations.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { searchPlaces } from "../shared/place-search/pipeline.ts";
import { EmbeddedPlaces } from "../shared/providers/embedded/index.ts";
import { WorldSource } from "../shared/providers/embedded/sources.ts";
import { createExecDeps, type ExecDeps } from "../shared/providers/exec-deps.ts";
import { ms, summarize } from "./stats.ts";

const CELLS: [string, { lat: number; lng: number }][] = [
  ["종로3가 (downtown)", { lat: 37.5716, lng: 126.9918 }],
  ["강남역 (a major station)", { lat: 37.4972, lng: 127.0279 }],
  ["망원동 (residential)", { lat: 37.5555, lng: 126.9 }],
  ["의왕역 (a small station)", { lat: 37.3209, lng: 126.948 }],
  ["홍천읍 (a county town)", { lat: 37.6712, lng: 127.8497 }],
  ["충북의 산 (the hills)", { lat: 36.9, lng: 128.0 }],
];

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** The median time of /health answered by the app in this process (no network), after a warm-up. */
async function healthMs(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "dongne-bench-"));
  const config = loadConfig({ DATA_DIR: dataDir, SIM_STORE: "memory", LOG_LEVEL: "SILENT" });
  const world = await startLocal(config, { llm: null });
  const app = createApp(() => world.context);
  const runs: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    await (await app.request("/health")).text();
    if (i >= 100) runs.push(performance.now() - t0);
  }
  await world.close();
  rmSync(dataDir, { recursive: true, force: true });
  return summarize(runs).p50;
}

async function cellCosts(): Promise<void> {
  const health = await healthMs();
  console.log(`\n### One cell of the demo world (median of 5 builds; /health in-process: ${ms(health)})\n`);
  console.log(
    "| cell | places | census | whole cell | µs a place | whole cell / health | one kind's slice (치킨) |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const [name, p] of CELLS) {
    const cell = cellOf(p);
    buildCell(DEMO_SEED, cell); // the tables first
    const time = (f: () => unknown) => {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        f();
        runs.push(performance.now() - t0);
      }
      return runs.sort((a, b) => a - b)[2]!;
    };
    const census = censusOf(DEMO_SEED, cell);
    const chicken = worldKindNamed("치킨")!;
    const tCensus = time(() => censusOf(DEMO_SEED, cell));
    const tCell = time(() => buildCell(DEMO_SEED, cell, census));
    const tSlice = time(() => buildSlice(DEMO_SEED, chicken, census));
    const n = buildCell(DEMO_SEED, cell, census).length;
    const per = n ? `${((tCell * 1000) / n).toFixed(0)} µs` : "–";
    console.log(
      `| ${name} | ${n} | ${ms(tCensus)} | ${ms(tCell)} | ${per} | ${(tCell / health).toFixed(0)}× | ${ms(tSlice)} (${census.counts[chicken.index]} places) |`,
    );
  }
}

const STATIONS: [string, { lat: number; lng: number }][] = [
  ["강남역 (2호선, 신분당선)", { lat: 37.4972, lng: 127.0279 }],
  ["신사역 (3호선, 신분당선)", { lat: 37.516, lng: 127.0203 }],
  ["서면역 (부산 1·2호선)", { lat: 35.15774, lng: 129.059084 }],
  ["홍대입구역 (2호선, 공항철도, 경의중앙선)", { lat: 37.5572, lng: 126.9254 }],
  ["망원역 (6호선)", { lat: 37.5561, lng: 126.91 }],
  ["의왕역 (경부선)", { lat: 37.3209, lng: 126.948 }],
  ["충북의 산 (no station)", { lat: 36.9, lng: 128.0 }],
];

function density(): void {
  const source = new WorldSource();
  console.log("\n### Places within 1 km\n");
  console.log("| around | places | restaurants (FD6) | wine bars |");
  console.log("|---|---|---|---|");
  for (const [name, center] of STATIONS) {
    const near = cellsInCircle(center, 1000)
      .flatMap(({ cell }) => source.cellPlaces(cell))
      .filter((p) => haversine(center, p) <= 1000);
    const restaurants = near.filter((p) => p.categoryCode === "FD6").length;
    const wine = near.filter((p) => p.categoryName.includes("와인")).length;
    console.log(`| ${name} | ${near.length.toLocaleString()} | ${restaurants.toLocaleString()} | ${wine} |`);
  }
}

const lines = (file: string) =>
  readFileSync(new URL(file, import.meta.url), "utf8")
    .split("\n")
    .map((l) => l.split("|")[0]!.trim())
    .filter((l) => l && !l.startsWith("#"));

/** A day's place queries: the bench's, the blind set's, and stations × everyday kinds. */
export function dayOfQueries(): string[] {
  const blind = readFileSync(
    new URL("../test/fixtures/eval/places-blind1/places-blind1.jsonl", import.meta.url),
    "utf8",
  )
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { query: string }).query);
  const kinds = ["카페", "국밥", "치킨", "약국", "편의점", "삼겹살", "미용실", "PC방", "술집", "내과"];
  const stations = railStations().filter((_, i) => i % 9 === 0);
  const mixed = stations.map((s, i) => `${s.station} ${kinds[i % kinds.length]}`);
  return [...lines("./search-queries.txt"), ...blind, ...mixed];
}

async function dayOfSearches(): Promise<void> {
  const before = heapMb();
  const source = new WorldSource();
  const deps: ExecDeps = {
    ...createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" })),
    places: new EmbeddedPlaces(source),
  };
  const t0 = performance.now();
  await source.prepare();
  const prepareMs = performance.now() - t0;
  const ready = heapMb();
  // every place the day builds, a slice built again after the cache let it go included
  let built = 0;
  const slice = source.world.slice.bind(source.world);
  source.world.slice = (cell, kind) => {
    const places = slice(cell, kind);
    built += places.length;
    return places;
  };
  const queries = dayOfQueries();
  const cold: number[] = [];
  const warm: number[] = [];
  const slowest: [number, string, number][] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const kept = source.cachedPlaces;
    await searchPlaces(q, deps);
    cold.push(performance.now() - t0);
    slowest.push([cold.at(-1)!, q, source.cachedPlaces - kept]);
  }
  const after = heapMb();
  const builtFirst = built;
  for (const q of queries) {
    const t0 = performance.now();
    await searchPlaces(q, deps);
    warm.push(performance.now() - t0);
  }
  const c = summarize(cold);
  const w = summarize(warm);
  console.log(`\n### A day of place queries (${queries.length} queries, the embedded demo world)\n`);
  console.log("| measure | figure |");
  console.log("|---|---|");
  console.log(
    `| heap before the day (with the other sections: the tables they built) | ${before.toFixed(0)} MB${gc ? "" : " (no --expose-gc: not collected)"} |`,
  );
  console.log(
    `| before it listens: the tables and the pinned cells (prepare) | ${ms(prepareMs)}, heap ${ready.toFixed(0)} MB |`,
  );
  console.log(`| heap after the day (collected) | ${after.toFixed(0)} MB |`);
  console.log(`| places kept in built slices | ${source.cachedPlaces.toLocaleString()} |`);
  console.log(
    `| places built: the day, then its repeat | ${builtFirst.toLocaleString()}, ${(built - builtFirst).toLocaleString()} |`,
  );
  console.log(
    `| heap per kept place | ${(((after - ready) * 2 ** 20) / Math.max(1, source.cachedPlaces) / 1024).toFixed(2)} KB (tables and pinned cells not counted) |`,
  );
  console.log(
    `| a query, first time (cells built) | p50 ${ms(c.p50)}, p99 ${ms(c.p99)}, max ${ms(Math.max(...cold))} |`,
  );
  console.log(`| the same query again (cells kept) | p50 ${ms(w.p50)}, p99 ${ms(w.p99)} |`);
  console.log("\nThe slowest first times (places built by the query; the cache evicts past its bound):\n");
  for (const [t, q, built] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 8))
    console.log(`- ${q}: ${ms(t)}, ${built >= 0 ? built : "some evicted"} places`);
}

/** `day` (`bench/run.ts demo-world day`): the day of queries alone, in a fresh process, as a server runs it. */
export async function benchDemoWorld(only = process.argv[3]): Promise<void> {
  console.log("\n## The demo world");
  if (only !== "day") {
    await cellCosts();
    density();
  }
  await dayOfSearches();
}
