// The simulations API, implemented once: the local server and the AWS handler differ only in how a
// workflow is started (the Workflows port). The record is written — parameters, engine, owner —
// before the 202, so the id answers at once and a run cut off right after can be resumed; the engine
// is decided here, where the keys are, and every step uses it.
import { randomUUID } from "node:crypto";
import { withJosa } from "../korean/josa.ts";
import type { Workflows } from "../workflows/port.ts";
import { dayInfo, WEEKDAYS, type DayType } from "./calendar.ts";
import { computeSpread } from "./spread.ts";
import { computeBreakdowns } from "./breakdowns.ts";
import { computeCalibration } from "./calibration.ts";
import { averageRating, buildReport, type SimulationReport } from "./report.ts";
import type { SimulationRepository } from "./repository.ts";
import { worldChanges } from "./provenance.ts";
import {
  FINISHED,
  SimulationParams,
  type DecisionRecord,
  type SimulationMeta,
  type SimulationRequest,
  type SimulationStart,
} from "./schemas.ts";
import { budgetInForce, costUsd, estimateSpend, type Prices, type SpendEstimate } from "./spend.ts";
import type { StoreAggregate, Visit } from "./types.ts";
import type { SimulationWorld } from "./world.ts";
import { DongneError, secondsToNextUtcDay } from "../platform/errors.ts";
import { decodeCursor, type ExportKind } from "./export.ts";

/** Why a request cannot be served as asked: the API turns it into 409 or 429. */
export class SimulationConflict extends DongneError {
  constructor(
    /** changed: a replay's world no longer matches its recording's; budget: resumed without room to spend */
    readonly reason: "running" | "completed" | "quota" | "not_recorded" | "changed" | "budget",
    message: string,
  ) {
    super(reason === "quota" ? "quota" : "conflict", message, {
      code: reason === "quota" ? "quota_exceeded" : "conflict",
      // the agent-days allowance is a UTC day's: it starts again at the next UTC midnight
      ...(reason === "quota" ? { retryAfterSeconds: secondsToNextUtcDay() } : {}),
    });
  }
}

export interface SimulationServiceOptions {
  repo: SimulationRepository;
  world: SimulationWorld;
  workflows: Workflows;
  /** LLM prices (LLM_PRICE_*_PER_MTOK) and the server's budget ceiling (SIM_MAX_BUDGET_USD) */
  spend: { pricePerMTok: Prices; maxBudgetUsd?: number };
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

  /** POST /v1/simulations: a new run, or a replay of a recorded one (null: no such recorded run). */
  startOrReplay(body: SimulationStart, caller = "local") {
    return body.replayOf
      ? this.replay(body.replayOf, caller, body.maxConcurrentLlmCalls)
      : this.start(body as SimulationRequest, caller);
  }

  /** The parameters a start (or a replay) would create, without creating anything. */
  private async planned(body: SimulationStart): Promise<SimulationParams | null> {
    if (!body.replayOf)
      return this.o.world.paramsFor(
        body as SimulationRequest,
        this.o.engine,
        this.o.defaultMaxConcurrentLlmCalls,
      );
    const source = await this.o.repo.runs.get(body.replayOf);
    if (!source) return null;
    const unreplayable = whyNotReplayable(source);
    if (unreplayable) throw new SimulationConflict("not_recorded", unreplayable);
    // the recorded run's parameters (the object schema keeps only those), its model, and no spend
    const { provenance, record: _record, budgetUsd: _budget, ...recorded } = SimulationParams.parse(source);
    const params: Omit<SimulationParams, "provenance"> = {
      ...recorded,
      engine: "replay",
      replayOf: source.id,
      maxConcurrentLlmCalls: body.maxConcurrentLlmCalls ?? recorded.maxConcurrentLlmCalls,
    };
    const now = this.o.world.provenance(params, provenance!.model);
    const changed = worldChanges(provenance!, now);
    if (changed.length)
      throw new SimulationConflict(
        "changed",
        `${withJosa(source.id, "을/를")} 기록한 뒤 세계가 바뀌었습니다 (${changed.join(", ")}): 재생하면 기록된 질문을 그대로 묻지 못합니다`,
      );
    return { ...params, provenance: now };
  }

  /** POST /v1/simulations/estimate: what the run would cost (null: no such recorded run to replay). */
  async estimate(body: SimulationStart): Promise<SpendEstimate | null> {
    const params = await this.planned(body);
    return params && this.estimateFor(params);
  }

  private estimateFor(params: SimulationParams): SpendEstimate {
    const { pricePerMTok, maxBudgetUsd } = this.o.spend;
    return estimateSpend(params, pricePerMTok, budgetInForce(params.budgetUsd, maxBudgetUsd));
  }

  /** A new simulation answering from a recorded one's calls, with its parameters; null: no such run. */
  async replay(
    recordedId: string,
    caller = "local",
    maxConcurrentLlmCalls?: number,
  ): Promise<{ id: string; estimate: SpendEstimate } | null> {
    const params = await this.planned({ replayOf: recordedId, maxConcurrentLlmCalls });
    return params && this.launch(params, caller);
  }

