// A simulation's world as this process knows it: Mangwon-dong's stores (changed by a scenario), the
// persona sets, and the parameters and provenance a request makes — built once each and kept. The API
// plans runs with it, the steps run them in it.
import type { LlmPort } from "../llm/port.ts";
import type { Place } from "../places/place.ts";
import { DongneError } from "../platform/errors.ts";
import { productVersion } from "../platform/version.ts";
import { DEFAULT_MAX_AGENTS } from "./config.ts";
import { startDateToday } from "./calendar.ts";
import { defaultPersonas, personasFor } from "./personas.ts";
import { fingerprint, promptFingerprints, type Provenance } from "./provenance.ts";
import { slotKey } from "./repository/table.ts";
import type { SimulationParams, SimulationRequest, SlotItem } from "./schemas.ts";
import { applyScenario, type Scenario, ScenarioError, scenarioKey } from "./scenario.ts";
import { mangwonStores } from "./stores.ts";
import { TIME_SLOTS, type Persona, type Store } from "./types.ts";

export interface WorldDeps {
  /** the embedded places the stores come from */
  places: () => readonly Place[];
  /** a custom persona set (SIM_PERSONAS_FILE) instead of the generated default */
  personas?: Persona[];
  /** the configured LLM: its model is part of a run's provenance */
  llm?: LlmPort;
  /** the product version provenance records (DONGNE_VERSION; else see shared/platform/version.ts) */
  version?: string;
  /** the most agents one run may have (SIM_MAX_AGENTS; DEFAULT_MAX_AGENTS when absent) */
  maxAgents?: number;
}

/** Every slot of a simulation of `days` days, in order, each knowing the slot before it. */
export function allSlots(days: number): SlotItem[] {
  const all: SlotItem[] = [];
  for (let day = 1; day <= days; day++)
    for (const slot of TIME_SLOTS)
      all.push({ day, slot, key: slotKey(day, slot), previous: all.at(-1)?.key ?? null });
  return all;
}

/**
 * The persona set of a simulation of `agents` agents (the default 160 when absent). With a scenario's
 * `floatingPool`, `agents` counts the baseline's residents plus that pool: the same residents, and the
 * first `floatingPool` floating visitors (the generator makes them in order, so a larger pool keeps the
 * baseline's and adds more).
 */
export function personaSet(
  custom: Persona[] | undefined,
  agents: number | undefined,
  floatingPool?: number,
): Persona[] {
  if (floatingPool === undefined)
    return custom ? custom.slice(0, agents ?? custom.length) : personasFor(agents);
  const residents = (agents ?? 0) - floatingPool;
  if (!custom) return defaultPersonas(residents, floatingPool);
  const floating = custom.filter((p) => p.type === "floating");
  if (floating.length < floatingPool)
    throw new ScenarioError(
      "scenario.visitors.floatingPool",
      `페르소나 세트의 유동 인구는 ${floating.length}명뿐입니다`,
    );
  return [
    ...custom.filter((p) => p.type === "resident").slice(0, residents),
    ...floating.slice(0, floatingPool),
  ];
}

const thousands = (n: number) => n.toLocaleString("en-US");

/**
 * The agent cap (SIM_MAX_AGENTS), counting residents and every scenario visitor: a run past it is
 * refused with a 400 naming the field that raised it. The start, /estimate and each experiment arm plan
 * their parameters through paramsFor, so this one function decides all three alike.
 */
export function checkAgentCap(
  agents: number,
  field: string,
  parts?: { residents: number; visitors: number },
  cap = DEFAULT_MAX_AGENTS,
): number {
  if (agents <= cap) return agents;
  const sum = parts
    ? `주민 ${thousands(parts.residents)}명 + 유동 인구 ${thousands(parts.visitors)}명 = ${thousands(agents)}명`
    : `${thousands(agents)}명`;
  throw new DongneError(
    "invalid",
    `에이전트 수가 한 번의 시뮬레이션 상한 ${thousands(cap)}명을 넘습니다 (${sum}). ${field} 값을 줄여 주세요`,
    { field, code: "agent_cap_exceeded" },
  );
}

/** The parameters that pick a simulation's persona set. */
type Population = { agents?: number; scenario?: Scenario };
/** Store sets kept per process (a long-running server sees many scenarios; the baseline is kept too). */
const STORE_SETS_KEPT = 32;
/** Persona sets kept per process, the oldest dropped first … */
const PERSONA_SETS_KEPT = 64;
/** … and at most this many personas in all (a set of 10,000 agents is ~5 MB). */
const PERSONAS_KEPT = 200_000;

export class SimulationWorld {
  private readonly storeSets = new Map<string, Store[]>();
  private readonly personas = new Map<string, Map<string, Persona>>();
  private readonly meanTendency = new WeakMap<Map<string, Persona>, number>();

  constructor(private readonly deps: WorldDeps) {}

  /**
   * A simulation's store set: Mangwon-dong's stores, changed by its scenario when it has one; each
   * built once per process. A scenario that does not fit the stores throws a ScenarioError.
   */
  stores(sim: { scenario?: Scenario } = {}): Store[] {
    const key = scenarioKey(sim.scenario);
    let set = this.storeSets.get(key);
    if (!set) {
      const baseline = this.storeSets.get("") ?? mangwonStores(this.deps.places());
      this.storeSets.set("", baseline);
      set = sim.scenario ? applyScenario(baseline, sim.scenario) : baseline;
      if (this.storeSets.size > STORE_SETS_KEPT) {
        const oldest = [...this.storeSets.keys()].find((k) => k !== "");
        if (oldest !== undefined) this.storeSets.delete(oldest);
      }
      this.storeSets.set(key, set);
    }
    return set;
  }

