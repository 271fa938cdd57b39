// npm run bench -- simulation-scale: the offline simulation at city scale, through the product's own
// path (the Standard and slot state machines run by the local runner, every Task its Lambda's handler,
// dynalite in memory, the same items as in AWS). SCALE_AGENTS (default 10,000) × SCALE_DAYS (default 14)
// with the caps raised only as configuration raises them (SIM_MAX_AGENT_DAYS_PER_CALLER). Printed: wall,
// CPU and CPU per agent turn, peak RSS (sampled every 250 ms, and the kernel's high-water mark), and
// the throughput as a ratio to a baseline measured in the same process: the bare decision (004's
// process_decision with the offline engine, no workflow, no table) on the same agents and stores.
// The ratio says what the workflow and the store cost on top of deciding, whatever the machine's speed.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startLocal } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { processDecision } from "../shared/simulation/agent.ts";
import { OfflineEngine } from "../shared/simulation/engines/offline.ts";
import { personaSet } from "../shared/simulation/world.ts";
import { simulationWorld } from "../shared/simulation/wiring.ts";
import { startPosition } from "../shared/simulation/space.ts";
import { TIME_SLOTS } from "../shared/simulation/types.ts";

const AGENTS = Number(process.env.SCALE_AGENTS ?? 10_000);
const DAYS = Number(process.env.SCALE_DAYS ?? 14);
const BASELINE_TURNS = 20_000;

/** The resident set's parts (MB): anonymous memory (heaps, buffers) and mapped files' pages. */
const rssParts = () => {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { anon: kb("RssAnon"), file: kb("RssFile") };
};

/** The kernel's high-water mark of this process's resident set (MB). */
const hwmMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? NaN) / 1024;

/** Table files of the store mapped into this process now (LevelDB maps the files its table cache holds). */
const mappedTableFiles = () =>
  new Set(
    readFileSync("/proc/self/maps", "utf8")
      .split("\n")
      .filter((l) => l.endsWith(".ldb") || l.includes(".ldb (deleted)"))
      .map((l) => l.slice(l.indexOf("/"))),
  ).size;

/** SCALE_STORE: dynalite on disk (the product's default, under a fresh data directory) or in memory. */
const STORE = process.env.SCALE_STORE === "memory" ? "memory" : "disk";

