// The simulation's parts alone: candidate sampling, step schemas, the visit loop, the LLM gate.
import { describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { LlmUnavailableError, LlmOutputError, noUsage } from "../../shared/llm/port.ts";
import { actionsFor, aspectRatings, processDecision } from "../../shared/simulation/agent.ts";
import { memoryContext } from "../../shared/simulation/memory.ts";
import type { DecisionEngine } from "../../shared/simulation/engines/engine.ts";
import { LlmCaller } from "../../shared/simulation/engines/llm-gate.ts";
import { OfflineEngine } from "../../shared/simulation/engines/offline.ts";
import { activeToday, defaultPersonas, hasArrived, personasFor } from "../../shared/simulation/personas.ts";
import { mulberry32 } from "../../shared/platform/random.ts";
import {
  CANDIDATES,
  RESIDENT_AWARENESS_M,
  searchRankedStores,
  storeCard,
} from "../../shared/simulation/ranking.ts";
import { mangwonStores } from "../../shared/simulation/stores.ts";
import { Step4, Step5, type Store } from "../../shared/simulation/types.ts";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";

const stores = mangwonStores(pinnedDemoPlaces());
const personas = defaultPersonas();
const floating = personas.find((p) => p.type === "floating")!;
const resident = personas.find((p) => p.type === "resident")!;

describe("personas and stores", () => {
  it("ship 47 residents and 113 floating visitors, 53 of whom come on a day", () => {
    expect(personas.filter((p) => p.type === "resident")).toHaveLength(47);
    expect(personas.filter((p) => p.type === "floating")).toHaveLength(113);
    expect(activeToday(personas, 1, 42).filter((p) => p.type === "floating")).toHaveLength(53);
    expect(activeToday(personas, 1, 42)).not.toEqual(activeToday(personas, 2, 42));
    expect(personasFor(150)).toHaveLength(150);
  });

  it("floating visitors act from their entry slot on", () => {
    const late = { ...floating, entry_time_slot: "18:00" };
    expect(hasArrived(late, "12:00")).toBe(false);
    expect(hasArrived(late, "18:00")).toBe(true);
    expect(hasArrived(resident, "07:00")).toBe(true);
  });

  it("Mangwon-dong has stores of every category with prices, keywords and descriptions", () => {
    expect(stores.length).toBeGreaterThan(50);
    expect(new Set(stores.map((s) => s.category))).toEqual(
      new Set(["한식", "일식", "중식", "양식", "분식", "아시아", "카페", "주점"]),
    );
    for (const s of stores)
      expect(s.avg_price > 0 && s.keywords.length > 0 && s.description.startsWith("망원동")).toBe(true);
  });
});

describe("searchRankedStores", () => {
  const many: Store[] = Array.from({ length: 90 }, (_, i) => ({
    ...stores[0]!,
    store_id: `S${100 + i}`,
    name: `가게${i}`,
    category: "한식",
    avg_price: 8000 + i * 200,
  }));

  it("samples 20 candidates, stratified 12/5/3 from the top, middle and bottom thirds, shuffled", () => {
    const agg = Object.fromEntries(
      many.map((s, i) => [
        s.store_id,
        { store_id: s.store_id, count: 10, sum: 10 * (1 + (4 * i) / 89), tags: {}, recent: [] },
      ]),
    );
    const picked = searchRankedStores(mulberry32(1), many, floating, "한식", agg);
    expect(picked).toHaveLength(CANDIDATES);
    expect(new Set(picked.map((s) => s.store_id)).size).toBe(CANDIDATES);
    const rank = (s: Store) => Number(s.store_id.slice(1)) - 100; // higher index → higher rating here
    const thirds: [number, number, number] = [0, 0, 0];
    for (const s of picked) thirds[rank(s) >= 60 ? 0 : rank(s) >= 30 ? 1 : 2]++;
    expect(thirds).toEqual([12, 5, 3]);
    const again = searchRankedStores(mulberry32(2), many, floating, "한식", agg);
    expect(again.map((s) => s.store_id)).not.toEqual(picked.map((s) => s.store_id));
  });

  it("residents only know stores within 800 m of home", () => {
    for (const s of searchRankedStores(mulberry32(3), stores, resident, "카페", {})) {
      expect(haversine(resident.home_location!, s)).toBeLessThanOrEqual(RESIDENT_AWARENESS_M);
    }
  });

  it("the store card carries 004's fields and the agents' ratings and recent tags", () => {
    const card = storeCard(stores[0]!, {
      store_id: stores[0]!.store_id,
      count: 8,
      sum: 34,
      tags: { 맛: 5, 가성비: 3 },
      recent: [{ agent_id: "R001", rating: 4, tags: ["맛", "가성비"] }],
    });
    expect(card).toContain(`store_id: ${stores[0]!.store_id}`);
    expect(card).toMatch(/평균가격: [\d,]+원/);
    expect(card).toContain("에이전트 평점: 4.3/5 (8건), 태그: 맛 5, 가성비 3");
    expect(card).toContain("- R001: 좋음 ['맛', '가성비']");
  });
});

describe("step schemas", () => {
  it("reject out-of-range answers", () => {
    expect(Step4.safeParse({ rating: 6, selected_tags: [], comment: "x" }).success).toBe(false);
    expect(Step4.safeParse({ rating: 4, selected_tags: ["위생"], comment: "x" }).success).toBe(false);
    expect(
      Step5.safeParse({
        action: "날아가기",
        walking_speed: 4,
        reason: "",
        destination: { name: "", lat: null, lng: null },
      }).success,
    ).toBe(false);
    expect(
      Step5.safeParse({
        action: "카페_가기",
        walking_speed: 9,
        reason: "",
        destination: { name: "", lat: null, lng: null },
      }).success,
    ).toBe(false);
  });
});

describe("processDecision", () => {
  const offline = new OfflineEngine();
  const turn = (engine: DecisionEngine, persona = resident) => ({
    persona,
    day: 1,
    slot: "12:00" as const,
    stores,
    aggregates: {},
    memory: [],
    engine,
    seed: 9,
  });
  const eating: DecisionEngine = {
    ...offline,
    name: "offline",
    step1: async () => ({ eat_in_mangwon: true, choice: 1, reason: "배고픔" }),
    step2: offline.step2.bind(offline),
    step3: offline.step3.bind(offline),
    step4: offline.step4.bind(offline),
    step5: async () => ({
      action: "카페_가기",
      walking_speed: 4,
      reason: "커피",
      destination: { name: "카페", lat: null, lng: null },
    }),
  };

  it("loops step 3→4→5 while step 5 is a store visit, at most three visits", async () => {
    const r = await processDecision(turn(eating, floating));
    expect(r.decision).toBe("visit");
    expect(r.visits).toHaveLength(3);
    expect(r.visits.slice(1).every((v) => v.category === "카페")).toBe(true);
    expect(r.ratings).toEqual(aspectRatings(r.visits[0]!));
    expect(Object.keys(r.steps)).toEqual(["step1", "step2", "step3", "step4", "step5", "loop2", "loop3"]);
  });

  it("a store that is not among the candidates breaks the rules: the step fails, it is not a stay_home", async () => {
    const r = await processDecision(
      turn({ ...eating, step3: async () => ({ store_name: "없는 가게", reason: "" }) }),
    );
    expect(r).toMatchObject({ decision: "llm_failed", visits: [] });
    expect(r.error).toMatch(/not among the candidates/);
  });

  it("no candidate store at all → stay_home with step 3 kept, not an error", async () => {
    const r = await processDecision({ ...turn(eating), stores: [] });
    expect(r).toMatchObject({ decision: "stay_home", error: null, visits: [] });
    expect(r.steps.step3).toMatchObject({ store_name: null });
  });

  it("a step failing after a rating keeps the rated visit and what the earlier steps decided", async () => {
    const r = await processDecision(
      turn({
        ...eating,
        step5: async () => {
          throw new Error("step5: LLM call failed after retries (429)");
        },
      }),
    );
    expect(r).toMatchObject({ decision: "visit", error: "step5: LLM call failed after retries (429)" });
    expect(r.visits).toHaveLength(1);
    expect(Object.keys(r.steps)).toEqual(["step1", "step2", "step3", "step4"]);
  });

  it("a step failing before any rating → llm_failed with the error, and no visit", async () => {
    const r = await processDecision(
      turn({
        ...eating,
        step4: async () => {
          throw new Error("step4: LLM call failed after retries (429)");
        },
      }),
    );
    expect(r).toMatchObject({
      decision: "llm_failed",
      error: "step4: LLM call failed after retries (429)",
      visits: [],
    });
  });

  it("at 22:00 step 5 offers no 카페_가기 (004's 야식: 식당 + 주점, 카페 제외), to either engine", () => {
    for (const p of [floating, resident]) {
      expect(actionsFor(p, "22:00")).not.toContain("카페_가기");
      expect(actionsFor(p, "18:00")).toContain("카페_가기");
    }
  });

  it("leaving Mangwon-dong marks a floating agent as gone", async () => {
    const r = await processDecision(
      turn(
        {
          ...eating,
          step5: async () => ({
            action: "망원동_떠나기",
            walking_speed: 4,
            reason: "",
            destination: { name: "", lat: null, lng: null },
          }),
        },
        floating,
      ),
    );
    expect(r.left_mangwon).toBe(true);
  });

  it("memory_context lists today's meals and earlier experiences", () => {
    const text = memoryContext(
      [
        { day: 1, time_slot: "12:00", text: "국밥집에서 먹음" },
        { day: 2, time_slot: "07:00", text: "카페에서 먹음" },
      ],
      { day: 2, slot: "12:00" },
    );
    expect(text).toBe("[오늘]\n- 오늘 07:00: 카페에서 먹음\n[지난 경험]\n- 1일차 12:00: 국밥집에서 먹음");
  });
});

describe("LlmCaller", () => {
  const usage = noUsage();
  it("retries a 429 after (attempt + 1) × the backoff unit, and gives up after three tries", async () => {
    const waits: number[] = [];
    const caller = new LlmCaller({ name: "x", structured: async () => ({ value: 1, usage }) } as never, {
      maxConcurrent: 1,
      backoffUnitMs: 10_000,
      sleep: async (ms: number) => void waits.push(ms),
    });
    let calls = 0;
    const rateLimited = async () => {
      calls++;
      throw new LlmUnavailableError("429", 429, noUsage());
    };
    await expect(caller.call("step1", rateLimited, noUsage())).rejects.toThrow(
      /step1: LLM call failed after retries/,
    );
    expect(calls).toBe(3);
    expect(waits).toEqual([10_000, 20_000]);
  });

  it("retries other failures at once and succeeds; counts the tokens of every try", async () => {
    const caller = new LlmCaller({} as never, {
      maxConcurrent: 2,
      backoffUnitMs: 10_000,
      sleep: async () => {},
    });
    let n = 0;
    const u = noUsage();
    const flaky = async () => {
      if (n++ === 0) throw new LlmOutputError("invalid", { calls: 2, inputTokens: 10, outputTokens: 5 });
      return { value: "ok", usage: { calls: 1, inputTokens: 7, outputTokens: 3 } };
    };
    expect(await caller.call("step2", flaky, u)).toBe("ok");
    expect(u).toEqual({ calls: 3, inputTokens: 17, outputTokens: 8 });
  });

  it("never has more than maxConcurrent calls in flight", async () => {
    const caller = new LlmCaller({} as never, { maxConcurrent: 3, backoffUnitMs: 10_000 });
    let inFlight = 0;
    let peak = 0;
    const slow = async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return { value: 1, usage: noUsage() };
    };
    await Promise.all(Array.from({ length: 20 }, () => caller.call("s", slow, noUsage())));
    expect(peak).toBe(3);
  });
});