  /** `charged`: the caller's quota was already charged for it (an experiment charges all its arms at once). */
  async start(
    request: SimulationRequest,
    caller = "local",
    opts: { charged?: boolean } = {},
  ): Promise<{ id: string; estimate: SpendEstimate }> {
    const params = this.o.world.paramsFor(request, this.o.engine, this.o.defaultMaxConcurrentLlmCalls);
    return this.launch(params, caller, opts);
  }

  private async launch(
    params: SimulationParams,
    caller: string,
    opts: { charged?: boolean } = {},
  ): Promise<{ id: string; estimate: SpendEstimate }> {
    const agents = params.agents;
    const today = (this.o.now?.() ?? new Date()).toISOString().slice(0, 10);
    const allowed =
      opts.charged ||
      (await this.o.repo.quota.consume(
        caller,
        "agentDays",
        agents * params.days,
        this.o.maxAgentDaysPerCaller,
        today,
      ));
    if (!allowed)
      throw new SimulationConflict(
        "quota",
        `에이전트 ${agents}명 × ${params.days}일은 이 호출자의 오늘 한도 ${this.o.maxAgentDaysPerCaller} agent-days를 넘습니다`,
      );
    const id = this.newId();
    const execution = `${id}-run1`;
    await this.o.repo.runs.create(id, params, { owner: execution, createdBy: caller });
    await this.o.workflows.start("simulation", execution, { simulationId: id });
    return { id, estimate: this.estimateFor(params) };
  }

  /**
   * Continues a stopped simulation from its last completed slot, with the parameters it was started
   * with (and, if given, a new LLM budget). Refused (409) when it is completed, when the execution that
   * owns it is still running, or when it stopped at its budget and the budget in force has no room.
   */
  async resume(id: string, opts: { budgetUsd?: number } = {}): Promise<{ id: string } | null> {
    const meta = await this.o.repo.runs.get(id);
    if (!meta) return null;
    if (FINISHED.includes(meta.status))
      throw new SimulationConflict("completed", `이미 끝난 시뮬레이션입니다 (상태: ${meta.status})`);
    // an incomplete stored record (no parameters) has nothing to resume with
    if (meta.totalSlots === 0)
      throw new SimulationConflict("completed", meta.error ?? "기록이 온전하지 않습니다");
    if (meta.status === "budget_exhausted") {
      // it stopped before a slot its budget did not cover: only more room lets it go on
      const { pricePerMTok, maxBudgetUsd } = this.o.spend;
      const before = budgetInForce(meta.budgetUsd, maxBudgetUsd);
      const now = budgetInForce(opts.budgetUsd ?? meta.budgetUsd, maxBudgetUsd);
      const spent = costUsd(meta, pricePerMTok);
      if (now !== undefined && (now <= spent || (before !== undefined && now <= before)))
        throw new SimulationConflict(
          "budget",
          `시뮬레이션이 예산에서 멈췄습니다 ($${(before ?? now).toFixed(4)} 중 $${spent.toFixed(4)} 사용): 더 큰 budgetUsd로 이어서 실행해 주세요${maxBudgetUsd === undefined ? "" : ` (최대 SIM_MAX_BUDGET_USD, $${maxBudgetUsd})`}`,
        );
    }
    if (meta.owner && (await this.o.workflows.isRunning("simulation", meta.owner)))
      throw new SimulationConflict("running", "시뮬레이션이 실행 중입니다: 멈춘 뒤에 이어서 실행해 주세요");
    const run = Number(/-run(\d+)$/.exec(meta.owner ?? "")?.[1] ?? 0) + 1;
    const execution = `${id}-run${run}`;
    // the old owner is dead: hand the simulation over (two resumes racing: one wins, one is refused)
    if (!(await this.o.repo.runs.transferOwner(id, meta.owner, execution)))
      throw new SimulationConflict("running", "다른 요청이 이미 이 시뮬레이션을 이어서 실행했습니다");
    if (opts.budgetUsd !== undefined) await this.o.repo.runs.setBudget(id, opts.budgetUsd);
    await this.o.workflows.start("simulation", execution, { simulationId: id });
    return { id };
  }

  /** The simulations a stopped process left pending or running (local start-up): they resume. */
  async resumeUnfinished(): Promise<string[]> {
    const resumed: string[] = [];
    for (const id of await this.o.repo.runs.unfinished()) {
      try {
        if (await this.resume(id)) resumed.push(id);
      } catch (err) {
        if (!(err instanceof SimulationConflict)) throw err;
      }
    }
    return resumed;
  }

  status(id: string): Promise<SimulationMeta | null> {
    return this.o.repo.runs.get(id);
  }

