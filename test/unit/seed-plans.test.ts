// The plans seeds 000 and 001 write, as they write them (test/fixtures/seed-plans/): each passes the plan
// check with the seeds' defaults and runs on the offline executor (embedded provider, no keys), and the
// answer is what the seed's example is about.
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { lookupPlace } from "../../shared/geo/gazetteer.ts";
import { loadConfig } from "../../shared/platform/config.ts";
import { createExecDeps, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import { AgentResponse } from "../../shared/places/place.ts";
import { checkPlan } from "../../shared/place-search/plan-check.ts";
import { executePlan } from "../../shared/place-search/pipeline.ts";
import type { SearchPlan } from "../../shared/place-search/schemas.ts";

const DIR = new URL("../fixtures/seed-plans/", import.meta.url);
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(name, DIR), "utf8"));

let deps: ExecDeps;
beforeAll(() => {
  deps = createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" }));
});

function checked(name: string): SearchPlan {
  const c = checkPlan(fixture(name));
  if (!c.ok) throw new Error(`${name}: ${JSON.stringify(c.problems)}`);
  return c.plan;
}

async function run(name: string) {
  return AgentResponse.parse(await executePlan(planFromClient(checked(name)), deps));
}

const gangnam = lookupPlace("강남역")!;

describe("the seeds' plans, as written", () => {
  it("every fixture passes the plan check", () => {
    const names = readdirSync(DIR).filter((f) => f.endsWith(".json"));
    expect(names).toHaveLength(9);
    for (const name of names) expect(checkPlan(fixture(name)), name).toMatchObject({ ok: true });
  });

  it("000's input (a bare search_plan): kakao, radius, 001's radius post-processing", async () => {
    expect(checked("000-input.json")).toMatchObject({
      provider: "kakao",
      strategy_type: "radius",
      post_processing: { deduplicate: true, sort_by: "distance", max_results: 10 },
    });
    const r = await run("000-input.json");
    expect(r.meta).toMatchObject({ strategyUsed: "radius", apiCalls: 2, keywordsSearched: ["카페"] });
    expect(r.places.length).toBe(10);
    expect(r.totalCount).toBeGreaterThanOrEqual(r.places.length);
    for (const p of r.places) expect(haversine(gangnam, p)).toBeLessThanOrEqual(1001);
    expect(r.searchParams).toMatchObject({ radius: 1000, keywords: ["카페"], sort: "accuracy" });
  });

  it("001 radius: cafés by distance, at most 10", async () => {
    const r = await run("001-radius.json");
    const d = r.places.map((p) => p.distance!);
    expect(d.length).toBe(10);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it("001 route: four sample points along 강남 → 판교 for its four keywords, spread over segments", async () => {
    expect(checked("001-route.json").provider).toBe("kakao");
    const r = await run("001-route.json");
    expect(r.meta.strategyUsed).toBe("route");
    expect(r.meta.apiCalls).toBe(2 + 4 * 4); // 13.6 km at ≤ 5000 m: 4 points × 4 keywords
    expect(r.meta.keywordsSearched).toEqual(["해장국", "죽", "우동", "백반"]);
    expect(r.segments!.length).toBeGreaterThan(2);
    const along = r.places.map((p) => p.distanceFromStart!);
    expect(along).toEqual([...along].sort((a, b) => a - b));
  });

  it("001 point_travel: its own place (숙소 주소) cannot be located offline — the answer says so", async () => {
    const r = await run("001-point-travel.json");
    expect(r.meta.strategyUsed).toBe("point_travel");
    expect(r.places).toEqual([]);
    expect(r.meta.warnings.join(" ")).toMatch(/"숙소 주소"의 위치를 찾지 못했습니다/);
    // a place nobody can find is no passing fault: the answer names it and asks for a better name
    expect(r.meta.emptyReason?.code).toBe("nothing_found");
    expect(r.meta.emptyReason?.message).toContain("숙소 주소");
    expect(r.meta.suggestion).not.toMatch(/잠시 후/);
  });

  it("001 abroad: google, located from the gazetteer; without a key, empty with the reason", async () => {
    const plan = checked("001-abroad.json");
    expect(plan.post_processing).toMatchObject({ sort_by: "distance", max_results: 10 });
    const r = await run("001-abroad.json");
    expect(r.meta.provider).toBe("google");
    expect(r.searchParams.location).toMatchObject({ lat: expect.closeTo(35.658, 2) });
    expect(r.meta.emptyReason?.code).toBe("provider_unavailable");
    expect(r.disclaimer).toBe("해외 장소 정보는 실제와 다를 수 있습니다");
  });

  it("001 trip: nights default to days − 1, lodging each night, every day within max_per_day", async () => {
    expect(checked("001-trip.json").travel_plan).toMatchObject({ days: 3, nights: 2 });
    const r = await run("001-trip.json");
    expect(r.meta.keywordsSearched).toEqual(
      expect.arrayContaining(["관광지", "명소", "맛집", "음식점", "AD5"]),
    );
    expect(r.itinerary!.map((d) => d.day)).toEqual([1, 2, 3]);
    for (const day of r.itinerary!) {
      expect(day.places.length).toBeGreaterThan(1);
      expect(day.places.length).toBeLessThanOrEqual(5);
      const roles = day.places.map((id) => r.places.find((p) => p.id === id)!.tripRole);
      expect(roles.filter((x) => x === "숙박")).toHaveLength(day.day <= 2 ? 1 : 0);
    }
    for (const p of r.places) expect(p.areaGroup).toBeTruthy();
  });

  it("001 pets: the pet keywords searched, and the disclaimer 001 requires", async () => {
    const r = await run("001-pet.json");
    expect(r.meta.keywordsSearched).toEqual(["애견동반 카페", "펫 카페"]);
    expect(r.places.length).toBeGreaterThan(0);
    expect(r.disclaimer).toMatch(/반려동물/);
  });

  it("001 activity: no post_processing — radius defaults; climbing gyms around 서울", async () => {
    expect(checked("001-activity.json").post_processing).toMatchObject({
      sort_by: "distance",
      max_results: 10,
    });
    const r = await run("001-activity.json");
    expect(r.meta.keywordsSearched).toEqual(["클라이밍장"]);
    expect(r.places.length).toBeGreaterThan(0);
  });

  it("001 review filter: places whose attributes mention 콘센트 or 와이파이, most matches first", async () => {
    const r = await run("001-review.json");
    expect(r.places.length).toBeGreaterThan(0);
    for (const p of r.places) expect(p.reviewMatches!.length).toBeGreaterThan(0);
    const m = r.places.map((p) => p.reviewMatches!.length);
    expect(m).toEqual([...m].sort((a, b) => b - a));
  });
});
