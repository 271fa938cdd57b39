// The route-sampling rule (001's example, not its formula: see shared/geo/route.ts) on the two routes
// the issue names, through the planner and the offline executor: the searchRadius planned, the interval
// and number of sample points, the provider calls, and the workflow state a long route leaves (the
// Map state's results must stay well inside Step Functions' 256 KB).
import { describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { lookupPlace } from "../../shared/geo/gazetteer.ts";
import { execute, initialState, type ExecState } from "../../shared/place-search/executor.ts";
import { planQuery } from "../../shared/place-search/pipeline.ts";
import { postProcess } from "../../shared/place-search/postprocess.ts";
import { testExecDeps } from "../helpers/server.ts";

async function routeSearch(query: string) {
  const plan = await planQuery(query);
  const paused = await execute(initialState(plan), testExecDeps(), { fanout: "defer" });
  const step = plan.search_plan.find((s) => s.action === "sample_and_search")!;
  const items = paused.fanout!.items;
  const { searchAtPoint } = await import("../../shared/place-search/actions/route.ts");
  const fanoutResults = await Promise.all(items.map((it) => searchAtPoint(it, testExecDeps())));
  const resumed = await execute({ ...paused, fanoutResults }, testExecDeps(), { fanout: "defer" });
  return { plan, step, paused, fanoutResults, resumed, items };
}

const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x));

describe("route sampling", () => {
  it("강남 → 판교 (13.6 km): searchRadius 3000, points ≤ 5000 m apart (001's example) → 4 points, 18 calls", async () => {
    const { step, items, resumed } = await routeSearch("강남에서 판교 가는 길에 속이 편한 음식점");
    expect(step.params).toMatchObject({ searchRadius: 3000, queries: ["해장국", "죽", "우동", "백반"] });
    expect(items).toHaveLength(4);
    const gaps = items
      .slice(1)
      .map((it, i) => it.point.distanceFromStart - items[i]!.point.distanceFromStart);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(5000);
    expect(Math.min(...gaps)).toBeGreaterThan(4000); // not the formula's 750 m
    expect(resumed.results[String(step.step)]).toMatchObject({ samplePoints: 4, interval: gaps[0] });
    // 2 geocodes + 4 points × 4 keywords; offline the straight-line route costs no call (Kakao Mobility: +1)
    expect(resumed.apiCalls).toBe(18);
  });

  it("서울역 → 부산역 (~325 km): searchRadius 5000, 20 points (000's cap) ~17 km apart, 22 calls", async () => {
    const { step, items, resumed } = await routeSearch("서울역에서 부산역 가는 길에 맛집");
    const length = haversine(lookupPlace("서울역")!, lookupPlace("부산역")!);
    expect(step.params).toMatchObject({ searchRadius: 5000, queries: ["맛집"] });
    expect(items).toHaveLength(20);
    const interval = items[1]!.point.distanceFromStart - items[0]!.point.distanceFromStart;
    expect(interval).toBeGreaterThan(length / 20);
    expect(interval).toBeLessThanOrEqual(Math.ceil(length / 19) + 1);
    expect(resumed.apiCalls).toBe(2 + 20);
  });

  it("the longest route search's state stays well inside 256 KB (20 points × 4 keywords)", async () => {
    const { paused, fanoutResults, resumed } =
      await routeSearch("서울역에서 부산역 가는 길에 속이 편한 음식점");
    expect(resumed.apiCalls).toBe(2 + 20 * 4);
    const atMap: ExecState = { ...paused, fanoutResults };
    expect(bytes(atMap)).toBeLessThan(128 * 1024);
    expect(bytes(resumed)).toBeLessThan(128 * 1024);
    const answer = postProcess(resumed, { dataSource: "embedded-demo", synthetic: true });
    expect(answer.places).toHaveLength(10);
    expect(bytes(answer)).toBeLessThan(64 * 1024);
  });
});
