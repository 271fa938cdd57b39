// Simulation benchmark (seed 004): one day × 4 slots × 150 agents with a fake LLM of fixed latency L
// and a cap of C concurrent calls — wall time against the ideal (total LLM calls × L / C); LLM calls
// and tokens per agent-day; the offline engine's decisions per second. The whole path runs: the local
// workflow runner, dynalite over HTTP, the flushes.
import { startLocal, type LocalOptions } from "../functions/api/local.ts";
import { loadConfig } from "../shared/config.ts";
import type { SimulationRequest } from "../shared/simulation/schemas.ts";
import { simulationSteps } from "../shared/simulation/wiring.ts";
import { FixedLatencyLlm } from "../test/helpers/fake-sim-llm.ts";

const AGENTS = 150;
const config = loadConfig({
  DATA_DIR: "/nonexistent-dongne-data",
  SIM_STORE: "memory",
  SIM_BACKOFF_UNIT_MS: "10",
});

/** The product on one machine (dynalite in memory, the workflows in-process) and a run to its end. */
async function world(opts: LocalOptions) {
  const w = await startLocal(config, opts);
  simulationSteps(w.rt).stores(); // a warm process: the stores are built once, before the clock starts
  const sims = w.context.services.simulations;
  return {
    close: () => w.close(),
    async run(request: SimulationRequest) {
      const { id } = await sims.start(request, "bench");
      await w.workflows.settled();
      return (await sims.status(id))!;
    },
  };
}

/** Rounds of C unit calls needed to finish chains of these lengths, longest remaining first. */
function huRounds(chains: number[], cap: number): number {
  const left = chains.map((n) => ({ n }));
  let rounds = 0;
  while (left.some((c) => c.n > 0)) {
    const next = left
      .filter((c) => c.n > 0)
      .sort((a, b) => b.n - a.n)
      .slice(0, cap);
    for (const c of next) c.n--;
    rounds++;
  }
  return rounds;
}

async function llmRun(latencyMs: number, cap: number) {
  const llm = new FixedLatencyLlm(latencyMs);
  const w = await world({ llm });
  const t0 = performance.now();
  const meta = await w.run({ days: 1, seed: 42, agents: AGENTS, maxConcurrentLlmCalls: cap });
  const wall = performance.now() - t0;
  await w.close();
  const ideal = (meta.llmCalls * latencyMs) / cap;
  // the best any scheduler could do knowing every agent's future: per slot, the agents' chains of
  // calls run longest-remaining-first on C servers (Hu's algorithm, optimal for chains of equal tasks)
  const slots = new Map<string, number[]>();
  for (const [key, calls] of llm.chains) {
    const [slot = key] = key.split("|");
    slots.set(slot, [...(slots.get(slot) ?? []), calls]);
  }
  const bound = [...slots.values()].reduce((t, chains) => t + huRounds(chains, cap) * latencyMs, 0);
  return { wall, ideal, bound, meta };
}

async function offlineRun() {
  const w = await world({ llm: null });
  await w.run({ days: 1, seed: 1, agents: 40 });
  const t0 = performance.now();
  const meta = await w.run({ days: 7, seed: 42, agents: AGENTS });
  const seconds = (performance.now() - t0) / 1000;
  await w.close();
  return { meta, seconds, perSecond: (meta.decisions.agent_turns ?? 0) / seconds };
}

export async function benchSimulation() {
  console.log(`\n## Simulation (1 day × 4 slots × ${AGENTS} agents, fake LLM of fixed latency)\n`);
  console.log(
    "| L | C | LLM calls | wall | ideal (calls × L / C) | wall / ideal (target ≤ 1.25) | best schedule knowing the future | wall / best | calls per agent-day | tokens per agent-day (in / out) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const [latency, cap] of [
    [50, 10],
    [50, 30],
    [200, 20],
  ] as const) {
    const { wall, ideal, bound, meta } = await llmRun(latency, cap);
    const agentDays = meta.agents;
    console.log(
      `| ${latency} ms | ${cap} | ${meta.llmCalls} | ${(wall / 1000).toFixed(2)} s | ${(ideal / 1000).toFixed(2)} s | **${(wall / ideal).toFixed(2)}** | ${(bound / 1000).toFixed(2)} s | ${(wall / bound).toFixed(2)} | ${(meta.llmCalls / agentDays).toFixed(2)} | ${(meta.inputTokens / agentDays).toFixed(0)} / ${(meta.outputTokens / agentDays).toFixed(0)} |`,
    );
  }
  const off = await offlineRun();
  console.log(
    `\nOffline engine, 7 days × ${AGENTS} agents: ${off.meta.decisions.agent_turns} agent turns (${off.meta.decisions.visits} visits) in ${off.seconds.toFixed(2)} s → **${off.perSecond.toFixed(0)} decisions/s** end to end (workflow runner and dynalite included)`,
  );
}
