// npm run bench -- simulation-comments: how the offline engine's comments read in a run, through the
// workflow as the product runs it (160 agents, one day from Monday 2026-09-21, seeds 1–3). Printed per
// seed: distinct comments per 100 visits with the store's name removed (every window of 100 visits in
// key order: the lowest and the mean) and over the whole run; then 50 comments of seed 1, evenly spaced
// over its visits, with the agent's generation, the rating and the tags beside them, for reading.
import { startLocal } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { simulationRepository, simulationWorld } from "../shared/simulation/wiring.ts";
import type { Visit } from "../shared/simulation/types.ts";

const SEEDS = [1, 2, 3];
const AGENTS = 160;
const START = "2026-09-21";
const READ = 50;

/** A comment as counted: the store's name removed, spaces folded. */
const bare = (v: Visit) => v.comment.replaceAll(v.store_name, "").replace(/\s+/g, " ").trim();

/** Distinct comments in each window of 100 consecutive visits: the lowest and the mean. */
function perHundred(visits: Visit[]): { min: number; mean: number } {
  if (visits.length < 100) return { min: NaN, mean: NaN };
  const counts: number[] = [];
  for (let i = 0; i + 100 <= visits.length; i++)
    counts.push(new Set(visits.slice(i, i + 100).map(bare)).size);
  return { min: Math.min(...counts), mean: counts.reduce((a, b) => a + b, 0) / counts.length };
}

export async function benchSimulationComments() {
  const config = loadConfig({ DATA_DIR: "/nonexistent-dongne-data", SIM_STORE: "memory" });
  const w = await startLocal(config, { llm: null });
  try {
    const world = simulationWorld(w.rt);
    world.stores();
    const sims = w.context.services.simulations;
    const personas = world.personaSet(AGENTS);
    console.log(`\n## Offline comments (${AGENTS} agents, one day from ${START}, store names removed)\n`);
    console.log("| seed | visits | distinct per 100 visits (lowest · mean) | distinct over the run |");
    console.log("|---|---|---|---|");
    let read: Visit[] = [];
    for (const seed of SEEDS) {
      const { id } = await sims.start({ days: 1, seed, agents: AGENTS, startDate: START }, "bench");
      await w.workflows.settled();
      const visits = await simulationRepository(w.rt).visits.list(id);
      const h = perHundred(visits);
      const all = new Set(visits.map(bare)).size;
      console.log(
        `| ${seed} | ${visits.length} | ${h.min} · ${h.mean.toFixed(1)} | ${all} of ${visits.length} (${((all / visits.length) * 100).toFixed(0)} %) |`,
      );
      if (seed === SEEDS[0])
        read = Array.from({ length: READ }, (_, i) => visits[Math.floor((i * visits.length) / READ)]!);
    }
    console.log(`\n${READ} comments of seed ${SEEDS[0]}, evenly spaced over its visits:\n`);
    console.log("| # | generation | slot | store (category) | rating | tags | comment |");
    console.log("|---|---|---|---|---|---|---|");
    read.forEach((v, i) =>
      console.log(
        `| ${i + 1} | ${personas.get(v.agent_id)?.generation ?? "?"} | ${v.time_slot} | ${v.store_name} (${v.category}) | ${v.rating} | ${v.tags.join(", ") || "–"} | ${v.comment.replaceAll("|", "\\|")} |`,
      ),
    );
  } finally {
    await w.close();
  }
}
