// Measures the figures the spend estimate uses (shared/simulation/spend.ts SPEND_FIGURES): a run of
// the fake simulation LLM through the whole local path, then, by slot, agent turns per agent-day and
// LLM calls per turn (from the kept decisions), and tokens per call from the sizes of the prompts sent
// and the answers returned (one token per Hangul syllable, one per 3.5 other characters: no Claude
// tokenizer is available offline). Run: npx tsx bench/simulation-spend.ts [days] [agents]
import type { z } from "zod";
import { startLocal } from "../functions/api/local.ts";
import { loadConfig } from "../shared/platform/config.ts";
import type { LlmPort, StructuredRequest } from "../shared/llm/port.ts";
import { simulationRepository } from "../shared/simulation/wiring.ts";
import { TIME_SLOTS } from "../shared/simulation/types.ts";
import { FixedLatencyLlm } from "../test/helpers/fake-sim-llm.ts";

const tokens = (text: string) => {
  const hangul = text.match(/[\uac00-\ud7a3]/g)?.length ?? 0;
  return hangul + (text.length - hangul) / 3.5;
};

/** The fake model, with the size of every request and answer counted. */
class MeasuredLlm implements LlmPort {
  readonly name = "measured-fake";
  readonly inner = new FixedLatencyLlm(0);
  calls = 0;
  input = 0;
  output = 0;
  async structured<S extends z.ZodType>(req: StructuredRequest<S>) {
    const answer = await this.inner.structured(req);
    this.calls++;
    this.input += tokens(req.system) + tokens(req.prompt);
    this.output += tokens(JSON.stringify(answer.value));
    return answer;
  }
}

const [days = 3, agents = 160] = process.argv.slice(2).map(Number);
const llm = new MeasuredLlm();
const world = await startLocal(
  loadConfig({
    DATA_DIR: "/nonexistent-dongne-data",
    SIM_STORE: "memory",
    SIM_BACKOFF_UNIT_MS: "1",
    SIM_RATE_DELAY_MS: "0",
  }),
  { llm },
);
const sims = world.context.services.simulations;
const { id } = await sims.start({ days, seed: 42, agents, maxConcurrentLlmCalls: 20 }, "bench");
await world.workflows.settled();
const meta = (await sims.status(id))!;
const turns = Object.fromEntries(TIME_SLOTS.map((s) => [s, 0]));
const calls = Object.fromEntries(TIME_SLOTS.map((s) => [s, 0]));
for await (const page of simulationRepository(world.rt).agents.decisionPages(id))
  for (const d of page) {
    turns[d.time_slot]!++;
    calls[d.time_slot]! += d.llm_calls;
  }
await world.close();
const r = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;
console.log(
  JSON.stringify(
    {
      run: { days, agents, seed: 42, status: meta.status, llmCalls: meta.llmCalls, measuredCalls: llm.calls },
      turnsPerAgentDay: Object.fromEntries(TIME_SLOTS.map((s) => [s, r(turns[s]! / (days * agents))])),
      callsPerTurn: Object.fromEntries(TIME_SLOTS.map((s) => [s, r(calls[s]! / Math.max(1, turns[s]!))])),
      inputTokensPerCall: Math.round(llm.input / llm.calls),
      outputTokensPerCall: Math.round(llm.output / llm.calls),
    },
    null,
    2,
  ),
);