  /**
   * The persona set's mean eat-out tendency (the population step 1's reference rates describe): every
   * agent turn asks, so it is computed once per persona set.
   */
  meanEatOutTendency(sim: Population): number {
    const set = this.population(sim);
    let mean = this.meanTendency.get(set);
    if (mean === undefined) {
      mean = [...set.values()].reduce((s, p) => s + p.eat_out_tendency, 0) / set.size;
      this.meanTendency.set(set, mean);
    }
    return mean;
  }

  personaSet(agents: number | undefined, floatingPool?: number): Map<string, Persona> {
    const key = `${agents ?? 0}#${floatingPool ?? ""}`;
    let set = this.personas.get(key);
    if (!set) {
      set = new Map(personaSet(this.deps.personas, agents, floatingPool).map((p) => [p.id, p]));
      // bounded like the store sets: requests may name any of ~250,000 (agents, pool) pairs
      this.personas.set(key, set);
      let kept = [...this.personas.values()].reduce((n, s) => n + s.size, 0);
      for (const [k, old] of this.personas) {
        if (this.personas.size <= PERSONA_SETS_KEPT && kept <= PERSONAS_KEPT) break;
        if (k === key) continue;
        this.personas.delete(k);
        kept -= old.size;
      }
    }
    return set;
  }

  /** A simulation's persona set: its agents, with its scenario's floating pool. */
  population(sim: Population): Map<string, Persona> {
    return this.personaSet(sim.agents, sim.scenario?.visitors?.floatingPool);
  }

  /**
   * What produces a run with these parameters here: its engine and model, the prompt templates, the
   * store and persona sets (by fingerprint), the product version and every parameter.
   */
  provenance(params: Omit<SimulationParams, "provenance">, recordedModel?: string | null): Provenance {
    const llm = this.deps.llm;
    const model = {
      llm: llm?.models?.fast ?? llm?.name ?? null,
      offline: null,
      replay: recordedModel ?? null,
    }[params.engine];
    const personas = [...this.population(params).values()].sort((a, b) => a.id.localeCompare(b.id));
    const stores = [...this.stores(params)].sort((a, b) => a.store_id.localeCompare(b.store_id));
    return {
      engine: params.engine,
      model,
      prompts: promptFingerprints(),
      stores: fingerprint(stores),
      personas: fingerprint(personas),
      version: productVersion(this.deps.version),
      seed: params.seed,
      startDate: params.startDate,
      parameters: { ...params },
    };
  }

  /** The record's parameters for a request (the API's start and a console start make the same). */
  paramsFor(
    request: SimulationRequest,
    engine: SimulationParams["engine"],
    defaultCap: number,
    /** a replay: the recorded simulation and the model that answered it */
    replay?: { of: string; model: string | null },
  ): SimulationParams {
    const params: Omit<SimulationParams, "provenance"> = {
      days: request.days,
      seed: request.seed,
      agents: this.scenarioAgents(request),
      maxConcurrentLlmCalls: request.maxConcurrentLlmCalls ?? defaultCap,
      engine,
      totalSlots: allSlots(request.days).length,
      startDate: request.startDate ?? startDateToday(),
      ...(request.scenario ? { scenario: request.scenario } : {}),
      ...(request.record ? { record: true } : {}),
      ...(request.budgetUsd !== undefined ? { budgetUsd: request.budgetUsd } : {}),
      ...(replay ? { replayOf: replay.of } : {}),
    };
    return { ...params, provenance: this.provenance(params, replay?.model) };
  }

  /**
   * How many agents a request's simulation has; its scenario checked against the world first (stores it
   * names, a daily sample larger than the pool): a ScenarioError before anything starts.
   */
  private scenarioAgents(request: SimulationRequest): number {
    const cap = this.deps.maxAgents ?? DEFAULT_MAX_AGENTS;
    // refused before a persona set of that size is made
    if (request.agents !== undefined) checkAgentCap(request.agents, "agents", undefined, cap);
    const baseline = this.personaSet(request.agents);
    const visitors = request.scenario?.visitors;
    if (!request.scenario) return checkAgentCap(baseline.size, "agents", undefined, cap);
    this.stores(request);
    const residents = [...baseline.values()].filter((p) => p.type === "resident").length;
    const agents = visitors?.floatingPool === undefined ? baseline.size : residents + visitors.floatingPool;
    if (visitors?.floatingPool !== undefined)
      checkAgentCap(
        agents,
        "scenario.visitors.floatingPool",
        { residents, visitors: visitors.floatingPool },
        cap,
      );
    else checkAgentCap(agents, "agents", undefined, cap);
    this.personaSet(agents, visitors?.floatingPool); // a custom persona set may have too few visitors
    const pool = agents - residents;
    if (visitors?.floatingPerDay !== undefined && visitors.floatingPerDay > pool)
      throw new ScenarioError("scenario.visitors.floatingPerDay", `유동 인구 풀의 ${pool}명 이하여야 합니다`);
    return agents;
  }
}
