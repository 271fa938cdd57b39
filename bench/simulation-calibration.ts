// The simulation's calibration figures on three seeds in one run (`npm run bench -- simulation-calibration`):
// 14 days × 160 agents offline from Monday 2026-09-21 (over 추석), seeds 1–3, each run twice — with the
// agents' memory, and with it withheld (SIM_MEMORY=withheld: an empty memory stream every turn) — through
// the workflow as the product runs it. Printed: eat-out per slot against the prompts' reference rates,
// revisits after an agent's own rating ≥ 4 and ≤ 3 (with n) and the gap, with and without memory; the
// highest category visit share ÷ store share, and price's R². Every behaviour change is measured with it.
import { startLocal } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import type { Calibration } from "../shared/simulation/calibration.ts";
import { simulationWorld } from "../shared/simulation/wiring.ts";
import { referenceEatOut } from "../shared/simulation/prompts.ts";
import { TIME_SLOTS } from "../shared/simulation/types.ts";

const SEEDS = [1, 2, 3];
const DAYS = 14;
const AGENTS = 160;
const START = "2026-09-21";

async function calibrationOf(seed: number, memory: "kept" | "withheld") {
  const config = loadConfig({
    DATA_DIR: "/nonexistent-dongne-data",
    SIM_STORE: "memory",
    SIM_MEMORY: memory,
  });
  const w = await startLocal(config, { llm: null });
  try {
    simulationWorld(w.rt).stores();
    const sims = w.context.services.simulations;
    const { id } = await sims.start({ days: DAYS, seed, agents: AGENTS, startDate: START }, "bench");
    await w.workflows.settled();
    const report = (await sims.report(id))!;
    return { turns: report.decisions.agentTurns, cal: report.calibration };
  } finally {
    await w.close();
  }
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? "–" : (x * 100).toFixed(1));
const gap = (c: Calibration) =>
  c.revisitRateByOwnRating.high !== null && c.revisitRateByOwnRating.low !== null
    ? ((c.revisitRateByOwnRating.high - c.revisitRateByOwnRating.low) * 100).toFixed(1)
    : "–";

function topShare(c: Calibration): string {
  const [name, s] = Object.entries(c.categoryShareVsStoreShare)
    .filter(([, v]) => v.ratio !== null)
    .sort((a, b) => b[1].ratio! - a[1].ratio!)[0] ?? ["–", { ratio: null }];
  return `${name} ${s.ratio?.toFixed(2) ?? "–"}`;
}

export async function benchSimulationCalibration() {
  console.log(
    `\n## Simulation calibration (offline, ${DAYS} days × ${AGENTS} agents from ${START}, seeds ${SEEDS.join(", ")})\n`,
  );
  const rows: string[][] = [];
  for (const seed of SEEDS) {
    const kept = await calibrationOf(seed, "kept");
    const withheld = await calibrationOf(seed, "withheld");
    const c = kept.cal;
    const r = c.revisitRateByOwnRating;
    const w = withheld.cal.revisitRateByOwnRating;
    rows.push([
      String(seed),
      String(kept.turns),
      TIME_SLOTS.map((s) => pct(c.eatOutRateBySlot[s])).join(" / "),
      `${pct(r.high)} % (n ${r.nHigh}) vs ${pct(r.low)} % (n ${r.nLow}): **+${gap(c)} pp**`,
      `${pct(w.high)} % (n ${w.nHigh}) vs ${pct(w.low)} % (n ${w.nLow}): **+${gap(withheld.cal)} pp**`,
      topShare(c),
      String(c.priceVarianceExplained ?? "–"),
    ]);
  }
  const reference = TIME_SLOTS.map((s) => pct(referenceEatOut()[s])).join(" / ");
  console.log(
    "| seed | turns | eat-out 07 / 12 / 18 / 22 h (%) | revisit after own ≥ 4 vs ≤ 3, with memory | the same, memory withheld | highest visit ÷ store share | price R² |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log(`\nReference eat-out rates (step 1's prompt): ${reference} %`);
}
