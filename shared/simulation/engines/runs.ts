// The decision engine each simulation asks: the offline policy, or its own LLM gate (004's semaphore,
// tries and backoff) over the configured model, recorded when the run records, or over a recording when
// it replays one. One gate per simulation and process, kept until the run ends.
import type { LlmPort } from "../../llm/port.ts";
import { RecordingLlm } from "../../llm/recording.ts";
import { SimulationCallLog, TurnReplayLlm } from "../recordings.ts";
import type { SimulationRepository } from "../repository.ts";
import type { SimulationMeta } from "../schemas.ts";
import type { DecisionEngine } from "./engine.ts";
import { LlmEngine } from "./llm.ts";
import { LlmCaller } from "./llm-gate.ts";
import { OfflineEngine } from "./offline.ts";

export interface RunEngineDeps {
  repo: SimulationRepository;
  /** the LLM (without the SDK's own retries: the gate retries with 004's backoff) */
  llm?: LlmPort;
  /** 429 backoff unit (SIM_BACKOFF_UNIT_MS) */
  backoffUnitMs: number;
  /** 004's wait after each LLM call, inside the semaphore (SIM_RATE_DELAY_MS) */
  rateDelayMs: number;
}

export class RunEngines {
  private readonly gates = new Map<string, LlmEngine>();

  constructor(private readonly deps: RunEngineDeps) {}

  /** The engine the simulation was started with; an LLM simulation where no key is configured fails its turns. */
  for(meta: SimulationMeta): DecisionEngine {
    if (meta.engine === "offline") return new OfflineEngine();
    let engine = this.gates.get(meta.id);
    if (!engine) {
      const replay = meta.engine === "replay";
      engine = new LlmEngine(
        new LlmCaller(this.llmFor(meta), {
          maxConcurrent: meta.maxConcurrentLlmCalls,
          // a replay waits for nothing: its 429s and answers are recorded ones
          backoffUnitMs: replay ? 0 : this.deps.backoffUnitMs,
          rateDelayMs: replay ? 0 : this.deps.rateDelayMs,
        }),
      );
      this.gates.set(meta.id, engine);
    }
    return engine;
  }

  /** The model a simulation asks: the configured one (recorded when asked to), or a recording. */
  private llmFor(meta: SimulationMeta): LlmPort {
    if (meta.engine === "replay") {
      const model = meta.provenance?.model ?? "recorded";
      return new TurnReplayLlm(this.deps.repo, meta.replayOf!, { fast: model, smart: model });
    }
    const llm = this.deps.llm;
    if (!llm) throw new Error("the simulation was started with the LLM, but no LLM key is configured here");
    return meta.record ? new RecordingLlm(llm, new SimulationCallLog(this.deps.repo, meta.id)) : llm;
  }

  /** A finished simulation's gate goes (a long-running local server runs many). */
  forget(simulationId: string): void {
    this.gates.delete(simulationId);
  }
}
