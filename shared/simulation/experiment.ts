// Experiments: a scenario against its baseline, each seed run in both arms (the baseline with no
// scenario, the scenario arm with it) through the normal simulation workflow. Both arms of a seed draw
// the same random numbers for the same agent and slot, so each seed is a paired observation and the
// difference (scenario − baseline) comes with a 95 % interval across seeds (pairedDifference).
import { randomUUID } from "node:crypto";
import { mapLimit } from "../platform/concurrency.ts";
import { pairedDifference, type PairedDifference } from "../platform/stats/interval.ts";
import { startDateToday } from "./calendar.ts";
import { ARMS, type ExperimentRecord, type ExperimentRequest } from "./experiment-schemas.ts";
import type { SimulationRepository } from "./repository.ts";
import type { Scenario } from "./scenario.ts";
import { FINISHED, type SimulationRequest, type SimulationStatus } from "./schemas.ts";
import { SimulationConflict, type SimulationService } from "./api.ts";
import type { SimulationWorld } from "./world.ts";
import type { Store, Visit } from "./types.ts";

export interface ExperimentServiceOptions {
  sims: SimulationService;
  world: SimulationWorld;
  repo: SimulationRepository;
  defaultMaxConcurrentLlmCalls: number;
  /** agent-days one caller may start per UTC day (the simulations' quota) */
  maxAgentDaysPerCaller: number;
  now?: () => Date;
}

type Arm = (typeof ARMS)[number];
export interface Compared {
  visits: PairedDifference;
  /** of the arm's visits (0…1) */
  share: PairedDifference;
  /** mean of the seeds' mean ratings; diff over the seeds where both arms have a rating */
  rating: { baseline: number | null; scenario: number | null; diff: PairedDifference | null };
}
export interface StoreComparison extends Compared {
  store_id: string;
  name: string;
  category: string;
  /** what the scenario did to it */
  change: "added" | "closed" | "changed" | "unchanged";
}
export interface ExperimentComparison {
  seeds: number;
  totals: { visits: PairedDifference; rating: Compared["rating"] };
  /** the stores the scenario added, closed or changed, together (null when it touched none) */
  touched: Compared | null;
  categories: (Compared & { category: string })[];
  stores: StoreComparison[];
}
export interface ExperimentStatus extends ExperimentRecord {
  /** running until every arm ended; stopped when one stopped short (resume it: the experiment follows) */
  status: "running" | "completed" | "stopped";
  arms: (ExperimentRecord["arms"][number] & {
    status: SimulationStatus;
    completedSlots: number;
    totalSlots: number;
  })[];
  comparison: ExperimentComparison | null;
}

export class ExperimentService {
  constructor(private readonly o: ExperimentServiceOptions) {}

  /**
   * Checks every arm (the scenario against the stores), charges the caller's quota for all of them at
   * once (an experiment runs whole or not at all), starts them and keeps the record.
   */
  async start(request: ExperimentRequest, caller = "local"): Promise<ExperimentRecord> {
    const now = this.o.now?.() ?? new Date();
    const baseline = { ...request.baseline, startDate: request.baseline.startDate ?? startDateToday(now) };
    const arms = request.seeds.flatMap((seed) => ARMS.map((arm) => ({ seed, arm })));
    // the arms run at once: they share the experiment's LLM cap
    const cap = baseline.maxConcurrentLlmCalls ?? this.o.defaultMaxConcurrentLlmCalls;
    const share = Math.max(1, Math.floor(cap / arms.length));
    const requests = arms.map(({ seed, arm }) => ({
      seed,
      arm,
      request: armRequest(baseline, seed, share, arm === "scenario" ? request.scenario : undefined),
    }));
    const agentDays = requests.reduce(
      (n, r) => n + this.o.world.paramsFor(r.request, "offline", share).agents * baseline.days,
      0,
    );
    const day = now.toISOString().slice(0, 10);
    const limit = this.o.maxAgentDaysPerCaller;
    if (!(await this.o.repo.quota.consume(caller, "agentDays", agentDays, limit, day)))
      throw new SimulationConflict(
        "quota",
        `시뮬레이션 ${arms.length}개, 모두 ${agentDays} agent-days는 이 호출자의 오늘 한도 ${limit} agent-days를 넘습니다`,
      );
    const started = await mapLimit(requests, 4, async (r) => ({
      seed: r.seed,
      arm: r.arm,
      simulationId: (await this.o.sims.start(r.request, caller, { charged: true })).id,
    }));
    const record: ExperimentRecord = {
      id: `exp-${day.replaceAll("-", "")}-${randomUUID().slice(0, 8)}`,
      request: { ...request, baseline },
      arms: started,
      createdBy: caller,
      createdAt: now.toISOString(),
    };
    await this.o.repo.experiments.put(record);
    return record;
  }

