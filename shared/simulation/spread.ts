// How visits spread over the stores, beside what 004's candidate sampling predicts. For each visit, the
// prediction is the chance each store had under the seed's own rule: the open stores of the visit's
// category the agent can reach (a resident: within 800 m of home), none it visited earlier in that
// slot, ranked by the store score and sampled by softmax (T = 0.5) into 20 candidates in strata of
// 60 / 25 / 15 % — each candidate then as likely as any other to be the one chosen. A store's
// predicted visits are the sum of its chances over the visits; its share is set beside the share it
// got. The scores use the ratings the run ended with (what a report can read), so a store the agents
// rated well is predicted more visits, as the seed's ranking gives it. A store above twice its
// prediction is listed: a defect to explain (a store typed wrongly, a step that concentrates), not a
// cap. The distribution is summed up as the top store's share per slot, the stores no visit reached,
// and the Herfindahl index (Σ share², 1 / HHI the "effective number" of stores).
import { mulberry32, hashString } from "../platform/random.ts";
import { CANDIDATES, knownOpenStores, searchRankedStores, type RankingTime } from "./ranking.ts";
import { TIME_SLOTS, type Persona, type Store, type StoreAggregate, type Visit } from "./types.ts";

/** Draws of the candidate sampling per context (a context: the stores it ranks and how it scores them). */
const DRAWS = 400;
/** A store above twice its prediction is listed once it has this many visits (fewer are chance). */
const MIN_VISITS = 5;

export interface StoreSpread {
  store_id: string;
  name: string;
  category: string;
  visits: number;
  share: number;
  predicted: number;
  predictedShare: number;
  /** visits ÷ predicted (null where nothing was predicted) */
  ratio: number | null;
}

