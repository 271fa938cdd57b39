// The report's breakdowns, from the kept decisions (one record per agent turn) read a page at a time:
// counts are accumulated as records pass, none is held. Simulations run before decisions were kept
// have none, and their breakdowns are empty.
import type { DecisionRecord } from "./schemas.ts";
import { Generation } from "./types.ts";

export interface GroupStats {
  turns: number;
  /** turns that decided to visit, of those decided (llm_failed left out, as the calibration does) */
  eatOutRate: number;
  visits: number;
  /** mean rating of the group's visits; null without one */
  meanRating: number | null;
}

export interface Breakdowns {
  /** the decision records these were computed from (0: made before decisions were kept) */
  turns: number;
  byGeneration: Record<string, GroupStats>;
  byAgentType: Record<string, GroupStats>;
  /** each turn's last step 5 action (`result.next_action`; "none" when no step 5 ran) */
  nextAction: Record<string, number>;
  /** every step 5 decided, café rounds (loop2, loop3) included */
  step5Actions: Record<string, number>;
  /** floating visitors who chose 망원동_떠나기, by day */
  leftMangwonByDay: Record<string, number>;
}

type Counts = { turns: number; visit: number; failed: number; visits: number; ratingSum: number };

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const bump = (m: Record<string, number>, key: string, n = 1) => {
  m[key] = (m[key] ?? 0) + n;
};

/** Adds decision records one at a time; `result()` gives the breakdowns so far. */
export class BreakdownAccumulator {
  private turns = 0;
  private readonly generation = new Map<string, Counts>();
  private readonly agentType = new Map<string, Counts>();
  private readonly nextAction: Record<string, number> = {};
  private readonly step5: Record<string, number> = {};
  private readonly left: Record<string, number> = {};

  add(r: DecisionRecord): void {
    this.turns++;
    for (const [groups, key] of [
      [this.generation, r.generation],
      [this.agentType, r.agent_type],
    ] as const) {
      const c = groups.get(key) ?? { turns: 0, visit: 0, failed: 0, visits: 0, ratingSum: 0 };
      c.turns++;
      if (r.result.decision === "visit") c.visit++;
      if (r.result.decision === "llm_failed") c.failed++;
      c.visits += r.result.visits.length;
      for (const v of r.result.visits) c.ratingSum += v.rating;
      groups.set(key, c);
    }
    bump(this.nextAction, r.result.next_action ?? "none");
    for (const round of [r.result.steps, r.result.steps.loop2, r.result.steps.loop3]) {
      const action = ((round as { step5?: { action?: unknown } } | undefined)?.step5 ?? {}).action;
      if (typeof action === "string") bump(this.step5, action);
    }
    if (r.result.left_mangwon) bump(this.left, String(r.day));
  }

  result(): Breakdowns {
    const stats = (groups: Map<string, Counts>, order: readonly string[]) =>
      Object.fromEntries(
        [...groups.entries()]
          .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
          .map(([k, c]) => [
            k,
            {
              turns: c.turns,
              eatOutRate: c.turns - c.failed ? round(c.visit / (c.turns - c.failed)) : 0,
              visits: c.visits,
              meanRating: c.visits ? round(c.ratingSum / c.visits, 2) : null,
            },
          ]),
      );
    return {
      turns: this.turns,
      byGeneration: stats(this.generation, Generation.options),
      byAgentType: stats(this.agentType, ["resident", "floating"]),
      nextAction: { ...this.nextAction },
      step5Actions: { ...this.step5 },
      leftMangwonByDay: { ...this.left },
    };
  }
}

/** The breakdowns of a simulation's decisions, read page by page. */
export async function computeBreakdowns(pages: AsyncIterable<DecisionRecord[]>): Promise<Breakdowns> {
  const acc = new BreakdownAccumulator();
  for await (const page of pages) for (const r of page) acc.add(r);
  return acc.result();
}
