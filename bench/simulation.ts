// Simulation benchmark (seed 004): one day × 4 slots × 150 agents with a fake LLM of fixed latency L,
// a cap of C concurrent calls and 004's rate delay D after each call (inside the semaphore) — wall
// time against the ideal (total LLM calls × (L + D) / C); LLM calls and tokens per agent-day; a 14-day
// offline run's wall time and decisions per second. The whole path runs: the local workflow runner,
// dynalite over HTTP, the flushes.
import { startLocal, type LocalOptions } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import type { SimulationRequest } from "../shared/simulation/schemas.ts";
import { simulationWorld } from "../shared/simulation/wiring.ts";
import { FixedLatencyLlm } from "../test/helpers/fake-sim-llm.ts";

const AGENTS = 150;
const configWith = (rateDelayMs: number) =>
  loadConfig({
    DATA_DIR: "/nonexistent-dongne-data",
    SIM_STORE: "memory",
    SIM_BACKOFF_UNIT_MS: "10",
    SIM_RATE_DELAY_MS: String(rateDelayMs),
  });

/** The product on one machine (dynalite in memory, the workflows in-process) and a run to its end. */
export async function world(opts: LocalOptions, rateDelayMs = 0) {
  const w = await startLocal(configWith(rateDelayMs), opts);
  simulationWorld(w.rt).stores(); // a warm process: the stores are built once, before the clock starts
  const sims = w.context.services.simulations;
  return {
    local: w,
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

async function llmRun(latencyMs: number, cap: number, delayMs: number) {
  const llm = new FixedLatencyLlm(latencyMs);
  const w = await world({ llm }, delayMs);
  const t0 = performance.now();
  const meta = await w.run({ days: 1, seed: 42, agents: AGENTS, maxConcurrentLlmCalls: cap });
  const wall = performance.now() - t0;
  await w.close();
  const ideal = (meta.llmCalls * (latencyMs + delayMs)) / cap;
  // the best any scheduler could do knowing every agent's future: per slot, the agents' chains of
  // calls run longest-remaining-first on C servers (Hu's algorithm, optimal for chains of equal tasks)
  const slots = new Map<string, number[]>();
  for (const [key, calls] of llm.chains) {
    const [slot = key] = key.split("|");
    slots.set(slot, [...(slots.get(slot) ?? []), calls]);
  }
  const bound = [...slots.values()].reduce(
    (t, chains) => t + huRounds(chains, cap) * (latencyMs + delayMs),
    0,
  );
  return { wall, ideal, bound, meta };
}

const OFFLINE_DAYS = 14;
const OFFLINE_AGENTS = 160;

async function offlineRun() {
  const w = await world({ llm: null });
  await w.run({ days: 1, seed: 1, agents: 40 });
  const t0 = performance.now();
  const meta = await w.run({ days: OFFLINE_DAYS, seed: 42, agents: OFFLINE_AGENTS });
  const seconds = (performance.now() - t0) / 1000;
  await w.close();
  return { meta, seconds, perSecond: (meta.decisions.agent_turns ?? 0) / seconds };
}

export async function benchSimulation() {
  console.log(`\n## Simulation (1 day × 4 slots × ${AGENTS} agents, fake LLM of fixed latency)\n`);
  console.log(
    "| L | C | D (rate delay) | LLM calls | wall | ideal (calls × (L + D) / C) | wall / ideal (target ≤ 1.25) | best schedule knowing the future | wall / best | calls per agent-day | tokens per agent-day (in / out) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const [latency, cap, delay] of [
    [50, 10, 0],
    [50, 10, 500],
    [50, 30, 0],
    [200, 20, 0],
    [200, 20, 500],
  ] as const) {
    const { wall, ideal, bound, meta } = await llmRun(latency, cap, delay);
    const agentDays = meta.agents;
    console.log(
      `| ${latency} ms | ${cap} | ${delay} ms | ${meta.llmCalls} | ${(wall / 1000).toFixed(2)} s | ${(ideal / 1000).toFixed(2)} s | **${(wall / ideal).toFixed(2)}** | ${(bound / 1000).toFixed(2)} s | ${(wall / bound).toFixed(2)} | ${(meta.llmCalls / agentDays).toFixed(2)} | ${(meta.inputTokens / agentDays).toFixed(0)} / ${(meta.outputTokens / agentDays).toFixed(0)} |`,
    );
  }
  const off = await offlineRun();
  console.log(
    `\nOffline engine, ${OFFLINE_DAYS} days × ${OFFLINE_AGENTS} agents: ${off.meta.decisions.agent_turns} agent turns (${off.meta.decisions.visits} visits) in ${off.seconds.toFixed(2)} s → **${off.perSecond.toFixed(0)} decisions/s** end to end (workflow runner and dynalite included)`,
  );
}
