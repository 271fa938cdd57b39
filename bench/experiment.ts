// Experiment benchmark: 5 seeds × 2 arms × 7 days with the offline engine and the default 160 agents,
// started through the experiment service (10 simulations through the local workflow runner and dynalite,
// all started at once). Wall time against the ideal: one arm's single run × 10 / the available
// concurrency. The local runner puts no cap of its own on executions, but every one of them — the
// state-machine interpreter, the offline engine, dynalite — runs on the one Node event loop: one core,
// so the available concurrency is 1 and the ideal is ten single runs back to back.
import { availableParallelism } from "node:os";
import { startLocal } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { simulationWorld } from "../shared/simulation/wiring.ts";

const SEEDS = [1, 2, 3, 4, 5];
const DAYS = 7;
/** the event loop the whole local product shares */
const AVAILABLE_CONCURRENCY = 1;
const SCENARIO = {
  name: "망원시장 옆 라멘집 개점",
  add: [
    {
      name: "망원 라멘 연구소",
      category: "일식",
      avg_price: 11_000,
      keywords: ["라멘", "돈코츠", "혼밥"],
      description: "망원시장 입구의 돈코츠 라멘 전문점. 진한 국물과 직접 뽑은 면.",
      lat: 37.5561,
      lng: 126.9055,
    },
  ],
};

export async function benchExperiment() {
  const w = await startLocal(
    loadConfig({
      DATA_DIR: "/nonexistent-dongne-data",
      SIM_STORE: "memory",
      SIM_MAX_AGENT_DAYS_PER_CALLER: "1000000",
    }),
    { llm: null },
  );
  simulationWorld(w.rt).stores(); // a warm process: the stores are built once, before the clock starts
  const { simulations, experiments } = w.context.services;
  const startDate = "2026-09-21";
  await simulations.start({ days: 1, seed: 99, agents: 40, startDate }, "bench");
  await w.workflows.settled();

  let t0 = performance.now();
  await simulations.start({ days: DAYS, seed: SEEDS[0]!, startDate }, "bench");
  await w.workflows.settled();
  const single = (performance.now() - t0) / 1000;

  t0 = performance.now();
  const { id } = await experiments.start(
    { baseline: { days: DAYS, startDate }, scenario: SCENARIO, seeds: SEEDS },
    "bench",
  );
  await w.workflows.settled();
  const wall = (performance.now() - t0) / 1000;
  const e = (await experiments.status(id))!;
  await w.close();

  const arms = SEEDS.length * 2;
  const ideal = (single * arms) / AVAILABLE_CONCURRENCY;
  const added = e.comparison?.stores.find((s) => s.change === "added");
  console.log(
    `\n## Experiment (${SEEDS.length} seeds × 2 arms × ${DAYS} days, 160 agents, offline engine)\n`,
  );
  console.log(
    "| one arm alone | experiment (10 simulations at once) | ideal (one arm × 10 / 1) | wall / ideal |",
  );
  console.log("|---|---|---|---|");
  console.log(
    `| ${single.toFixed(1)} s | ${wall.toFixed(1)} s | ${ideal.toFixed(1)} s | **${(wall / ideal).toFixed(2)}** |`,
  );
  console.log(
    `\nAvailable concurrency: ${AVAILABLE_CONCURRENCY} (the local runner's executions share one Node event loop; this machine has ${availableParallelism()} cores). Status ${e.status}; the added store: ${added?.visits.baseline} → ${added?.visits.scenario} visits per seed, difference ${added?.visits.diff} [${added?.visits.ci?.join(", ")}].`,
  );
}