  /** The arms' progress and, once every arm has finished, the comparison. */
  async status(id: string): Promise<ExperimentStatus | null> {
    const record = await this.o.repo.experiments.get(id);
    if (!record) return null;
    const metas = await Promise.all(record.arms.map((a) => this.o.sims.status(a.simulationId)));
    const arms = record.arms.map((a, i) => ({
      ...a,
      status: metas[i]?.status ?? ("failed" as const),
      completedSlots: metas[i]?.completedSlots.length ?? 0,
      totalSlots: metas[i]?.totalSlots ?? 0,
    }));
    const done = arms.every((a) => FINISHED.includes(a.status));
    const going = arms.some((a) => a.status === "pending" || a.status === "running");
    const comparison = done ? await this.compare(record) : null;
    return { ...record, status: done ? "completed" : going ? "running" : "stopped", arms, comparison };
  }

  private async compare(record: ExperimentRecord): Promise<ExperimentComparison> {
    const seeds = record.request.seeds;
    const visitsOf = (arm: Arm) =>
      Promise.all(
        seeds.map((seed) =>
          this.o.repo.visits.list(record.arms.find((a) => a.seed === seed && a.arm === arm)!.simulationId),
        ),
      );
    const [baseline, scenario] = await Promise.all([visitsOf("baseline"), visitsOf("scenario")]);
    return compareArms(
      { baseline, scenario },
      this.o.world.stores(),
      this.o.world.stores({ scenario: record.request.scenario }),
      record.request.scenario,
    );
  }
}

function armRequest(
  baseline: ExperimentRequest["baseline"],
  seed: number,
  maxConcurrentLlmCalls: number,
  scenario: Scenario | undefined,
): SimulationRequest {
  return {
    days: baseline.days,
    seed,
    startDate: baseline.startDate,
    maxConcurrentLlmCalls,
    ...(baseline.agents !== undefined ? { agents: baseline.agents } : {}),
    ...(scenario ? { scenario } : {}),
  };
}

// ---- the comparison ---------------------------------------------------------------------------------

const round = (x: number) => Math.round(x * 1000) / 1000;
const rounded = (d: PairedDifference): PairedDifference => ({
  n: d.n,
  baseline: round(d.baseline),
  scenario: round(d.scenario),
  diff: round(d.diff),
  ci: d.ci && [round(d.ci[0]), round(d.ci[1])],
});

/** One seed's visits and rating sums, by a key (store or category). */
interface Tally {
  total: number;
  ratingSum: number;
  by: Map<string, { visits: number; ratingSum: number }>;
}

function tally(visits: readonly Visit[], key: (v: Visit) => string): Tally {
  const by = new Map<string, { visits: number; ratingSum: number }>();
  for (const v of visits) {
    const t = by.get(key(v)) ?? { visits: 0, ratingSum: 0 };
    by.set(key(v), { visits: t.visits + 1, ratingSum: t.ratingSum + v.rating });
  }
  return { total: visits.length, ratingSum: visits.reduce((s, v) => s + v.rating, 0), by };
}

const meanOf = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

