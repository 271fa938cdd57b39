// The in-process pipeline (shared/place-search/pipeline.ts, which the tests and the benches call) and
// the place-search state machines as the API runs them (shared/runtime/machines.ts: plan and search,
// each definition run by the local runner, every Task through its Lambda envelope) answer the same
// inputs the same way: the pipeline restates no order of steps the definitions would not take.
// Answers are compared as the API sends them (AgentResponse).
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { AgentResponse } from "../../shared/places/place.ts";
import { loadConfig } from "../../shared/platform/config.ts";
import { decodeCursor } from "../../shared/place-search/cursor.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import { executePlan, planQuery, searchPlaces } from "../../shared/place-search/pipeline.ts";
import { checkPlan } from "../../shared/place-search/plan-check.ts";
import type { LatLngInput } from "../../shared/place-search/schemas.ts";
import { MACHINES } from "../../shared/runtime/machines.ts";
import type { Runtime } from "../../shared/runtime/port.ts";
import { buildRuntime } from "../../shared/runtime/runtime.ts";
import { localArn } from "../../shared/workflows/asl.ts";
import { LocalWorkflow, localTasks } from "../../shared/workflows/local-runner.ts";

/** One query of each shape: radius, route (with its fan-out), reach, trip, meeting point, detail, abroad, near me. */
const QUERIES: { query: string; location?: LatLngInput }[] = [
  { query: "강남역 근처 카페" },
  { query: "선릉역에서 역삼역 가는 길에 카페" },
  { query: "홍대입구역에서 걸어서 10분 이내 빵집" },
  { query: "제주 2박3일 여행 맛집 카페" },
  { query: "강남역이랑 홍대 중간에서 만나기 좋은 술집" },
  { query: "명동역 근처 명동교자 영업시간" },
  { query: "시부야 근처 라멘 맛집" },
  { query: "망원역 근처 지금 영업 중인 24시 국밥 평점 높은 순" },
  { query: "근처 카페" },
  { query: "근처 카페", location: { lat: 37.5563, lng: 126.9236 } },
  { query: "망원역 낮술하기 좋은 곳" },
  // a price ceiling on a route search: the places' prices survive the Map state's point results
  { query: "서울역에서 용산역 가는 길에 만원 이하 국밥" },
];

const SEED_PLANS = new URL("../fixtures/seed-plans/", import.meta.url);

let rt: Runtime;
let machine: (key: "plan" | "search", input: unknown) => Promise<unknown>;
beforeAll(() => {
  rt = buildRuntime(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" }), { llm: null });
  const workflows = { plan: MACHINES.plan, search: MACHINES.search };
  const run = Object.fromEntries(
    Object.entries(workflows).map(([key, m]) => [
      key,
      new LocalWorkflow(m.definition(localArn), localTasks(m.steps, rt)),
    ]),
  );
  machine = (key, input) => run[key]!.run(input);
});

/** An answer as the API sends it (AgentResponse), without its clocks: durations and start times, in the answer and in its cursor's plan. */
const sent = (answer: unknown) => timeless(AgentResponse.parse(answer));

function timeless(value: unknown): unknown {
  const json = JSON.parse(JSON.stringify(value), (k: string, v: unknown) =>
    k === "durationMs" || k === "startedAt" ? 0 : v,
  ) as { meta?: { page?: { next?: string | null } } };
  const next = json.meta?.page?.next;
  if (next) json.meta!.page!.next = timeless(decodeCursor(next)) as never;
  return json;
}

describe("the pipeline and the state machines, on the same inputs", () => {
  it("plan: the plan machine and planQuery", async () => {
    for (const { query, location } of QUERIES) {
      const byMachine = await machine("plan", { query, ...(location ? { location } : {}) });
      expect(timeless(byMachine), query).toEqual(
        timeless(await planQuery(query, undefined, undefined, location)),
      );
    }
  });

  it("search by query: the search machine and searchPlaces", async () => {
    for (const { query, location } of QUERIES) {
      const byMachine = await machine("search", { query, ...(location ? { location } : {}) });
      const inProcess = await searchPlaces(query, rt.exec(), undefined, undefined, location);
      expect(sent(byMachine), query).toEqual(sent(inProcess));
    }
  });

  it("search with a given plan (the seeds' plans): the search machine and executePlan", async () => {
    const names = readdirSync(SEED_PLANS).filter((f) => f.endsWith(".json"));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      // checked as the API checks a plan the caller wrote (its defaults filled in)
      const checked = checkPlan(JSON.parse(readFileSync(new URL(name, SEED_PLANS), "utf8")));
      if (!checked.ok) throw new Error(`${name}: ${checked.problems[0]?.message}`);
      const plan = checked.plan;
      const byMachine = await machine("search", { plan, query: name });
      const inProcess = await executePlan(planFromClient(plan, name), rt.exec());
      expect(sent(byMachine), name).toEqual(sent(inProcess));
    }
  });
});
