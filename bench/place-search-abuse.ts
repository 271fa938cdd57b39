// Place search under abuse (issue 26): /health latency while the heaviest place-search plans run on the
// local server (embedded provider, the real workflow definitions), and how long each takes to answer.
//
//   npx tsx bench/place-search-abuse.ts [--repeat=5] [plan names…]   (default: thirtySteps, the route plans)
//
// Each plan runs `repeat` times in a row while another process samples /health every 20 ms; the table
// gives the mean time to answer and the samples' percentiles.
//
// The plans are also test/integration/place-search-abuse.test.ts's: the classes issue 26 names, written
// as a tester would (not its held-out set). This file imports nothing newer than the plans' own API, so it
// runs on the code before the change as well (copy it into a checkout of the older commit).

import { spawn } from "node:child_process";

const SEOUL = { lat: 37.5547, lng: 126.9707 };
const BUSAN = { lat: 35.1152, lng: 129.0422 };
const GANGNAM = { x: 127.0276, y: 37.4979 };
const TEN = ["카페", "음식점", "편의점", "약국", "병원", "은행", "주차장", "주유소", "술집", "빵집"];
const unknown = (i: number) => TEN.map((k, j) => `${k}없는말${i}${j}`);

type Plan = { search_plan: { step: number; action: string; params: Record<string, unknown> }[] } & Record<
  string,
  unknown
>;

const steps = (list: { action: string; params: Record<string, unknown> }[]): Plan["search_plan"] =>
  list.map((s, i) => ({ step: i + 1, ...s }));

/** A route from Seoul to Busan with `samples` sample_and_search steps over it. */
export const routePlan = (samples: number, queries: string[], radius = 20_000): Plan => ({
  search_plan: steps([
    { action: "segment_route", params: { origin: SEOUL, destination: BUSAN } },
    ...Array.from({ length: samples }, () => ({
      action: "sample_and_search",
      params: { polyline: "${step1.decodedPoints}", queries, searchRadius: radius },
    })),
  ]),
});

const multi = (queries: string[], extra: Record<string, unknown> = {}) => ({
  action: "multi_keyword_search",
  params: { queries, ...extra },
});

/** The classes issue 26 names, one or more plans each, written afresh. */
export function abusePlans(): Record<string, Plan> {
  const filter = (ref: string) => ({
    action: "distance_filter",
    params: { origin: SEOUL, places: ref, threshold: 200_000, mode: "walking" },
  });
  return {
    query61: {
      search_plan: steps([{ action: "keyword_search", params: { query: "맛".repeat(61), ...GANGNAM } }]),
    },
    query200: {
      search_plan: steps([
        { action: "keyword_search", params: { query: "국밥 ".repeat(40).trim(), ...GANGNAM } },
      ]),
    },
    queries10x200: {
      search_plan: steps([
        multi(
          TEN.map((k) => `${k} ${"가".repeat(195)}`),
          GANGNAM,
        ),
      ]),
    },
    review11: {
      search_plan: steps([{ action: "keyword_search", params: { query: "카페", ...GANGNAM } }]),
      post_processing: {
        filter_by_review: true,
        review_keywords: Array.from({ length: 11 }, (_, i) => `조용한${i}`),
      },
    },
    review40chars: {
      search_plan: steps([{ action: "keyword_search", params: { query: "카페", ...GANGNAM } }]),
      post_processing: { filter_by_review: true, review_keywords: ["콘센트".repeat(15)] },
    },
    enrichIdsOnly: {
      search_plan: steps([{ action: "google_enrich", params: { places: [{ id: "1" }, { id: "2" }] } }]),
    },
    filterIdsOnly: {
      search_plan: steps([
        {
          action: "distance_filter",
          params: { origin: SEOUL, places: [{ id: "1" }], threshold: 100, mode: "walking" },
        },
      ]),
    },
    fiveRoutes: routePlan(5, TEN),
    ten45ThenFilter: {
      search_plan: steps([multi(TEN, { ...GANGNAM, radius: 20_000, size: 45 }), filter("${step1.places}")]),
    },
    twoFilters: {
      search_plan: steps([
        multi(TEN.slice(0, 5), { ...GANGNAM, radius: 20_000 }),
        filter("${step1.places}"),
        filter("${step2.places}"),
      ]),
    },
    trip29: {
      search_plan: steps(
        Array.from({ length: 29 }, (_, i) => ({
          action: "multi_category_search",
          params: {
            queries: ["관광지", "맛집", "숙소"],
            ...GANGNAM,
            radius: 20_000,
            size: 15,
            tripRole: `day${i}`,
          },
        })),
      ),
      travel_plan: { destination: "서울", days: 10, nights: 9, roles: ["관광지", "맛집", "숙소"] },
      post_processing: { group_by_day: true, assign_trip_roles: true },
    },
    tripRoles9: {
      search_plan: steps([{ action: "keyword_search", params: { query: "카페", ...GANGNAM } }]),
      travel_plan: {
        destination: "서울",
        days: 2,
        nights: 1,
        roles: Array.from({ length: 9 }, (_, i) => `역할${i}`),
      },
    },
    thirtySteps: { search_plan: steps(Array.from({ length: 30 }, (_, i) => multi(unknown(i)))) },
    segmentEvery100m: {
      search_plan: steps([
        { action: "segment_route", params: { origin: SEOUL, destination: BUSAN, interval: 100 } },
        { action: "sample_and_search", params: { polyline: "${step1.decodedPoints}", queries: ["휴게소"] } },
      ]),
    },
  };
}

