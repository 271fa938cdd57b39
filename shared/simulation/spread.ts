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
// and the Herfindahl index (Σ share², 1 / HHI the "effective number" of stores) — each beside what a
// run drawn from the prediction would show, chance included (a few visits over many stores look
// concentrated by chance alone). A long run's chances are computed for a sample of its visits.
import { mulberry32, hashString } from "../platform/random.ts";
import { CANDIDATES, knownOpenStores, sampleCandidates, scoredStores } from "./ranking.ts";
import { TIME_SLOTS, type Persona, type Store, type StoreAggregate, type Visit } from "./types.ts";

/** Draws of the candidate sampling per context (a context: the stores it ranks and how it scores them). */
const DRAWS = 200;
/** Visits whose chances are computed: a larger run's are a sample of them, evenly spread, each counting for several. */
const PREDICTED_VISITS = 2_000;
/** Runs drawn from the prediction for what a run's top store per slot would take by chance. */
const REPLICAS = 20;
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
  /** by time slot: its visits, the most visited store's share, and what a run drawn from the prediction gives its top store */
  bySlot: Record<
    string,
    { visits: number; top: { name: string; share: number } | null; predictedTop: number }
  >;
  /** stores no visit reached over the run, and how many the prediction expects (Σ P(no visit)) */
  unvisited: { count: number; predicted: number; names: string[] };
  /** Herfindahl index of the stores' shares, got and expected of a run drawn from the prediction; 1 / HHI is the effective number of stores */
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

/** One ranking context's chances: each store's chance to be the one chosen, and their running sum. */
interface Chances {
  ids: string[];
  p: number[];
  cumulative: number[];
}

/**
 * Each store's chance to be the one chosen, for one ranking context: exact where every reachable
 * store is a candidate (one in their number), else from DRAWS draws of the seed's sampling (its
 * strata and softmax, ranking.ts), each candidate 1 / |candidates| likely.
 */
function chancesOf(
  reachable: Store[],
  persona: Persona,
  aggregates: Record<string, StoreAggregate>,
  key: string,
): Chances {
  const byId = new Map<string, number>();
  if (reachable.length <= CANDIDATES) for (const s of reachable) byId.set(s.store_id, 1 / reachable.length);
  else {
    const scored = scoredStores(reachable, persona, aggregates);
    const rng = mulberry32(hashString(key));
    for (let i = 0; i < DRAWS; i++) {
      const picked = sampleCandidates(rng, scored);
      for (const s of picked) byId.set(s.store_id, (byId.get(s.store_id) ?? 0) + 1 / picked.length / DRAWS);
    }
  }
  const ids = [...byId.keys()];
  const p = ids.map((id) => byId.get(id)!);
  let sum = 0;
  return { ids, p, cumulative: p.map((x) => (sum += x)) };
}