async function scaleRun() {
  const dataDir = mkdtempSync(join(tmpdir(), "dongne-scale-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SIM_STORE: STORE,
    SIM_MAX_AGENT_DAYS_PER_CALLER: String(Math.max(10_000, AGENTS * DAYS)),
    ...(process.env.SIM_AGENT_CONCURRENCY
      ? { SIM_AGENT_CONCURRENCY: process.env.SIM_AGENT_CONCURRENCY }
      : {}),
    ...(process.env.SIM_BATCH_SIZE ? { SIM_BATCH_SIZE: process.env.SIM_BATCH_SIZE } : {}),
  });
  const w = await startLocal(config, { llm: null });
  try {
    const world = simulationWorld(w.rt);
    world.stores();
    const sims = w.context.services.simulations;
    let peak = process.memoryUsage().rss;
    let ticks = 0;
    let id = "";
    // the simulated day running now (from the run's completed slots, read every 5 s), and each day's
    // peak RSS and most table files mapped: flat over the days, or growing with them
    let day = 1;
    const days = new Map<number, { rss: number; files: number }>();
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      ticks++;
      const d = days.get(day) ?? { rss: 0, files: 0 };
      days.set(day, { rss: Math.max(d.rss, m.rss), files: Math.max(d.files, mappedTableFiles()) });
      if (id && ticks % 20 === 0)
        void sims
          .status(id)
          .then((meta) => (day = Math.min(DAYS, 1 + Math.floor((meta?.completedSlots.length ?? 0) / 4))));
      // SCALE_TRACE=1: memory every 10 s (what grows: the heap, or buffers outside it)
      if (process.env.SCALE_TRACE && ticks % 40 === 0)
        console.error(
          `${ticks / 4} s: rss ${(m.rss / 2 ** 20).toFixed(0)} heap ${(m.heapUsed / 2 ** 20).toFixed(0)} of ${(m.heapTotal / 2 ** 20).toFixed(0)} external ${(m.external / 2 ** 20).toFixed(0)} buffers ${(m.arrayBuffers / 2 ** 20).toFixed(0)} MB; anon ${rssParts().anon.toFixed(0)} file ${rssParts().file.toFixed(0)} MB`,
        );
    }, 250);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    ({ id } = await sims.start({ days: DAYS, seed: 42, agents: AGENTS }, "bench"));
    await w.workflows.settled();
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);
    const meta = (await sims.status(id))!;
    const turns = meta.decisions.agent_turns ?? 0;
    return {
      status: meta.status,
      turns,
      visits: meta.decisions.visits ?? 0,
      seconds,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      peakMb: peak / 2 ** 20,
      days: [...days].map(([d, v]) => ({ day: d, rssMb: v.rss / 2 ** 20, files: v.files })),
    };
  } finally {
    await w.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare decision: process_decision with the offline engine in a loop, nothing around it. */
async function baseline() {
  const config = loadConfig({ DATA_DIR: "/nonexistent-dongne-data", SIM_STORE: "memory" });
  const w = await startLocal(config, { llm: null });
  try {
    const world = simulationWorld(w.rt);
    const stores = world.stores();
    const personas = personaSet(undefined, Math.min(AGENTS, 2_000));
    const engine = new OfflineEngine();
    const mean = personas.reduce((s, p) => s + p.eat_out_tendency, 0) / personas.length;
    const aggregates = Promise.resolve({});
    const t0 = performance.now();
    let turns = 0;
    for (let day = 1; turns < BASELINE_TURNS; day++)
      for (const slot of TIME_SLOTS)
        for (const persona of personas) {
          await processDecision({
            persona,
            day,
            slot,
            stores,
            aggregates,
            memory: [],
            position: startPosition(persona),
            populationEatOutTendency: mean,
            engine,
            seed: 42,
          });
          turns++;
        }
    return { turns, perSecond: turns / ((performance.now() - t0) / 1000) };
  } finally {
    await w.close();
  }
}

/** The run and its baseline, in this process (the child the bench starts). */
async function measure() {
  console.log(
    `\n## Simulation at scale (offline, ${AGENTS.toLocaleString("en-US")} agents × ${DAYS} days, dynalite ${STORE === "disk" ? "on disk" : "in memory"}, heap ${HEAP_MB} MB)\n`,
  );
  // SCALE_BASELINE=0 skips the baseline (a profile of the run alone)
  const base = process.env.SCALE_BASELINE === "0" ? { perSecond: NaN } : await baseline();
  const run = await scaleRun();
  const perSecond = run.turns / run.seconds;
  console.log(
    "| status | agent turns | visits | wall | CPU | CPU per turn | turns/s | peak RSS (sampled / high-water) | bare decisions/s (baseline) | turns/s ÷ baseline |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  console.log(
    `| ${run.status} | ${run.turns} | ${run.visits} | ${run.seconds.toFixed(0)} s | ${run.cpuSeconds.toFixed(0)} s | ${((run.cpuSeconds / run.turns) * 1000).toFixed(2)} ms | ${perSecond.toFixed(0)} | ${run.peakMb.toFixed(0)} / ${hwmMb().toFixed(0)} MB | ${base.perSecond.toFixed(0)} | **${(perSecond / base.perSecond).toFixed(3)}** |`,
  );
  console.log("\n| day | peak RSS (sampled) | most table files mapped |\n|---|---|---|");
  for (const d of run.days) console.log(`| ${d.day} | ${d.rssMb.toFixed(0)} MB | ${d.files} |`);
}

/** The heap `npm start` gives the server (SERVER_HEAP_MB, default 512): the run is measured in it. */
const HEAP_MB = Number(process.env.SERVER_HEAP_MB ?? 512);

/**
 * Runs the measurement in a child process with the server's heap (and nothing else of the bench's
 * process in its memory): its peak RSS is the run's.
 */
export async function benchSimulationScale() {
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, "--import", "tsx", fileURLToPath(import.meta.url), "child"],
    { stdio: "inherit" },
  );
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`the scale run's process ended with ${code}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "child") {
  await import("../bin/quiet-aws-sdk.ts");
  await measure();
  process.exit(0);
}
