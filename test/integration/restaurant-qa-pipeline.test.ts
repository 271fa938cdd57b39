// The in-process pipeline (shared/restaurant-qa/pipeline.ts: the CLI, the benches, the tests) calls the
// steps in code; what ships is the state machines (workflow/definition.ts) run by Step Functions. Here
// both run on the same inputs, for every QA machine — qa (ask and search: the index-empty end, the
// search-only end, the NeedsWeb choice both ways, an exact name, a conversation's follow-ups),
// qaIngest and qaIngestJob (valid, invalid and repeated records) — and must give the same results.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import { Deadline } from "../../shared/platform/deadline.ts";
import type { CrawlRecordInput } from "../../shared/places/restaurant-crawl.ts";
import type { RestaurantQaService } from "../../shared/restaurant-qa/api.ts";
import { QaState } from "../../shared/restaurant-qa/state.ts";
import { askResponse, searchResponse } from "../../shared/restaurant-qa/responses.ts";
import { qaJobs, qaRuntime, type QaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import { testWorld } from "../helpers/server.ts";

// around 망원역 (37.556094, 126.910052), one far away in 합정, and a named one in 마포
const e7 = (x: number) => String(Math.round(x * 1e7));
const rec = (
  id: string,
  title: string,
  lat: number,
  lon: number,
  menus: [string, string][],
  reviews: string[],
): CrawlRecordInput => ({
  place_id: id,
  title,
  address: `서울 테스트동 ${id}`,
  roadAddress: "",
  mapx: e7(lon),
  mapy: e7(lat),
  menus: menus.map(([name, price]) => ({ name, price })),
  reviews,
  description: "",
  collected_at: "2025-10-01",
});

const RECORDS: unknown[] = [
  rec("p1", "마포진대감 본점", 37.5401, 126.9455, [["돼지갈비", "16,000원"]], ["주차는 안 돼요."]),
  rec("p2", "망원 생삼겹", 37.5565, 126.9105, [["생삼겹살", "15,000원"]], ["주차 가능해서 좋아요."]),
  rec("p3", "망원 숯불", 37.557, 126.909, [["삼겹살", "16,000원"]], ["주차 공간이 없어요."]),
  rec("p4", "망원 스시", 37.5555, 126.911, [["모둠초밥", "18,000원"]], ["조용해서 데이트하기 좋아요."]),
  rec("p5", "망원 국밥", 37.5558, 126.9102, [["순대국밥", "9,000원"]], ["혼밥하기 좋아요. 주차 돼요."]),
  rec("p6", "합정 먼 삼겹", 37.57, 126.88, [["생삼겹살", "15,000원"]], ["주차 돼요. 맛있어요."]),
  { place_id: "bad", title: "" },
  rec("p3", "망원 숯불", 37.557, 126.909, [["삼겹살", "17,000원"]], ["주차 공간이 없어요."]),
];

let world: LocalWorld;
let qa: QaRuntime;
let service: RestaurantQaService;

beforeAll(async () => {
  world = await testWorld({}, { QA_DEMO_CORPUS: "off" });
  qa = qaRuntime(world.rt);
  service = world.context.services.restaurants;
});
afterAll(() => world.close());

/** The index as it was first made: no documents (each ingest path starts from the same nothing). */
function emptyIndex() {
  (qa.deps.index as LocalSearchIndex).removeWhere(() => true);
  qa.deps.titles.invalidate();
}

/** Every document the records name, as the index holds it. */
async function documents() {
  const ids = [...new Set(RECORDS.map((r) => (r as { place_id: string }).place_id))].sort();
  return [...(await qa.deps.index.mget(ids)).entries()];
}

/** The qa machine, as the API runs it (the request as its input, the state shaped as the response). */
async function askMachine(request: Record<string, unknown>, mode: "ask" | "search" = "ask") {
  const out = await world.workflows.runSync(
    "qa",
    { ...request, mode, meta: { startedAt: Date.now() } },
    Deadline.none(),
  );
  const state = QaState.parse(out);
  return mode === "ask" ? askResponse(state, qa.deps) : searchResponse(state, qa.deps);
}

const timeless = <T extends { meta: { durationMs: number } }>(r: T) => ({
  ...r,
  meta: { ...r.meta, durationMs: 0 },
});

describe("the pipeline and the state machines, on the same inputs", () => {
  it("qa: an empty index ends at Retrieve, asked or searched", async () => {
    const ask = await qa.qa.ask({ query: "망원역 삼겹살" });
    expect(ask.route).toBe("index_empty");
    expect(timeless(await askMachine({ query: "망원역 삼겹살" }))).toEqual(timeless(ask));
    const search = await qa.qa.search({ query: "망원역 삼겹살" });
    expect(timeless(await askMachine({ query: "망원역 삼겹살" }, "search"))).toEqual(timeless(search));
  });

  it("qaIngest: one batch of valid, invalid and repeated records, the same report and documents", async () => {
    emptyIndex();
    const viaMachine = await service.ingest(RECORDS, "parity");
    const machineDocs = await documents();
    emptyIndex();
    const viaPipeline = await qa.qa.ingest(RECORDS);
    expect(viaMachine).toEqual({ kind: "done", report: viaPipeline });
    expect(viaPipeline.rejected.length).toBeGreaterThan(1);
    expect(await documents()).toEqual(machineDocs);
    // again: what the index holds is not written twice, in both
    const again = await service.ingest(RECORDS, "parity");
    expect(again).toEqual({ kind: "done", report: await qa.qa.ingest(RECORDS) });
  });

  it("qaIngestJob: the upload in batches through the Distributed Map, the same report and documents", async () => {
    emptyIndex();
    const jobId = await service.startIngestJob(RECORDS, "parity");
    await world.workflows.settled();
    const job = await qaJobs(world.rt).get(jobId);
    expect(job?.status).toBe("completed");
    const {
      rejectedCount,
      writtenCount,
      rejections: _where,
      ...report
    } = job!.result as Record<string, unknown>;
    const machineDocs = await documents();
    emptyIndex();
    const viaPipeline = await qa.qa.ingest(RECORDS);
    expect(report).toEqual(viaPipeline);
    expect(rejectedCount).toBe(viaPipeline.rejected.length);
    expect(writtenCount).toBe(viaPipeline.written!.length);
    expect(await documents()).toEqual(machineDocs);
  });

  it("qa: questions down each branch, and a conversation's follow-ups, answered alike", async () => {
    const questions = [
      "망원역 주차되는 삼겹살",
      "망원역 근처 스테이크 코스 10만원 이상",
      "마포진대감 본점 주차 돼?",
      "제일 싼 삼겹살 망원역",
    ];
    const routes = new Set<string>();
    for (const query of questions) {
      const viaPipeline = await qa.qa.ask({ query });
      routes.add(viaPipeline.route);
      expect(timeless(await askMachine({ query })), query).toEqual(timeless(viaPipeline));
      const search = await qa.qa.search({ query });
      expect(timeless(await askMachine({ query }, "search")), query).toEqual(timeless(search));
    }
    // the NeedsWeb choice went both ways (no web search is configured: "none")
    expect([...routes].sort()).toEqual(["index", "none"]);
    for (const turns of [["망원역 삼겹살", "두 번째 집 메뉴", "거기 주차돼?", "그 근처에 초밥집도"]]) {
      for (const [i, query] of turns.entries()) {
        const viaPipeline = await qa.qa.ask({ query, conversationId: "pipeline" });
        const viaMachine = await askMachine({ query, conversationId: "machine" });
        expect(timeless({ ...viaMachine, conversationId: "" }), `turn ${i}: ${query}`).toEqual(
          timeless({ ...viaPipeline, conversationId: "" }),
        );
      }
    }
  });
});
