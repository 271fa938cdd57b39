// Simulations on one machine: the same two state machines CDK deploys, run in-process; RunSlot (a
// child execution in AWS) runs the slot machine here. Started simulations run in the background.
import { randomUUID } from "node:crypto";
import {
  LOCAL_SIMULATION_RESOURCES,
  SIMULATION_STATES as S,
  simulationDefinition,
  slotDefinition,
} from "../../infra/workflows/simulation.ts";
import { buildReport, type SimulationReport } from "../../shared/simulation/report.ts";
import type { SimulationMeta } from "../../shared/simulation/repository.ts";
import {
  AgentItem,
  CollectInput,
  InitInput,
  SimulationRuntime,
  SlotInput,
  type SimulationRequest,
} from "../../shared/simulation/service.ts";
import { LocalWorkflow } from "../../shared/workflows/local-runner.ts";
import type { StoreAggregate, Visit } from "../../shared/simulation/types.ts";

export interface SimulationServices {
  start(request: SimulationRequest): Promise<{ id: string }>;
  resume(id: string): Promise<{ id: string } | null>;
  status(id: string): Promise<SimulationMeta | null>;
  report(id: string): Promise<SimulationReport | null>;
  storeRatings(
    simulationId: string,
    storeId: string,
  ): Promise<{ aggregate: StoreAggregate | null; visits: Visit[] } | null>;
}

export class LocalSimulations implements SimulationServices {
  private readonly parent: LocalWorkflow;
  /** the slot state machine (RunSlot's child execution in AWS) */
  readonly slot: LocalWorkflow;
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(readonly sim: SimulationRuntime) {
    const slot = (this.slot = new LocalWorkflow(slotDefinition(LOCAL_SIMULATION_RESOURCES), {
      [S.agentTurn]: (i: unknown) => sim.agentTurn(AgentItem.parse(i)),
    }));
    this.parent = new LocalWorkflow(simulationDefinition(LOCAL_SIMULATION_RESOURCES), {
      [S.initialise]: (i: unknown) => sim.initialise(InitInput.parse(i)),
      [S.flush]: (i: unknown) => sim.flush(SlotInput.parse(i)),
      [S.prepare]: (i: unknown) => sim.prepare(SlotInput.parse(i)),
      // the Task's Parameters give {StateMachineArn, Input}; startExecution.sync:2 answers {Output}
      [S.runSlot]: async (i: { Input: unknown }) => ({ Output: await slot.run(i.Input) }),
      [S.collect]: (i: unknown) => sim.collect(CollectInput.parse(i)),
      [S.finalize]: (i: { simulationId: string; lastKey: string }) => sim.finalize(i),
      [S.markFailed]: (i: { simulationId: string; error?: { Error?: string; Cause?: string } }) =>
        sim.fail(i),
    });
  }

  /** Runs a simulation to the end (the CLI and tests await this; the API does not). */
  async run(id: string, request: SimulationRequest): Promise<SimulationMeta> {
    await this.parent.run({ ...request, simulationId: id }).catch(() => undefined); // the Failed state is recorded in META
    return (await this.sim.deps.repo.get(id))!;
  }

  async start(request: SimulationRequest) {
    const id = `sim-${new Date().toISOString().slice(0, 10).replaceAll("-", "")}-${randomUUID().slice(0, 8)}`;
    this.background(id, request);
    return { id };
  }

  private background(id: string, request: SimulationRequest) {
    const job = this.run(id, request).finally(() => this.running.delete(id));
    this.running.set(id, job);
  }

  /** Continues a stopped simulation from its last completed slot (its parameters are in META). */
  async resume(id: string) {
    const meta = await this.sim.deps.repo.get(id);
    if (!meta) return null;
    if (!this.running.has(id)) {
      this.background(id, {
        days: meta.days,
        seed: meta.seed,
        agents: meta.agents,
        maxConcurrentLlmCalls: meta.maxConcurrentLlmCalls,
      });
    }
    return { id };
  }

  /** Picks up the simulations a previous process left running (the store is on disk): they resume. */
  async resumeUnfinished(): Promise<string[]> {
    const ids = (await this.sim.deps.repo.unfinished()).filter((id) => !this.running.has(id));
    for (const id of ids) await this.resume(id);
    return ids;
  }

  /** Waits for a background simulation (tests). */
  async settled(id: string) {
    await this.running.get(id);
  }

  status(id: string) {
    return this.sim.deps.repo.get(id);
  }

  async report(id: string) {
    const meta = await this.sim.deps.repo.get(id);
    if (!meta) return null;
    const [visits, aggregates] = await Promise.all([
      this.sim.deps.repo.visits(id),
      this.sim.deps.repo.aggregates(id),
    ]);
    return buildReport(meta, visits, this.sim.stores(), aggregates);
  }

  async storeRatings(simulationId: string, storeId: string) {
    if (!(await this.sim.deps.repo.get(simulationId))) return null;
    const [aggregates, visits] = await Promise.all([
      this.sim.deps.repo.aggregates(simulationId),
      this.sim.deps.repo.visits(simulationId),
    ]);
    return { aggregate: aggregates[storeId] ?? null, visits: visits.filter((v) => v.store_id === storeId) };
  }
}
