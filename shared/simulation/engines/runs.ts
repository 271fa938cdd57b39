// The decision engine each simulation asks: the offline policy, or its own LLM gate (004's semaphore,
// tries and backoff) over the configured model; either recorded when the run records, or answered from
// a recording when it replays one (the recorded run's engine: the LLM's calls or the offline steps).
// One engine per simulation and process, kept until the run ends.
import type { LlmPort } from "../../llm/port.ts";
import { RecordingLlm } from "../../llm/recording.ts";
import { SimulationCallLog, TurnReplayLlm } from "../recordings.ts";
import type { SimulationRepository } from "../repository.ts";
import type { SimulationMeta } from "../schemas.ts";
import type { DecisionEngine } from "./engine.ts";
import { LlmEngine } from "./llm.ts";
import { LlmCaller } from "./llm-gate.ts";
import { OfflineEngine } from "./offline.ts";
import { RecordingEngine, ReplayEngine } from "./recorded.ts";

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
  private readonly engines = new Map<string, Promise<DecisionEngine>>();

  constructor(private readonly deps: RunEngineDeps) {}

  /** The engine the simulation was started with; an LLM simulation where no key is configured fails its turns. */
  for(meta: SimulationMeta): Promise<DecisionEngine> {
    if (meta.engine === "offline" && !meta.record) return Promise.resolve(new OfflineEngine());
    let engine = this.engines.get(meta.id);
    if (!engine) {
      engine = this.build(meta);
      engine.catch(() => this.engines.delete(meta.id)); // a failed read is tried again by the next turn
      this.engines.set(meta.id, engine);
    }
    return engine;
  }

  private async build(meta: SimulationMeta): Promise<DecisionEngine> {
    const { repo } = this.deps;
    if (meta.engine === "offline")
      return new RecordingEngine(new OfflineEngine(), new SimulationCallLog(repo, meta.id));
    if (meta.engine === "replay" && (await repo.runs.get(meta.replayOf!))?.engine === "offline")
      return new ReplayEngine(new TurnReplayLlm(repo, meta.replayOf!, { fast: "offline", smart: "offline" }));
    const replay = meta.engine === "replay";
    return new LlmEngine(
      new LlmCaller(this.llmFor(meta), {
        maxConcurrent: meta.maxConcurrentLlmCalls,
        // a replay waits for nothing: its 429s and answers are recorded ones
        backoffUnitMs: replay ? 0 : this.deps.backoffUnitMs,
        rateDelayMs: replay ? 0 : this.deps.rateDelayMs,
      }),
    );
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

  /** A finished simulation's engine goes (a long-running local server runs many). */
  forget(simulationId: string): void {
    this.engines.delete(simulationId);
  }
}
