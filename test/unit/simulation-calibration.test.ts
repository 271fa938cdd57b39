// The report's calibration from slot counts and visits: rates against 004's reference, the day types,
// revisits after an agent's own rating, category spread and the share of rating variance price explains.
import { describe, expect, it } from "vitest";
import { computeCalibration } from "../../shared/simulation/calibration.ts";
import type { SlotSummary } from "../../shared/simulation/schemas.ts";
import type { Store, Visit } from "../../shared/simulation/types.ts";

const slot = (
  day: number,
  s: string,
  visit: number,
  turns: number,
  floating = 5,
  arrived = floating,
): SlotSummary => ({
  day,
  slot: s,
  agent_turns: turns,
  visit,
  stay_home: turns - visit,
  llm_failed: 0,
  residents: turns - floating,
  floating,
  arrived,
});
const store = (id: string, category: string, avg_price: number) =>
  ({ store_id: id, name: id, category, avg_price }) as Store;
let n = 0;
const visit = (
  agent: string,
  day: number,
  time_slot: string,
  store_id: string,
  category: string,
  rating: number,
) =>
  ({ visit_id: `v${n++}`, agent_id: agent, day, time_slot, order: 1, store_id, category, rating }) as Visit;

describe("calibration", () => {
  const stores = [
    store("A", "한식", 9000),
    store("B", "한식", 10_000),
    store("C", "카페", 6000),
    store("D", "주점", 25_000),
  ];
  const visits = [
    // a liked store is visited again, a disliked one is not
    visit("R1", 1, "12:00", "A", "한식", 5),
    visit("R1", 2, "12:00", "A", "한식", 4),
    visit("R1", 10, "12:00", "A", "한식", 4),
    visit("R2", 1, "12:00", "B", "한식", 2),
    visit("R2", 2, "12:00", "A", "한식", 4),
    visit("R3", 1, "07:00", "C", "카페", 4),
  ];
  const slots = [
    slot(1, "07:00", 3, 10),
    slot(1, "12:00", 7, 10, 5, 2),
    slot(2, "12:00", 6, 10, 3),
    slot(10, "12:00", 1, 10),
  ];
  const cal = computeCalibration("offline", slots, visits, stores, new Map([[2, "weekend"]]));

  it("rates eating out per slot against 004's reference", () => {
    expect(cal.engine).toBe("offline");
    expect(cal.eatOutRateBySlot).toMatchObject({ "07:00": 0.3, "12:00": 0.467 });
    expect(cal.referenceEatOutRateBySlot["12:00"]).toBe(0.7);
    expect(cal.topCategoryBySlot).toMatchObject({ "07:00": "카페", "12:00": "한식", "22:00": null });
  });

  it("orders an agent's visits by day, not by text (day 10 after day 2)", () => {
    // R1: 5 → A again (day 2), 4 → A again (day 10); R2: 2 at B → next 한식 is A (not the same)
    expect(cal.revisitRateByOwnRating).toEqual({ high: 1, nHigh: 2, low: 0, nLow: 1 });
  });

  it("splits by day type and follows who was active each day", () => {
    expect(cal.byDayType.weekend).toEqual({ days: 1, turns: 10, eatOutRate: 0.6 });
    expect(cal.byDayType.weekday).toMatchObject({ days: 2, turns: 30 });
    expect(cal.activeAgentsByDay).toEqual([
      { day: 1, residents: 5, floating: 7 },
      { day: 2, residents: 7, floating: 3 },
      { day: 10, residents: 5, floating: 5 },
    ]);
  });

  it("compares each category's visits with its stores, and reports price's share of rating variance", () => {
    expect(cal.categoryShareVsStoreShare["한식"]).toEqual({
      visitShare: 0.833,
      storeShare: 0.5,
      ratio: 1.67,
    });
    expect(cal.categoryShareVsStoreShare["주점"]).toEqual({ visitShare: 0, storeShare: 0.25, ratio: 0 });
    expect(cal.priceVarianceExplained).toBeGreaterThanOrEqual(0);
    expect(cal.priceVarianceExplained).toBeLessThanOrEqual(1);
  });
});
