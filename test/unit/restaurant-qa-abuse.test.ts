// Restaurant QA's bounds by construction (issue 26): the structured query fitted to its schema, lone
// surrogates replaced, a job's lease, and an upload without a valid record leaving the demo corpus
// (and the index's file) as they were.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { wellFormed } from "../../shared/places/restaurant-crawl.ts";
import { qaConfig, QaEnvSchema } from "../../shared/restaurant-qa/config.ts";
import { ingestBatches, screenUpload } from "../../shared/restaurant-qa/ingest.ts";
import {
  fitStructuredQuery,
  STRUCTURED_QUERY_BOUNDS,
  StructuredQuery,
} from "../../shared/restaurant-qa/structured-query.ts";
import { createQaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { leaseExpired, type Job } from "../../shared/store/jobs.ts";

describe("the structured query fitted to its bounds", () => {
  it("cuts lists to their maximum and leaves out over-long words, each with a Korean warning", () => {
    const q = {
      location: ["망원역", "홍대", "신촌", "강남역", "잠실", "합정", "이태원"].map((name) => ({
        name,
        relation: "nearby" as const,
      })),
      cuisine: ["한식", "일식", "중식", "양식", "분식", "아시아음식"],
      menu: [...Array(12).keys()].map((i) => `메뉴${i}`).concat(["가".repeat(31)]),
    };
    expect(StructuredQuery.safeParse(q).success).toBe(false);
    const { query, warnings } = fitStructuredQuery(q);
    expect(StructuredQuery.safeParse(query).success).toBe(true);
    expect(query.location!.map((l) => l.name)).toEqual(["망원역", "홍대", "신촌", "강남역", "잠실"]);
    expect(query.cuisine).toHaveLength(STRUCTURED_QUERY_BOUNDS.cuisine);
    expect(query.menu).toHaveLength(STRUCTURED_QUERY_BOUNDS.menu);
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toBe("장소는 한 번에 5곳까지 찾을 수 있어 ‘합정’, ‘이태원’은 빼고 찾았어요");
  });

  it("leaves a query within its bounds as it is (the same object, no warning)", () => {
    const q = { location: [{ name: "망원역", relation: "nearby" as const }], menu: ["삼겹살"] };
    const fitted = fitStructuredQuery(q);
    expect(fitted.query).toBe(q);
    expect(fitted.warnings).toEqual([]);
  });
});

describe("lone surrogates", () => {
  it("become U+FFFD in every string and key, with the fields named; well-formed pairs stay", () => {
    const { value, fields } = wellFormed({
      title: "a\ud800b",
      ok: "😀",
      reviews: ["x", "\udc00\ud83d"],
      ["k\ud800"]: 1,
    });
    expect(value).toEqual({ title: "a\ufffdb", ok: "😀", reviews: ["x", "\ufffd\ufffd"], ["k\ufffd"]: 1 });
    expect(fields).toEqual(["title", "reviews.1"]);
    const clean = { title: "망원" };
    expect(wellFormed(clean).value).toBe(clean);
  });
});

describe("uploads screened before batching", () => {
  it("an oversized record is taken out with its position; the others keep theirs", () => {
    const items = [{ place_id: "a" }, { place_id: "big", reviews: ["가".repeat(40_000)] }, { place_id: "c" }];
    const s = screenUpload(items);
    expect(s.rejected).toEqual([expect.objectContaining({ index: 1, place_id: "big", field: "(record)" })]);
    expect(ingestBatches(s.items, { indices: s.indices })).toEqual([
      { firstIndex: 0, items: [items[0], items[2]], indices: [0, 2] },
    ]);
  });
});

describe("a job's lease", () => {
  const job = (over: Partial<Job>): Job => ({
    id: "job-x",
    kind: "restaurant-ingest",
    status: "running",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...over,
  });
  it("expires for a pending or running job past leaseUntil, never for an ended one", () => {
    const now = Date.parse("2026-01-01T01:00:00.000Z");
    expect(leaseExpired(job({ leaseUntil: "2026-01-01T00:59:59.000Z" }), now)).toBe(true);
    expect(leaseExpired(job({ leaseUntil: "2026-01-01T01:00:01.000Z" }), now)).toBe(false);
    expect(leaseExpired(job({ status: "completed", leaseUntil: "2026-01-01T00:00:01.000Z" }), now)).toBe(
      false,
    );
    // a record from before leases: counted from its last update
    expect(leaseExpired(job({ status: "pending" }), now)).toBe(true);
  });
});

describe("an upload without a valid record", () => {
  it("leaves the demo corpus served and writes no index file; a valid one replaces the corpus", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dongne-abuse-"));
    const config = qaConfig(QaEnvSchema.parse({}), dir);
    // a few hundred places in Seoul, where the demo corpus is made
    const places = pinnedDemoPlaces()
      .filter((p) => p.lat > 37.5 && p.lat < 37.6 && p.lng > 126.9 && p.lng < 127)
      .slice(0, 600);
    const rt = createQaRuntime(config, { places: () => places });
    const demo = await rt.deps.index.count();
    expect(demo).toBeGreaterThan(0);
    const report = await rt.qa.ingest([{}, { place_id: "x", title: "t" }]);
    expect(report.written).toEqual([]);
    expect(await rt.deps.index.count()).toBe(demo);
    const file = config.index.kind === "local" ? config.index.file : "";
    expect(existsSync(file)).toBe(false);
    // the first real document: the demo corpus gives way, the file holds the real one
    const real = await rt.qa.ingest([
      {
        place_id: "real-1",
        title: "망원 식당",
        address: "서울 마포구 망원동 1",
        mapx: "1269010000",
        mapy: "375560000",
      },
    ]);
    expect(real.written).toEqual([{ index: 0, place_id: "real-1", result: "created" }]);
    expect(await rt.deps.index.count()).toBe(1);
    expect(existsSync(file)).toBe(true);
  });
});
