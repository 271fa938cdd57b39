// The agents' memory stream and positions: what a prompt recalls, the own ratings step 3 sees (its
// prompt pinned as a file), and where step 5 leaves an agent.
import { describe, expect, it } from "vitest";
import { noUsage, type LlmPort, type StructuredRequest } from "../../shared/llm/port.ts";
import { mulberry32 } from "../../shared/platform/random.ts";
import { actionsFor } from "../../shared/simulation/agent.ts";
import { LlmEngine } from "../../shared/simulation/engines/llm.ts";
import { LlmCaller } from "../../shared/simulation/engines/llm-gate.ts";
import { OfflineEngine } from "../../shared/simulation/engines/offline.ts";
import {
  memoryContext,
  memoryEntriesOf,
  ownRatings,
  recall,
  recalledStores,
  RECALLED_STORES,
} from "../../shared/simulation/memory.ts";
import { entryPoints, defaultPersonas } from "../../shared/simulation/personas.ts";
import { nextPosition, startPosition, WANDER_MINUTES } from "../../shared/simulation/space.ts";
import { haversine } from "../../shared/geo/haversine.ts";
import type { MemoryEntry, Persona, Step5, Store } from "../../shared/simulation/types.ts";
import { stepContext } from "../helpers/simulation.ts";

const store = (id: string, name: string, category = "한식"): Store => ({
  store_id: id,
  name,
  category,
  avg_price: 9000,
  keywords: ["국밥"],
  description: `${name}의 설명`,
  lat: 37.556,
  lng: 126.905,
  synthetic: true,
});
const visit = (day: number, slot: string, s: Store, rating: number): MemoryEntry => ({
  day,
  time_slot: slot,
  text: `${s.name}(${s.category})에서 먹음, ${rating}점`,
  store_id: s.store_id,
  store_name: s.name,
  category: s.category,
  rating,
  importance: 0.3 + (0.7 * Math.abs(rating - 3)) / 2,
});

const gukbap = store("S00000001", "망원국밥");
const noodles = store("S00000002", "칼국수집");
const cafe = store("S00000003", "골목카페", "카페");
const personas = defaultPersonas();
const resident = personas.find((p) => p.type === "resident" && p.work_location)!;
const jobless: Persona = { ...resident, work_location: undefined };
const floating = personas.find((p) => p.type === "floating")!;

describe("the memory stream", () => {
  it("recalls an old strong experience of a candidate over recent plain ones", () => {
    const memory = [
      visit(1, "12:00", gukbap, 5),
      ...[2, 3, 4, 5, 6, 7, 8].map((d) => visit(d, "07:00", cafe, 3)),
    ];
    const focus = { day: 9, slot: "12:00" as const, category: "한식", candidates: [gukbap, noodles] };
    expect(recall(memory, focus, 3).map((m) => m.store_id)).toContain(gukbap.store_id);
    // without the candidates, the latest entry of the same slot leads
    expect(recall(memory, { day: 9, slot: "07:00" }, 1)).toEqual([visit(8, "07:00", cafe, 3)]);
  });

  it("averages the agent's own ratings of each candidate it has been to", () => {
    const own = ownRatings([visit(1, "12:00", gukbap, 5), visit(3, "18:00", gukbap, 4)], [gukbap, noodles]);
    expect([...own.values()]).toEqual([
      {
        store_id: gukbap.store_id,
        store_name: "망원국밥",
        rating: 4.5,
        visits: 2,
        lastDay: 3,
        lastSlot: "18:00",
      },
    ]);
  });

  it("keeps every visit of a turn with its store and rating, and a skipped slot as a weak entry", () => {
    const entries = memoryEntriesOf(
      {
        decision: "stay_home",
        steps: {},
        visited_store: null,
        visited_category: null,
        ratings: null,
        reason: "배부름",
        error: null,
        visits: [],
        next_action: null,
        left_mangwon: false,
      },
      2,
      "07:00",
    );
    expect(entries).toEqual([
      { day: 2, time_slot: "07:00", text: "망원동에서 먹지 않음 (배부름)", importance: 0.1 },
    ]);
  });

  it("puts the agent's own ratings of the candidates into step 3's prompt (pinned)", async () => {
    const prompts: string[] = [];
    const llm = {
      name: "capture",
      structured: async (req: StructuredRequest<never>) => {
        prompts.push(req.prompt);
        return { value: { store_name: "망원국밥", reason: "또 가고 싶다" } as never, usage: noUsage() };
      },
    } as LlmPort;
    const memory = [visit(1, "12:00", gukbap, 5), visit(2, "18:00", noodles, 2), visit(3, "07:00", cafe, 3)];
    const candidates = [gukbap, noodles];
    const persona = personas[0]!;
    const ctx = stepContext(persona, {
      day: 4,
      memory: memoryContext(memory, { day: 4, slot: "12:00", category: "한식", candidates }),
      ownRatings: ownRatings(memory, candidates),
    });
    await new LlmEngine(new LlmCaller(llm, { maxConcurrent: 1, backoffUnitMs: 10_000 })).step3(
      ctx,
      "한식",
      candidates,
    );
    await expect(prompts[0]).toMatchFileSnapshot("../fixtures/simulation/step3-prompt.txt");
    expect(prompts[0]).toContain("- 망원국밥: 1번 가 봄, 내 평점 5점 (마지막 1일차 12:00)");
    expect(prompts[0]).toContain("- 칼국수집: 1번 가 봄, 내 평점 2점 (마지막 2일차 18:00)");
  });

  it("the offline engine goes back to a store it rated 5 and avoids one it rated 1", async () => {
    const persona = { ...personas[0]!, personality: "평범한 사람" };
    const pickFrom = async (rating: number) => {
      let same = 0;
      for (let i = 0; i < 400; i++) {
        const memory = [visit(1, "12:00", gukbap, rating)];
        const ctx = stepContext(persona, {
          day: 2,
          ownRatings: ownRatings(memory, [gukbap, noodles]),
          rng: mulberry32(i),
        });
        const s3 = await new OfflineEngine().step3(ctx, "한식", [gukbap, noodles]);
        if (s3.store_name === gukbap.name) same++;
      }
      return same / 400;
    };
    expect(await pickFrom(5)).toBeGreaterThan(0.8);
    expect(await pickFrom(1)).toBeLessThan(0.2);
  });
});

