// npm run bench -- simulation-spread: how visits spread over the stores beside what 004's candidate
// sampling predicts (shared/simulation/spread.ts), offline, 160 agents on seeds 1–3, one day and 14
// days from Monday 2026-09-21, through the workflow as the product runs it. Printed per run: the top
// store's share per slot (got / predicted), stores with no visit (got / predicted), the Herfindahl index
// and the effective number of stores (got / predicted), and every store above twice its prediction.
import { startLocal } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import { simulationWorld } from "../shared/simulation/wiring.ts";
import { TIME_SLOTS } from "../shared/simulation/types.ts";

/** SPREAD_SEEDS and SPREAD_DAYS (comma-separated) run a part of the six runs */
const list = (v: string | undefined, fallback: number[]) => (v ? v.split(",").map(Number) : fallback);
const SEEDS = list(process.env.SPREAD_SEEDS, [1, 2, 3]);
const DAYS = list(process.env.SPREAD_DAYS, [1, 14]);
const AGENTS = Number(process.env.SPREAD_AGENTS ?? 160);
const START = "2026-09-21";

export async function benchSimulationSpread() {
  const config = loadConfig({ DATA_DIR: "/nonexistent-dongne-data", SIM_STORE: "memory" });
  const w = await startLocal(config, { llm: null });
  try {
    simulationWorld(w.rt).stores();
    const sims = w.context.services.simulations;
    console.log(`\n## Simulation spread (offline, ${AGENTS} agents, from ${START})\n`);
    console.log(
      `| days | seed | visits | top store's share ${TIME_SLOTS.join(" / ")} (got · predicted) | stores with no visit (got · predicted) | HHI (got · predicted) | effective stores (got · predicted) | above twice their prediction |`,
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const days of DAYS)
      for (const seed of SEEDS) {
        const { id } = await sims.start({ days, seed, agents: AGENTS, startDate: START }, "bench");
        await w.workflows.settled();
        const s = (await sims.report(id))!.spread!;
        const top = TIME_SLOTS.map((slot) => {
          const b = s.bySlot[slot]!;
          return `${((b.top?.share ?? 0) * 100).toFixed(0)} · ${(b.predictedTop * 100).toFixed(0)} %`;
        }).join(" / ");
        const above = s.aboveTwice
          .map((r) => `${r.name} (${r.category}) ${r.visits} vs ${r.predicted}`)
          .join("; ");
        console.log(
          `| ${days} | ${seed} | ${s.visits} | ${top} | ${s.unvisited.count} · ${s.unvisited.predicted} | ${s.concentration.hhi} · ${s.concentration.predictedHhi} | ${s.concentration.effectiveStores} · ${s.concentration.predictedEffectiveStores} | ${above || "none"} |`,
        );
      }
  } finally {
    await w.close();
  }
}
