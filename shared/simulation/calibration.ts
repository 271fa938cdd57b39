// The report's calibration: how a run compares with what 004's prompts tell the agents (eat-out rates
// by slot), whether the neighbourhood stays alive (active agents by day), whether memory shows (revisits
// after an agent's own good or bad rating), and whether visits spread over the stores (category share
// of visits against share of stores; how much of the ratings' variance price explains). Computed for
// whichever engine ran, and labelled with it: the offline engine is a stand-in for 004's LLM agents.
import type { DayType } from "./calendar.ts";
import { referenceEatOut } from "./prompts.ts";
import type { SlotSummary } from "./schemas.ts";
import { TIME_SLOTS, type Store, type Visit } from "./types.ts";

export interface Calibration {
  engine: "llm" | "offline" | "replay";
  /** share of agent turns that decided to eat in Mangwon-dong, per slot; with 004's reference */
  eatOutRateBySlot: Record<string, number>;
  referenceEatOutRateBySlot: Record<string, number>;
  topCategoryBySlot: Record<string, string | null>;
  categoryShareVsStoreShare: Record<string, { visitShare: number; storeShare: number; ratio: number | null }>;
  revisitRateByOwnRating: { low: number | null; high: number | null; nLow: number; nHigh: number };
  activeAgentsByDay: { day: number; residents: number; floating: number }[];
  byDayType: Partial<Record<DayType, { days: number; turns: number; eatOutRate: number }>>;
  /** R² of a visit's rating on its store's average price */
  priceVarianceExplained: number | null;
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const rate = (n: number, d: number) => (d ? round(n / d) : 0);

/**
 * `dayTypes` gives each day's kind (weekday, weekend, holiday) for the by-day-type split; `slots` are
 * the collected slots' counts, `visits` every store visit, `stores` the simulation's stores.
 */
export function computeCalibration(
  engine: Calibration["engine"],
  slots: SlotSummary[],
  visits: Visit[],
  stores: Store[],
  dayTypes: Map<number, DayType>,
): Calibration {
  const days = [...new Set(slots.map((s) => s.day))].sort((a, b) => a - b);
  return {
    engine,
    eatOutRateBySlot: eatOutRateBySlot(slots),
    referenceEatOutRateBySlot: referenceEatOut(),
    topCategoryBySlot: topCategoryBySlot(visits),
    categoryShareVsStoreShare: categoryShares(visits, stores),
    revisitRateByOwnRating: revisitRates(visits),
    activeAgentsByDay: activeAgentsByDay(slots, days),
    byDayType: byDayType(slots, days, dayTypes),
    priceVarianceExplained: rSquared(visits, stores),
  };
}

/** Turns that decided (failed ones left out) and the visits they led to. */
const decidedTurns = (slots: SlotSummary[]) => slots.reduce((n, s) => n + s.agent_turns - s.llm_failed, 0);
const visitTurns = (slots: SlotSummary[]) => slots.reduce((n, s) => n + s.visit, 0);

function eatOutRateBySlot(slots: SlotSummary[]): Record<string, number> {
  const eatOut: Record<string, number> = {};
  for (const slot of TIME_SLOTS) {
    const here = slots.filter((s) => s.slot === slot);
    eatOut[slot] = rate(visitTurns(here), decidedTurns(here));
  }
  return eatOut;
}

/** The category of each decision's first visit, by slot. */
function topCategoryBySlot(visits: Visit[]): Record<string, string | null> {
  const top: Record<string, string | null> = {};
  for (const slot of TIME_SLOTS) {
    const counts = new Map<string, number>();
    for (const v of visits)
      if (v.time_slot === slot && v.order === 1) counts.set(v.category, (counts.get(v.category) ?? 0) + 1);
    top[slot] = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  }
  return top;
}

function categoryShares(visits: Visit[], stores: Store[]): Calibration["categoryShareVsStoreShare"] {
  const shares: Calibration["categoryShareVsStoreShare"] = {};
  const categories = new Set([...stores.map((s) => s.category), ...visits.map((v) => v.category)]);
  for (const c of categories) {
    const visitShare = rate(visits.filter((v) => v.category === c).length, visits.length);
    const storeShare = rate(stores.filter((s) => s.category === c).length, stores.length);
    shares[c] = { visitShare, storeShare, ratio: storeShare ? round(visitShare / storeShare, 2) : null };
  }
  return shares;
}

/**
 * Memory at work: an agent's next visit in a category is to the same store, after its own rating of
 * ≥ 4 (high) or ≤ 3 (low).
 */
function revisitRates(visits: Visit[]): Calibration["revisitRateByOwnRating"] {
  const byAgent = new Map<string, Visit[]>();
  for (const v of visits) byAgent.set(v.agent_id, [...(byAgent.get(v.agent_id) ?? []), v]);
  let high = 0,
    nHigh = 0,
    low = 0,
    nLow = 0;
  for (const list of byAgent.values()) {
    const ordered = [...list].sort(
      (a, b) =>
        a.day - b.day ||
        TIME_SLOTS.indexOf(a.time_slot as never) - TIME_SLOTS.indexOf(b.time_slot as never) ||
        a.order - b.order,
    );
    ordered.forEach((v, i) => {
      const next = ordered.slice(i + 1).find((w) => w.category === v.category);
      if (!next) return;
      const same = next.store_id === v.store_id ? 1 : 0;
      if (v.rating >= 4) {
        nHigh++;
        high += same;
      } else {
        nLow++;
        low += same;
      }
    });
  }
  return { low: nLow ? rate(low, nLow) : null, high: nHigh ? rate(high, nHigh) : null, nLow, nHigh };
}

function activeAgentsByDay(slots: SlotSummary[], days: number[]): Calibration["activeAgentsByDay"] {
  return days.map((day) => {
    const here = slots.filter((s) => s.day === day);
    // residents act in every slot; each floating visitor of the day arrives in exactly one slot
    return {
      day,
      residents: Math.max(0, ...here.map((s) => s.residents)),
      floating: here.reduce((n, s) => n + s.arrived, 0),
    };
  });
}

function byDayType(
  slots: SlotSummary[],
  days: number[],
  dayTypes: Map<number, DayType>,
): Calibration["byDayType"] {
  const sums = new Map<DayType, { days: number; turns: number; visits: number }>();
  for (const day of days) {
    const type = dayTypes.get(day) ?? "weekday";
    const here = slots.filter((s) => s.day === day);
    const sum = sums.get(type) ?? { days: 0, turns: 0, visits: 0 };
    sums.set(type, {
      days: sum.days + 1,
      turns: sum.turns + decidedTurns(here),
      visits: sum.visits + visitTurns(here),
    });
  }
  return Object.fromEntries(
    [...sums].map(([type, s]) => [
      type,
      { days: s.days, turns: s.turns, eatOutRate: rate(s.visits, s.turns) },
    ]),
  );
}

/** R² of rating on price (simple least squares), null with fewer than three visits or one price. */
function rSquared(visits: Visit[], stores: Store[]): number | null {
  const price = new Map(stores.map((s) => [s.store_id, s.avg_price]));
  const pairs = visits.flatMap((v) =>
    price.has(v.store_id) ? [[price.get(v.store_id)!, v.rating] as const] : [],
  );
  if (pairs.length < 3) return null;
  const mx = pairs.reduce((s, p) => s + p[0], 0) / pairs.length;
  const my = pairs.reduce((s, p) => s + p[1], 0) / pairs.length;
  let sxy = 0,
    sxx = 0,
    syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  if (!sxx || !syy) return null;
  return round((sxy * sxy) / (sxx * syy));
}