describe("the places an agent recalls beside the search's candidates", () => {
  const hansik = Array.from({ length: 8 }, (_, i) => store(`S1000000${i}`, `한식집${i}`));
  const memory = [
    ...hansik.slice(0, 7).map((s, i) => visit(1 + i, "12:00", s, i % 2 ? 2 : 5)),
    visit(8, "07:00", cafe, 5),
    visit(8, "12:00", hansik[6]!, 4), // a second visit counts once, as the most recent
  ];

  it("are the category's stores it has been to, the most recent first, at most RECALLED_STORES, whatever it rated them", () => {
    const got = recalledStores(memory, [...hansik, cafe], "한식", new Set()).map((s) => s.name);
    expect(got).toEqual(["한식집6", "한식집5", "한식집4", "한식집3", "한식집2"]);
    expect(got).toHaveLength(RECALLED_STORES);
    expect(recalledStores(memory, [...hansik, cafe], "카페", new Set()).map((s) => s.name)).toEqual([
      "골목카페",
    ]);
  });

  it("leave out what is out of reach or closed now (not among the known open stores) and what the search drew", () => {
    const known = hansik.filter((s) => s.name !== "한식집5");
    const got = recalledStores(memory, known, "한식", new Set([hansik[6]!.store_id]));
    expect(got.map((s) => s.name)).toEqual(["한식집4", "한식집3", "한식집2", "한식집1", "한식집0"]);
    expect(recalledStores([], hansik, "한식", new Set())).toEqual([]);
  });
});

describe("positions", () => {
  const s5 = (action: string, destination: Step5["destination"] = { name: "", lat: null, lng: null }) => ({
    action,
    walking_speed: 4,
    reason: "",
    destination,
  });
  const atStore = { name: "망원국밥", lat: 37.556, lng: 126.905 };

  it("a day starts at home (or work, or the centre) for a resident and at the entry point for a visitor", () => {
    expect(startPosition(resident)).toEqual({ name: "집", ...resident.home_location! });
    const work = { name: "회사", lat: resident.work_location!.lat, lng: resident.work_location!.lng };
    expect(startPosition({ ...resident, home_location: undefined })).toEqual(work);
    expect(startPosition({ ...jobless, home_location: undefined }).name).toBe("망원동");
    expect(startPosition(floating)).toEqual({
      name: floating.entry_point,
      ...entryPoints()[floating.entry_point!]!,
    });
  });

  it("step 5 moves the agent: home, work, the park, a walk within reach at its speed", () => {
    const rng = mulberry32(3);
    expect(nextPosition(s5("집에서_쉬기"), resident, atStore, rng)).toEqual({
      name: "집",
      ...resident.home_location!,
    });
    expect(nextPosition(s5("회사_가기"), resident, atStore, rng)).toMatchObject({
      name: "회사",
      lat: resident.work_location!.lat,
    });
    expect(nextPosition(s5("한강공원_산책"), resident, atStore, rng).name).toBe("망원한강공원");
    const walked = nextPosition(s5("배회하기"), resident, atStore, rng);
    const reach = (4 * 1000 * WANDER_MINUTES) / 60;
    expect(haversine(atStore, walked)).toBeGreaterThan(reach * 0.9);
    expect(haversine(atStore, walked)).toBeLessThan(reach * 1.1);
    // an LLM's destination far beyond a walk's reach is not taken
    const far = nextPosition(
      s5("배회하기", { name: "강남", lat: 37.4979, lng: 127.0276 }),
      resident,
      atStore,
      rng,
    );
    expect(haversine(atStore, far)).toBeLessThan(reach * 1.1);
  });

  it("a resident without a workplace is never offered 회사_가기; 22:00 offers no café", () => {
    expect(actionsFor(jobless, "12:00")).not.toContain("회사_가기");
    expect(actionsFor(resident, "12:00")).toContain("회사_가기");
    expect(actionsFor(resident, "22:00")).not.toContain("카페_가기");
  });
});