  async report(id: string): Promise<SimulationReport | null> {
    const meta = await this.o.repo.runs.get(id);
    if (!meta) return null;
    const [visits, aggregates, slots, breakdowns] = await Promise.all([
      this.o.repo.visits.list(id),
      this.o.repo.visits.aggregates(id),
      this.o.repo.runs.slotSummaries(id),
      computeBreakdowns(this.o.repo.agents.decisionPages(id)),
    ]);
    const stores = this.o.world.stores(meta);
    const dayTypes = new Map<number, DayType>();
    const weekdays = new Map<number, number>();
    if (meta.startDate)
      for (let day = 1; day <= meta.days; day++) {
        const info = await dayInfo(meta.startDate, day);
        dayTypes.set(day, info.dayType);
        weekdays.set(day, WEEKDAYS.indexOf(info.weekday));
      }
    const calibration = computeCalibration(meta.engine, slots, visits, stores, dayTypes);
    const spread = computeSpread({
      visits,
      stores,
      population: this.o.world.population(meta),
      aggregates,
      weekdayOf: (day) => weekdays.get(day),
    });
    return buildReport(meta, visits, stores, aggregates, calibration, breakdowns, spread);
  }

  /** One agent's decision records (every turn, in slot order), or what of the two does not exist. */
  async agentDecisions(
    id: string,
    agentId: string,
  ): Promise<DecisionRecord[] | { missing: "simulation" | "agent" }> {
    const meta = await this.o.repo.runs.get(id);
    if (!meta) return { missing: "simulation" };
    if (!this.o.world.population(meta).has(agentId)) return { missing: "agent" };
    return this.o.repo.agents.decisions(id, agentId);
  }

  /** A store's rating aggregate and visits in a simulation; null when either does not exist. */
  async storeRatings(
    simulationId: string,
    storeId: string,
  ): Promise<{ aggregate: StoreAggregate | null; visits: Visit[] } | null> {
    const meta = await this.o.repo.runs.get(simulationId);
    if (!meta || !this.o.world.stores(meta).some((s) => s.store_id === storeId)) return null;
    const [aggregates, visits] = await Promise.all([
      this.o.repo.visits.aggregates(simulationId),
      this.o.repo.visits.list(simulationId),
    ]);
    return { aggregate: aggregates[storeId] ?? null, visits: visits.filter((v) => v.store_id === storeId) };
  }
}

/**
 * Why a run cannot be replayed, in a sentence that says what happened and what to do (null: it can).
 * A replay is not recorded itself: its recording is the run it replays.
 */
function whyNotReplayable(source: SimulationMeta): string | null {
  const id = source.id;
  if (source.engine === "replay")
    return `시뮬레이션 ${id}에는 따로 기록이 없습니다: 실행 ${source.replayOf}을 재생한 것입니다. 원래 실행(${source.replayOf})을 재생해 주세요.`;
  if (!source.record || !source.provenance)
    return `시뮬레이션 ${id}에는 재생할 기록이 없습니다: 기록 없이 시작된 실행입니다. 같은 설정에 record: true(명령줄은 --record)를 더해 새로 실행하면 그 실행을 재생할 수 있습니다.`;
  if (source.status === "running" || source.status === "pending")
    return `시뮬레이션 ${id}의 기록은 아직 쌓이는 중입니다: 실행이 끝난 뒤 다시 재생을 요청해 주세요.`;
  if (!FINISHED.includes(source.status))
    return `시뮬레이션 ${id}의 기록은 중간까지만 있습니다: 실행이 끝나기 전에 멈췄습니다. 먼저 이어서 끝까지 실행(resume)한 뒤 재생해 주세요.`;
  return null;
}

/**
 * A record as `viewer` (the calling key's id) may see it: `createdBy`, a key id, only when it is the
 * viewer's own (there is no admin scope); every other reader sees it omitted.
 */
export function asSeenBy<T extends { createdBy?: string }>(
  record: T,
  viewer: string | undefined,
): Omit<T, "createdBy"> & { createdBy?: string } {
  const { createdBy, ...rest } = record;
  return createdBy !== undefined && viewer === createdBy ? { ...rest, createdBy } : rest;
}

/** GET /v1/simulations/{id}: the run, with how far through its slots it is. */
export function withProgress(meta: SimulationMeta) {
  const done = meta.completedSlots.length;
  return {
    ...meta,
    progress: {
      completedSlots: done,
      totalSlots: meta.totalSlots,
      percent: Math.round((100 * done) / meta.totalSlots),
    },
  };
}

/** A store's ratings summed up: how many, their mean to two decimals (null without any), the tags. */
export function ratingSummary(aggregate: StoreAggregate | null) {
  return {
    count: aggregate?.count ?? 0,
    average: averageRating(aggregate),
    tags: aggregate?.tags ?? {},
  };
}

/** Where an export page starts: the request's cursor, which must be one of this simulation's `kind`. */
export function exportStart(cursor: string | undefined, id: string, kind: ExportKind) {
  if (cursor === undefined) return undefined;
  const decoded = decodeCursor(cursor, id, kind);
  if ("reason" in decoded)
    throw new DongneError("invalid", decoded.reason, { code: "invalid_cursor", field: "cursor" });
  return decoded.key;
}
