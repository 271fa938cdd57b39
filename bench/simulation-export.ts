// Export benchmark: a 14-day × 500-agent offline run (the local runner, dynalite over HTTP), then both
// kinds exported as CSV through the API route, page after page, each body dropped once counted — rows
// per second, and memory sampled while exporting: peak RSS and heap, and the peak heap against the
// heap before. The peak counts garbage not yet collected, so with --expose-gc a second pass collects at
// each page's end (the heap the export keeps alive), set against holding every record at once.
import { createApp } from "../functions/api/app.ts";
import type { ExportKind } from "../shared/simulation/export.ts";
import { simulationRepository } from "../shared/simulation/wiring.ts";
import { world } from "./simulation.ts";

const DAYS = 14;
const AGENTS = 500;
const MB = 1024 * 1024;

async function exportAll(
  app: ReturnType<typeof createApp>,
  id: string,
  kind: ExportKind,
  atPageEnd = () => {},
) {
  let pages = 0;
  let bytes = 0;
  let cursor: string | null = null;
  do {
    const res = await app.request(
      `/v1/simulations/${id}/export?kind=${kind}&format=csv${cursor ? `&cursor=${cursor}` : ""}`,
    );
    const body = await res.text();
    bytes += Buffer.byteLength(body);
    pages++;
    cursor = res.headers.get("x-next-cursor");
    atPageEnd();
  } while (cursor);
  return { pages, bytes };
}

export async function benchSimulationExport() {
  console.log(`\n## Simulation export (${DAYS} days × ${AGENTS} agents, offline; CSV through the route)\n`);
  const w = await world({ llm: null });
  const t0 = performance.now();
  const meta = await w.run({ days: DAYS, seed: 42, agents: AGENTS });
  const runSeconds = (performance.now() - t0) / 1000;
  const app = createApp(() => w.local.context);
  const rowsOf: Record<ExportKind, number> = {
    decisions: meta.decisions.agent_turns ?? 0,
    visits: meta.decisions.visits ?? 0,
  };
  console.log(
    `run: ${rowsOf.decisions} turns, ${rowsOf.visits} visits in ${runSeconds.toFixed(1)} s (${meta.status})\n`,
  );
  console.log(
    "| kind | rows | pages | CSV | rows/s | peak RSS | peak heap | heap before | peak heap / before | live heap at page ends / before |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const gc = globalThis.gc;
  for (const kind of ["decisions", "visits"] as const) {
    gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    };
    const sampler = setInterval(sample, 5);
    const s0 = performance.now();
    const out = await exportAll(app, meta.id, kind);
    const seconds = (performance.now() - s0) / 1000;
    clearInterval(sampler);
    sample();
    let live = 0;
    if (gc) {
      gc();
      const base = process.memoryUsage().heapUsed;
      await exportAll(app, meta.id, kind, () => {
        gc();
        live = Math.max(live, process.memoryUsage().heapUsed / base);
      });
    }
    console.log(
      `| ${kind} | ${rowsOf[kind]} | ${out.pages} | ${(out.bytes / MB).toFixed(1)} MB | **${(rowsOf[kind] / seconds).toFixed(0)}** | ${(peakRss / MB).toFixed(0)} MB | ${(peakHeap / MB).toFixed(0)} MB | ${(before.heapUsed / MB).toFixed(0)} MB | **${(peakHeap / before.heapUsed).toFixed(2)}** | ${gc ? live.toFixed(3) : "– (run with --expose-gc)"} |`,
    );
  }
  if (gc) {
    // the contrast: every decision record held at once, as an export without pages would
    gc();
    const base = process.memoryUsage().heapUsed;
    const held: unknown[] = [];
    for await (const page of simulationRepository(w.local.rt).agents.decisionPages(meta.id))
      held.push(...page);
    gc();
    const whole = process.memoryUsage().heapUsed;
    console.log(
      `\nHolding all ${held.length} decision records at once instead: live heap ${(whole / MB).toFixed(0)} MB, **${(whole / base).toFixed(2)} ×** the heap before.`,
    );
  }
  await w.close();
}