/** Plans near the limits, for the largest state and the dearest work the check accepts. */
export function candidatePlans(): Plan[] {
  const out: Plan[] = [];
  for (const n of [1, 2, 3, 5, 8, 10])
    for (const size of [15, 30, 45]) {
      out.push({ search_plan: steps([multi(TEN.slice(0, n), { ...GANGNAM, radius: 20_000, size })]) });
      out.push({ search_plan: steps([multi(unknown(n).slice(0, n), { size })]) });
    }
  for (const samples of [1, 2])
    for (const q of [1, 3, 5, 10]) {
      out.push(routePlan(samples, TEN.slice(0, q)));
      out.push(routePlan(samples, unknown(q).slice(0, q)));
    }
  return out;
}

/**
 * Samples `url` (GET /health) from a separate process, so a server that blocks its event loop cannot
 * also stop the sampling: each sample on a fresh connection, every 20 ms. `ready` resolves once the
 * first sample has come back (the sampler is running); `stop` returns the latencies (ms); a failed
 * request counts at the time it took, and in `failed`.
 */
export function sampleHealth(url: string): {
  ready: Promise<void>;
  stop(): Promise<{ samples: number[]; failed: number }>;
} {
  const code = `
    const samples = []; let failed = 0; let done = false;
    process.on("message", () => { done = true; });
    (async () => {
      while (!done) {
        const t = performance.now();
        try { const r = await fetch(process.argv[1], { headers: { connection: "close" } }); await r.arrayBuffer(); }
        catch { failed++; }
        samples.push(performance.now() - t);
        if (samples.length === 1) process.send("ready");
        await new Promise((r) => setTimeout(r, 20));
      }
      process.send({ samples, failed }, () => process.exit(0));
    })();`;
  const child = spawn(process.execPath, ["-e", code, url], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = new Promise<void>((resolve) => child.once("message", () => resolve()));
  return {
    ready,
    stop: () =>
      new Promise((resolve) => {
        child.on("message", (m) => {
          if (m !== "ready") resolve(m as { samples: number[]; failed: number });
        });
        child.send("stop");
      }),
  };
}

async function main() {
  const { startServer, postJson } = await import("../test/helpers/server.ts");
  const args = process.argv.slice(2);
  const repeat = Number(args.find((a) => a.startsWith("--repeat="))?.slice(9) ?? 5);
  const names = args.filter((a) => !a.startsWith("--"));
  const plans = { ...abusePlans(), dearestRoute: routePlan(1, unknown(0)) };
  const chosen = names.length ? names : ["thirtySteps", "dearestRoute", "fiveRoutes"];
  const server = await startServer({ planCache: false });
  // the embedded places are built on first use (a few seconds, once per process): not what is measured
  await postJson(`${server.url}/v1/search/execute`, {
    plan: { search_plan: [{ step: 1, action: "keyword_search", params: { query: "카페", ...GANGNAM } }] },
  });
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
  };
  console.log("| plan | status | answered after | /health samples (failed) | p50 | p99 | max |");
  console.log("|---|---|---|---|---|---|---|");
  for (const name of chosen) {
    const plan = plans[name as keyof typeof plans];
    if (!plan) throw new Error(`no plan ${name}`);
    const sampler = sampleHealth(`${server.url}/health`);
    await sampler.ready; // the sampler's process is up and has its first answer
    const t = performance.now();
    let res = { status: 0 };
    for (let i = 0; i < repeat; i++) res = await postJson(`${server.url}/v1/search/execute`, { plan });
    const took = (performance.now() - t) / repeat;
    const { samples, failed } = await sampler.stop();
    const ms = (x: number) => `${Math.round(x)} ms`;
    console.log(
      `| ${name} | ${res.status} | ${(took / 1000).toFixed(1)} s | ${samples.length} (${failed}) | ${ms(pct(samples, 50))} | ${ms(pct(samples, 99))} | ${ms(Math.max(...samples))} |`,
    );
  }
  await server.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
