// The simulation report: visits per store and per category by slot, rating distributions, the share
// of stay_home / llm_failed, sample comments — as JSON (this file) and as an HTML page with charts
// (report-html.ts).
import { BreakdownAccumulator, type Breakdowns } from "./breakdowns.ts";
import type { Calibration } from "./calibration.ts";
import type { SimulationMeta } from "./schemas.ts";
import type { Spread } from "./spread.ts";
import { storeSetSummary } from "./stores.ts";
import { TIME_SLOTS, type Store, type StoreAggregate, type Visit } from "./types.ts";

export interface SimulationReport {
  simulation: Pick<
    SimulationMeta,
    | "id"
    | "status"
    | "days"
    | "seed"
    | "agents"
    | "engine"
    | "totalSlots"
    | "llmCalls"
    | "inputTokens"
    | "outputTokens"
  > & {
    completedSlots: number;
    synthetic: boolean;
    /** what produced the run (provenance.ts); absent on records made before it was kept */
    provenance?: SimulationMeta["provenance"];
  };
  decisions: {
    agentTurns: number;
    visit: number;
    stay_home: number;
    llm_failed: number;
    shares: Record<"visit" | "stay_home" | "llm_failed", number>;
  };
  visitsByCategoryAndSlot: Record<string, Record<string, number>>;
  ratingDistribution: Record<string, number>;
  ratingDistributionByCategory: Record<string, Record<string, number>>;
  stores: {
    store_id: string;
    name: string;
    category: string;
    visits: number;
    average: number | null;
    tags: Record<string, number>;
    /** where the store is (the web page draws the stores on a map) */
    lat: number;
    lng: number;
  }[];
  sampleComments: {
    agent_id: string;
    store_name: string;
    rating: number;
    comment: string;
    time_slot: string;
    day: number;
  }[];
  perAgentDay: { llmCalls: number; inputTokens: number; outputTokens: number };
  /** where the stores came from (registry or synthetic), by dong and category */
  storeSet: ReturnType<typeof storeSetSummary>;
  calibration: Calibration;
  /** by generation and agent type, step 5's actions, who left each day (from the kept decisions) */
  breakdowns: Breakdowns;
  /** how visits spread over the stores beside what 004's candidate sampling predicts (spread.ts) */
  spread?: Spread;
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

/** A store's mean rating to two decimals; null before any rating. */
export const averageRating = (a: StoreAggregate | null | undefined): number | null =>
  a?.count ? round(a.sum / a.count, 2) : null;

export function buildReport(
  meta: SimulationMeta,
  visits: Visit[],
  stores: Store[],
  aggregates: Record<string, StoreAggregate>,
  calibration: Calibration,
  breakdowns: Breakdowns = new BreakdownAccumulator().result(),
  spread?: Spread,
): SimulationReport {
  const counted = countVisits(visits);
  return {
    simulation: simulationSummary(meta, stores),
    decisions: decisionShares(meta.decisions),
    visitsByCategoryAndSlot: counted.byCategoryAndSlot,
    ratingDistribution: counted.ratings,
    ratingDistributionByCategory: counted.ratingsByCategory,
    stores: storeRows(visits, stores, aggregates),
    sampleComments: sampleComments(visits),
    storeSet: storeSetSummary(stores),
    calibration,
    breakdowns,
    perAgentDay: perAgentDay(meta),
    ...(spread ? { spread } : {}),
  };
}

function simulationSummary(meta: SimulationMeta, stores: Store[]): SimulationReport["simulation"] {
  return {
    id: meta.id,
    status: meta.status,
    days: meta.days,
    seed: meta.seed,
    agents: meta.agents,
    engine: meta.engine,
    totalSlots: meta.totalSlots,
    completedSlots: meta.completedSlots.length,
    llmCalls: meta.llmCalls,
    inputTokens: meta.inputTokens,
    outputTokens: meta.outputTokens,
    synthetic: stores.some((s) => s.synthetic),
    ...(meta.provenance ? { provenance: meta.provenance } : {}),
  };
}

function decisionShares(d: Record<string, number>): SimulationReport["decisions"] {
  const turns = d.agent_turns ?? 0;
  const share = (n = 0) => (turns ? round(n / turns) : 0);
  return {
    agentTurns: turns,
    visit: d.visit ?? 0,
    stay_home: d.stay_home ?? 0,
    llm_failed: d.llm_failed ?? 0,
    shares: { visit: share(d.visit), stay_home: share(d.stay_home), llm_failed: share(d.llm_failed) },
  };
}

/** Visits by category and slot, and ratings 1–5, overall and by category. */
function countVisits(visits: Visit[]) {
  const byCategoryAndSlot: Record<string, Record<string, number>> = {};
  const ratings: Record<string, number> = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  const ratingsByCategory: Record<string, Record<string, number>> = {};
  const count = (counts: Record<string, number>, key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  for (const v of visits) {
    count((byCategoryAndSlot[v.category] ??= Object.fromEntries(TIME_SLOTS.map((s) => [s, 0]))), v.time_slot);
    count(ratings, String(v.rating));
    count((ratingsByCategory[v.category] ??= { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 }), String(v.rating));
  }
  return { byCategoryAndSlot, ratings, ratingsByCategory };
}

/** The visited stores, most visited (then best rated) first. */
function storeRows(
  visits: Visit[],
  stores: Store[],
  aggregates: Record<string, StoreAggregate>,
): SimulationReport["stores"] {
  const visitsByStore = new Map<string, number>();
  for (const v of visits) visitsByStore.set(v.store_id, (visitsByStore.get(v.store_id) ?? 0) + 1);
  return stores
    .filter((s) => visitsByStore.has(s.store_id))
    .map((s) => {
      const a = aggregates[s.store_id];
      return {
        store_id: s.store_id,
        name: s.name,
        category: s.category,
        visits: visitsByStore.get(s.store_id)!,
        average: averageRating(a),
        tags: a?.tags ?? {},
        lat: s.lat,
        lng: s.lng,
      };
    })
    .sort((a, b) => b.visits - a.visits || (b.average ?? 0) - (a.average ?? 0));
}

/** A spread of voices: the first comments by visit id, best and worst included. */
function sampleComments(visits: Visit[]): SimulationReport["sampleComments"] {
  const sorted = [...visits].sort((a, b) => a.visit_id.localeCompare(b.visit_id));
  const samples = [
    ...sorted.filter((v) => v.rating >= 5).slice(0, 3),
    ...sorted.filter((v) => v.rating <= 2).slice(0, 3),
    ...sorted.filter((v) => v.rating === 3 || v.rating === 4).slice(0, 4),
  ];
  return samples.map((v) => ({
    agent_id: v.agent_id,
    store_name: v.store_name,
    rating: v.rating,
    comment: v.comment,
    time_slot: v.time_slot,
    day: v.day,
  }));
}

function perAgentDay(meta: SimulationMeta): SimulationReport["perAgentDay"] {
  const agentDays = Math.max(1, meta.agents * Math.max(1, meta.completedSlots.length / 4));
  return {
    llmCalls: round(meta.llmCalls / agentDays, 2),
    inputTokens: round(meta.inputTokens / agentDays, 1),
    outputTokens: round(meta.outputTokens / agentDays, 1),
  };
}