/** A store drawn by the chances. */
function draw(c: Chances, rng: () => number): string {
  const r = rng() * c.cumulative.at(-1)!;
  let lo = 0;
  let hi = c.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c.cumulative[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return c.ids[lo]!;
}

// long: each figure of the spread report from the same visits, in the report's order
export function computeSpread(input: SpreadInput): Spread {
  const { visits, stores, population, aggregates } = input;
  const n = visits.length;
  const stride = Math.max(1, Math.ceil(n / PREDICTED_VISITS));
  // per store: Σ p (the predicted visits), Σ p² (for the expected Herfindahl index), Σ log(1 − p)
  const mean = new Map<string, number>();
  const squares = new Map<string, number>();
  const noVisit = new Map<string, number>();
  const cache = new Map<string, Chances>();
  const sampled: { chances: Chances; slot: string; weight: number }[] = [];
  // the stores an agent visited earlier in the same slot are no candidates (agent.ts: chooseStore)
  const earlier = new Map<string, string[]>();
  const ordered = [...visits].sort((a, b) => a.visit_id.localeCompare(b.visit_id));
  ordered.forEach((v, i) => {
    const turn = `${v.agent_id}#${v.day}#${v.time_slot}`;
    const before = earlier.get(turn) ?? [];
    earlier.set(turn, [...before, v.store_id]);
    const persona = population.get(v.agent_id);
    if (i % stride || !persona) return;
    const when = { slot: v.time_slot, weekday: input.weekdayOf?.(v.day) };
    const exclude = new Set(before);
    const reachable = knownOpenStores(stores, persona, when).filter(
      (s) => s.category === v.category && !exclude.has(s.store_id),
    );
    const key = `${persona.price_sensitivity}|${reachable.map((s) => s.store_id).join(",")}`;
    let chances = cache.get(key);
    if (!chances) cache.set(key, (chances = chancesOf(reachable, persona, aggregates, key)));
    if (!chances.ids.length) return;
    // a sampled visit stands for `stride` visits (the last sample for what is left)
    const weight = Math.min(stride, n - i);
    sampled.push({ chances, slot: v.time_slot, weight });
    chances.ids.forEach((store, j) => {
      const p = chances.p[j]!;
      mean.set(store, (mean.get(store) ?? 0) + p * weight);
      squares.set(store, (squares.get(store) ?? 0) + p * p * weight);
      noVisit.set(store, (noVisit.get(store) ?? 0) + Math.log1p(-Math.min(p, 1 - 1e-12)) * weight);
    });
  });
  const got = new Map<string, number>();
  for (const v of visits) got.set(v.store_id, (got.get(v.store_id) ?? 0) + 1);
  const rows: StoreSpread[] = stores
    .map((s) => {
      const visitsOf = got.get(s.store_id) ?? 0;
      const pred = mean.get(s.store_id) ?? 0;
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
  const gotHhi = n ? [...got.values()].reduce((s, c) => s + (c / n) ** 2, 0) : 0;
  // what a run drawn from the prediction would show: E[count²] = (Σ p)² + Σ p (1 − p)
  const predHhi = n
    ? [...mean].reduce((s, [store, mu]) => s + (mu * mu + mu - squares.get(store)!) / (n * n), 0)
    : 0;
  const slotVisits = new Map<string, number>();
  for (const v of visits) slotVisits.set(v.time_slot, (slotVisits.get(v.time_slot) ?? 0) + 1);
  const topByChance = expectedTopShares(sampled, slotVisits);
  const unvisited = rows.filter((r) => r.visits === 0);
  return {
    visits: n,
    bySlot: Object.fromEntries(
      TIME_SLOTS.map((slot) => {
        const counts = new Map<string, number>();
        for (const v of visits)
          if (v.time_slot === slot) counts.set(v.store_id, (counts.get(v.store_id) ?? 0) + 1);
        const [topId, topN] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
        const inSlot = slotVisits.get(slot) ?? 0;
        return [
          slot,
          {
            visits: inSlot,
            top: topId
              ? { name: stores.find((s) => s.store_id === topId)?.name ?? topId, share: round(topN / inSlot) }
              : null,
            predictedTop: round(topByChance.get(slot) ?? 0),
          },
        ];
      }),
    ),
    unvisited: {
      count: unvisited.length,
      predicted: round(
        stores.reduce((s, st) => s + Math.exp(noVisit.get(st.store_id) ?? 0), 0),
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

/**
 * The top store's share per slot in runs drawn from the prediction (REPLICAS of them, each visit's
 * store drawn by its chances), averaged: the share one store takes by chance alone.
 */
function expectedTopShares(
  sampled: readonly { chances: Chances; slot: string; weight: number }[],
  slotVisits: ReadonlyMap<string, number>,
): Map<string, number> {
  const rng = mulberry32(1);
  const sums = new Map<string, number>();
  for (let r = 0; r < REPLICAS; r++) {
    const counts = new Map<string, Map<string, number>>();
    for (const { chances, slot, weight } of sampled) {
      const c = counts.get(slot) ?? new Map<string, number>();
      counts.set(slot, c);
      for (let k = 0; k < weight; k++) {
        const store = draw(chances, rng);
        c.set(store, (c.get(store) ?? 0) + 1);
      }
    }
    for (const [slot, c] of counts)
      sums.set(slot, (sums.get(slot) ?? 0) + Math.max(...c.values()) / (slotVisits.get(slot) ?? 1));
  }
  return new Map([...sums].map(([slot, s]) => [slot, s / REPLICAS]));
}