export interface Spread {
  visits: number;
  /** by time slot: its visits, the most visited store's share, and the largest predicted share */
  bySlot: Record<
    string,
    { visits: number; top: { name: string; share: number } | null; predictedTop: number }
  >;
  /** stores no visit reached over the run, and how many the prediction expects (Σ P(no visit)) */
  unvisited: { count: number; predicted: number; names: string[] };
  /** Herfindahl index of the stores' shares, got and predicted; 1 / HHI is the effective number of stores */
  concentration: {
    hhi: number;
    predictedHhi: number;
    effectiveStores: number;
    predictedEffectiveStores: number;
  };
  /** stores above twice their prediction (with at least MIN_VISITS visits) */
  aboveTwice: StoreSpread[];
  /** every store of the world, most visited first */
  stores: StoreSpread[];
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export interface SpreadInput {
  visits: readonly Visit[];
  stores: readonly Store[];
  population: ReadonlyMap<string, Persona>;
  aggregates: Record<string, StoreAggregate>;
  /** a day's weekday (0 = Sunday), for opening hours; absent: the run has no dates */
  weekdayOf?: (day: number) => number | undefined;
}

/**
 * Each store's chance to be the one chosen, for one ranking context: exact where every reachable
 * store is a candidate (the chance is one in their number), else from DRAWS draws of the seed's
 * sampling, each candidate 1 / |candidates| likely.
 */
function chances(
  stores: readonly Store[],
  persona: Persona,
  category: string,
  aggregates: Record<string, StoreAggregate>,
  when: RankingTime,
  exclude: ReadonlySet<string>,
  key: string,
): Map<string, number> {
  const reachable = knownOpenStores(stores, persona, when).filter(
    (s) => s.category === category && !exclude.has(s.store_id),
  );
  const out = new Map<string, number>();
  if (reachable.length <= CANDIDATES) {
    for (const s of reachable) out.set(s.store_id, 1 / reachable.length);
    return out;
  }
  const rng = mulberry32(hashString(key));
  for (let i = 0; i < DRAWS; i++) {
    const picked = searchRankedStores(rng, stores, persona, category, aggregates, when, exclude);
    for (const s of picked) out.set(s.store_id, (out.get(s.store_id) ?? 0) + 1 / picked.length / DRAWS);
  }
  return out;
}

export function computeSpread(input: SpreadInput): Spread {
  const { visits, stores, population, aggregates } = input;
  const predicted = new Map<string, number>();
  const predictedBySlot = new Map<string, Map<string, number>>();
  const noVisit = new Map<string, number>(stores.map((s) => [s.store_id, 0])); // Σ log P(not chosen)
  const cache = new Map<string, Map<string, number>>();
  // the stores an agent visited earlier in the same slot are no candidates (agent.ts: chooseStore)
  const earlier = new Map<string, string[]>();
  const ordered = [...visits].sort((a, b) => a.visit_id.localeCompare(b.visit_id));
  for (const v of ordered) {
    const persona = population.get(v.agent_id);
    const turn = `${v.agent_id}#${v.day}#${v.time_slot}`;
    const before = earlier.get(turn) ?? [];
    earlier.set(turn, [...before, v.store_id]);
    if (!persona) continue;
    const when = { slot: v.time_slot, weekday: input.weekdayOf?.(v.day) };
    const home =
      persona.type === "resident" && persona.home_location
        ? `${persona.home_location.lat},${persona.home_location.lng}`
        : "-";
    const key = [
      home,
      v.category,
      when.slot,
      when.weekday ?? "",
      persona.price_sensitivity,
      before.join(","),
    ].join("|");
    let p = cache.get(key);
    if (!p) {
      p = chances(stores, persona, v.category, aggregates, when, new Set(before), key);
      cache.set(key, p);
    }
    const slot = predictedBySlot.get(v.time_slot) ?? new Map<string, number>();
    predictedBySlot.set(v.time_slot, slot);
    for (const [store, chance] of p) {
      predicted.set(store, (predicted.get(store) ?? 0) + chance);
      slot.set(store, (slot.get(store) ?? 0) + chance);
      noVisit.set(store, (noVisit.get(store) ?? 0) + Math.log1p(-Math.min(chance, 1 - 1e-12)));
    }
  }
  const got = new Map<string, number>();
  for (const v of visits) got.set(v.store_id, (got.get(v.store_id) ?? 0) + 1);
  const n = visits.length;
  const rows: StoreSpread[] = stores
    .map((s) => {
      const visitsOf = got.get(s.store_id) ?? 0;
      const pred = predicted.get(s.store_id) ?? 0;
      return {
        store_id: s.store_id,
        name: s.name,
        category: s.category,
        visits: visitsOf,
        share: n ? round(visitsOf / n, 4) : 0,
        predicted: round(pred, 1),
        predictedShare: n ? round(pred / n, 4) : 0,
        ratio: pred > 0 ? round(visitsOf / pred, 2) : null,
      };
    })
    .sort((a, b) => b.visits - a.visits || b.predicted - a.predicted);
  const hhi = (shares: number[]) => shares.reduce((s, x) => s + x * x, 0);
  const gotHhi = n ? hhi([...got.values()].map((c) => c / n)) : 0;
  const predHhi = n ? hhi([...predicted.values()].map((c) => c / n)) : 0;
  const unvisited = rows.filter((r) => r.visits === 0);
  return {
    visits: n,
    bySlot: Object.fromEntries(
      TIME_SLOTS.map((slot) => {
        const inSlot = visits.filter((v) => v.time_slot === slot);
        const counts = new Map<string, number>();
        for (const v of inSlot) counts.set(v.store_id, (counts.get(v.store_id) ?? 0) + 1);
        const [topId, topN] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
        const predTop = Math.max(0, ...(predictedBySlot.get(slot)?.values() ?? []));
        return [
          slot,
          {
            visits: inSlot.length,
            top: topId
              ? {
                  name: stores.find((s) => s.store_id === topId)?.name ?? topId,
                  share: round(topN / inSlot.length),
                }
              : null,
            predictedTop: inSlot.length ? round(predTop / inSlot.length) : 0,
          },
        ];
      }),
    ),
    unvisited: {
      count: unvisited.length,
      predicted: round(
        [...noVisit.values()].reduce((s, logNone) => s + Math.exp(logNone), 0),
        1,
      ),
      names: unvisited.map((r) => r.name),
    },
    concentration: {
      hhi: round(gotHhi, 4),
      predictedHhi: round(predHhi, 4),
      effectiveStores: gotHhi ? round(1 / gotHhi, 1) : 0,
      predictedEffectiveStores: predHhi ? round(1 / predHhi, 1) : 0,
    },
    aboveTwice: rows.filter((r) => r.visits >= MIN_VISITS && r.ratio !== null && r.ratio > 2),
    stores: rows,
  };
}