/** Ratings per seed (null where the arm had no visit): arm means, and the difference where both rated. */
function ratingComparison(b: (number | null)[], s: (number | null)[]): Compared["rating"] {
  const both = b.flatMap((x, i) => (x !== null && s[i] !== null ? [i] : []));
  return {
    baseline: meanOf(b.filter((x) => x !== null)),
    scenario: meanOf(s.filter((x) => x !== null)),
    diff: both.length
      ? rounded(
          pairedDifference(
            both.map((i) => b[i]!),
            both.map((i) => s[i]!),
          ),
        )
      : null,
  };
}

function compareKey(b: Tally[], s: Tally[], key: string): Compared {
  const visits = (t: Tally) => t.by.get(key)?.visits ?? 0;
  const share = (t: Tally) => (t.total ? visits(t) / t.total : 0);
  const rating = (t: Tally) => {
    const x = t.by.get(key);
    return x ? x.ratingSum / x.visits : null;
  };
  return {
    visits: rounded(pairedDifference(b.map(visits), s.map(visits))),
    share: rounded(pairedDifference(b.map(share), s.map(share))),
    rating: ratingComparison(b.map(rating), s.map(rating)),
  };
}

/**
 * Both arms compared seed by seed (`visits.baseline[i]` and `visits.scenario[i]` share a seed), per
 * store and per category. A store one arm lacks (added, closed) counts 0 visits there.
 */
export function compareArms(
  visits: Record<Arm, Visit[][]>,
  baselineStores: readonly Store[],
  scenarioStores: readonly Store[],
  scenario: Scenario,
): ExperimentComparison {
  const [bStores, sStores] = [baselineStores, scenarioStores].map(
    (set) => new Map(set.map((st) => [st.store_id, st])),
  ) as [Map<string, Store>, Map<string, Store>];
  const changed = new Set(scenario.change?.map((c) => c.store_id));
  const byStore = (arm: Arm) => visits[arm].map((v) => tally(v, (x) => x.store_id));
  const byCategory = (arm: Arm) => visits[arm].map((v) => tally(v, (x) => x.category));
  const [bs, ss, bc, sc] = [
    byStore("baseline"),
    byStore("scenario"),
    byCategory("baseline"),
    byCategory("scenario"),
  ];
  const categories = [...new Set([...bStores.values(), ...sStores.values()].map((st) => st.category))].sort();
  const stores = [...new Set([...bStores.keys(), ...sStores.keys()])].map((id): StoreComparison => {
    const st = (sStores.get(id) ?? bStores.get(id))!;
    const change = !bStores.has(id)
      ? "added"
      : !sStores.has(id)
        ? "closed"
        : changed.has(id)
          ? "changed"
          : "unchanged";
    return { store_id: id, name: st.name, category: st.category, change, ...compareKey(bs, ss, id) };
  });
  // what the scenario touched first, then the largest moves
  const untouched = (x: StoreComparison) => (x.change === "unchanged" ? 1 : 0);
  stores.sort((x, y) => untouched(x) - untouched(y) || Math.abs(y.visits.diff) - Math.abs(x.visits.diff));
  const touchedIds = new Set(stores.filter((x) => !untouched(x)).map((x) => x.store_id));
  const byTouched = (arm: Arm) =>
    visits[arm].map((v) => tally(v, (x) => (touchedIds.has(x.store_id) ? "touched" : "other")));
  const meanRating = (t: Tally) => (t.total ? t.ratingSum / t.total : null);
  return {
    seeds: bs.length,
    totals: {
      visits: rounded(
        pairedDifference(
          bs.map((t) => t.total),
          ss.map((t) => t.total),
        ),
      ),
      rating: ratingComparison(bs.map(meanRating), ss.map(meanRating)),
    },
    touched: touchedIds.size ? compareKey(byTouched("baseline"), byTouched("scenario"), "touched") : null,
    categories: categories.map((category) => ({ category, ...compareKey(bc, sc, category) })),
    stores,
  };
}
