// The simulations API, implemented once: the local server and the AWS handler differ only in how a
// workflow is started (the Workflows port). The record is written — parameters, engine, owner —
// before the 202, so the id answers at once and a run cut off right after can be resumed; the engine
// is decided here, where the keys are, and every step uses it.
import { randomUUID } from "node:crypto";
import type { Workflows } from "../workflows/port.ts";
import { dayInfo, type DayType } from "./calendar.ts";
import { computeCalibration } from "./calibration.ts";
import { buildReport, type SimulationReport } from "./report.ts";
import type { SimulationRepository } from "./repository.ts";
import { FINISHED, type SimulationMeta, type SimulationRequest } from "./schemas.ts";
import type { SimulationSteps } from "./steps.ts";
import type { StoreAggregate, Visit } from "./types.ts";

/** Why a request cannot be served as asked: the API turns it into 409 or 429. */
export class SimulationConflict extends Error {
  constructor(
    readonly kind: "running" | "completed" | "quota",
    message: string,
  ) {
    super(message);
    this.name = "SimulationConflict";
  }
}

export interface SimulationServiceOptions {
  repo: SimulationRepository;
  steps: SimulationSteps;
  workflows: Workflows;
  /** "llm" when an LLM key is configured here */
  engine: "llm" | "offline";
  defaultMaxConcurrentLlmCalls: number;
  /** agent-days one caller may start per UTC day */
  maxAgentDaysPerCaller: number;
  now?: () => Date;
}

export class SimulationService {
  constructor(private readonly o: SimulationServiceOptions) {}

  private newId(): string {
    const day = (this.o.now?.() ?? new Date()).toISOString().slice(0, 10).replaceAll("-", "");
    return `sim-${day}-${randomUUID().slice(0, 8)}`;
  }

  async start(request: SimulationRequest, caller = "local"): Promise<{ id: string }> {
    const params = this.o.steps.paramsFor(request, this.o.engine, this.o.defaultMaxConcurrentLlmCalls);
    const agents = params.agents;
    const today = (this.o.now?.() ?? new Date()).toISOString().slice(0, 10);
    const allowed = await this.o.repo.consumeQuota(
      caller,
      "agentDays",
      agents * request.days,
      this.o.maxAgentDaysPerCaller,
      today,
    );
    if (!allowed)
      throw new SimulationConflict(
        "quota",
        `${agents} agents × ${request.days} days would pass today's limit of ${this.o.maxAgentDaysPerCaller} agent-days for this caller`,
      );
    const id = this.newId();
    const execution = `${id}-run1`;
    await this.o.repo.create(id, params, { owner: execution, createdBy: caller });
    await this.o.workflows.start("simulation", execution, { simulationId: id });
    return { id };
  }

  /**
   * Continues a stopped simulation from its last completed slot, with the parameters it was started
   * with. Refused (409) when it is completed, or when the execution that owns it is still running.
   */
  async resume(id: string): Promise<{ id: string } | null> {
    const meta = await this.o.repo.get(id);
    if (!meta) return null;
    if (FINISHED.includes(meta.status))
      throw new SimulationConflict("completed", `the simulation is ${meta.status.replaceAll("_", " ")}`);
    if (meta.owner && (await this.o.workflows.isRunning("simulation", meta.owner)))
      throw new SimulationConflict("running", "the simulation is running; resume it once it has stopped");
    const run = Number(/-run(\d+)$/.exec(meta.owner ?? "")?.[1] ?? 0) + 1;
    const execution = `${id}-run${run}`;
    // the old owner is dead: hand the simulation over (two resumes racing: one wins, one is refused)
    if (!(await this.o.repo.transferOwner(id, meta.owner, execution)))
      throw new SimulationConflict("running", "the simulation was resumed by another request");
    await this.o.workflows.start("simulation", execution, { simulationId: id });
    return { id };
  }

  /** The simulations a stopped process left pending or running (local start-up): they resume. */
  async resumeUnfinished(): Promise<string[]> {
    const resumed: string[] = [];
    for (const id of await this.o.repo.unfinished()) {
      try {
        if (await this.resume(id)) resumed.push(id);
      } catch (err) {
        if (!(err instanceof SimulationConflict)) throw err;
      }
    }
    return resumed;
  }

  status(id: string): Promise<SimulationMeta | null> {
    return this.o.repo.get(id);
  }

  async report(id: string): Promise<SimulationReport | null> {
    const meta = await this.o.repo.get(id);
    if (!meta) return null;
    const [visits, aggregates, slots] = await Promise.all([
      this.o.repo.visits(id),
      this.o.repo.aggregates(id),
      this.o.repo.slotSummaries(id),
    ]);
    const stores = this.o.steps.stores();
    const dayTypes = new Map<number, DayType>();
    if (meta.startDate)
      for (let day = 1; day <= meta.days; day++)
        dayTypes.set(day, (await dayInfo(meta.startDate, day)).dayType);
    const calibration = computeCalibration(meta.engine, slots, visits, stores, dayTypes);
    return buildReport(meta, visits, stores, aggregates, calibration);
  }

  /** A store's rating aggregate and visits in a simulation; null when either does not exist. */
  async storeRatings(
    simulationId: string,
    storeId: string,
  ): Promise<{ aggregate: StoreAggregate | null; visits: Visit[] } | null> {
    if (!this.o.steps.stores().some((s) => s.store_id === storeId)) return null;
    if (!(await this.o.repo.get(simulationId))) return null;
    const [aggregates, visits] = await Promise.all([
      this.o.repo.aggregates(simulationId),
      this.o.repo.visits(simulationId),
    ]);
    return { aggregate: aggregates[storeId] ?? null, visits: visits.filter((v) => v.store_id === storeId) };
  }
}
