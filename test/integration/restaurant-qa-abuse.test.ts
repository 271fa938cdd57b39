// Restaurant QA under abuse (issue 26), through the HTTP server on the local index and dynalite: a
// question with more than the structured query holds is cut with a warning; lone surrogates, absurd
// prices and oversized records are normalised or rejected per record; an upload whose batch fails
// midway answers what was written and what was not; an upload with nothing valid changes nothing; a job
// whose worker died is marked failed; a job shows no server path and its creator only to its creator.
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_RECORD_BYTES } from "../../shared/places/restaurant-crawl.ts";
import { StructuredQuery } from "../../shared/restaurant-qa/structured-query.ts";
import { qaJobs, qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { JobRepository } from "../../shared/store/jobs.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";
import { restaurantDoc } from "../helpers/restaurant-doc.ts";

const OWNER = "owner-key-0123456789abc";
const OTHER = "other-key-0123456789abc";
const keys = [
  { id: "owner", key: OWNER, scopes: ["read", "write"] },
  { id: "other", key: OTHER, scopes: ["read", "write"] },
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, { QA_DEMO_CORPUS: "off", API_KEYS: JSON.stringify(keys) });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, key = OWNER) =>
  postJson(`${server.url}${path}`, body, { "x-api-key": key });
const get = async (path: string, key = OWNER) => {
  const res = await fetch(`${server.url}${path}`, { headers: { "x-api-key": key } });
  return { status: res.status, body: (await res.json()) as any };
};

describe("restaurant QA: a question past the structured query's bounds", () => {
  it("six places, fourteen menus: cut to 5 and 8 with Korean warnings, never a 5xx", async () => {
    const res = await post("/v1/restaurants/ask", {
      query:
        "망원역 홍대 신촌 강남역 잠실 합정 근처 삼겹살 김치찌개 된장찌개 냉면 파스타 피자 초밥 라멘 짜장면",
    });
    expect(res.status).toBe(200);
    expect(StructuredQuery.safeParse(res.body.structured_query).success).toBe(true);
    expect(res.body.structured_query.location).toHaveLength(5);
    expect(res.body.structured_query.menu).toHaveLength(8);
    expect(res.body.meta.warnings.join("\n")).toContain("장소는 한 번에 5곳까지");
    expect(res.body.meta.warnings.join("\n")).toContain("‘합정’");
    expect(res.body.meta.warnings.join("\n")).toContain("메뉴는 한 번에 8개까지");
  });

  it("a question of 500 characters and one with a lone surrogate answer 200", async () => {
    const long = await post("/v1/restaurants/search", { query: "망원역 삼겹살 ".repeat(60).slice(0, 500) });
    expect(long.status).toBe(200);
    const lone = await post("/v1/restaurants/ask", { query: "망원역 \ud800 삼겹살" });
    expect(lone.status).toBe(200);
    expect(lone.body.meta.warnings.join("\n")).toContain("서로게이트");
  });
});

describe("restaurant QA: ingest values", () => {
  it("a lone surrogate becomes U+FFFD with a warning; absurd prices and oversized records are rejected by field", async () => {
    const big = restaurantDoc("abuse-big", { reviews: Array(30).fill("가".repeat(1200)) });
    const res = await post("/v1/restaurants/documents", {
      documents: [
        restaurantDoc("abuse-sur", { title: "식당\ud800", reviews: ["\udc00\ud800 좋아요"] }),
        restaurantDoc("abuse-e308", { menus: [{ name: "코스", price: 1e308 }] }),
        restaurantDoc("abuse-digits", { menus: [{ name: "코스", price: "999999999999999999999원" }] }),
        restaurantDoc("abuse-int", { menus: [{ name: "코스", price: 2 ** 60 }] }),
        restaurantDoc("abuse-100k", { reviews: ["가".repeat(100_000)] }),
        big,
      ],
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(big).length).toBeGreaterThan(0);
    expect(res.body.written).toEqual([{ index: 0, place_id: "abuse-sur", result: "created" }]);
    expect(res.body.warnings.join("\n")).toMatch(/레코드 0\(place_id abuse-sur\)의 title, reviews\.0/);
    const byIndex = Object.fromEntries(res.body.rejected.map((r: any) => [r.index, r]));
    expect(byIndex[1]).toMatchObject({ place_id: "abuse-e308", field: "menus.0.price" });
    expect(byIndex[2]).toMatchObject({ place_id: "abuse-digits", field: "menus.0.price" });
    expect(byIndex[3]).toMatchObject({ place_id: "abuse-int", field: "menus.0.price" });
    expect(byIndex[4]).toMatchObject({ place_id: "abuse-100k", field: "(record)" });
    expect(byIndex[5]).toMatchObject({ place_id: "abuse-big", field: "(record)" });
    expect(byIndex[5].reason).toContain(MAX_RECORD_BYTES.toLocaleString("en-US"));
    const doc = await get("/v1/restaurants/abuse-sur");
    expect(doc.body.title).toBe("식당\ufffd");
    expect(doc.body.reviews[0]).toBe("\ufffd\ufffd 좋아요");
  });
});

describe("restaurant QA: writes are whole, or partial and said so", () => {
  it("a bad record in the middle of 60: the rest written, exactly which were and which were not", async () => {
    const docs = Array.from({ length: 60 }, (_, i) => restaurantDoc(`mid-${i}`));
    docs[40] = restaurantDoc("mid-40", { menus: [{ name: "x", price: 1e308 }] });
    const res = await post("/v1/restaurants/documents", { documents: docs });
    expect(res.status).toBe(200);
    expect(res.body.rejected).toEqual([expect.objectContaining({ index: 40, place_id: "mid-40" })]);
    expect(res.body.written.map((w: any) => w.index)).toEqual([...Array(60).keys()].filter((i) => i !== 40));
    expect(res.body.partial).toBeUndefined();
  });

  it("the index failing midway: 200 with partial, the written batches listed, the failed ones in failed[]", async () => {
    const index = qaRuntime(server.world.rt).deps.index;
    const real = index.bulkIndex.bind(index);
    let calls = 0;
    const spy = vi.spyOn(index, "bulkIndex").mockImplementation(async (docs, opts) => {
      if (++calls === 2) throw new Error("the index went away");
      return real(docs, opts);
    });
    try {
      const docs = Array.from({ length: 60 }, (_, i) => restaurantDoc(`part-${i}`));
      const res = await post("/v1/restaurants/documents", { documents: docs });
      expect(res.status).toBe(200);
      expect(res.body.partial).toBe(true);
      // batches of 25: the first written, the second failed, the third written
      expect(res.body.failed.map((f: any) => f.index)).toEqual([...Array(25).keys()].map((i) => i + 25));
      expect(res.body.failed[0]).toMatchObject({ place_id: "part-25" });
      expect(res.body.written.map((w: any) => w.index)).toEqual([
        ...[...Array(25).keys()],
        ...[...Array(10).keys()].map((i) => i + 50),
      ]);
      expect(res.body.warnings.join("\n")).toContain("처리하지 못했습니다");
      expect((await get("/v1/restaurants/part-24")).status).toBe(200);
      expect((await get("/v1/restaurants/part-25")).status).toBe(404);
    } finally {
      spy.mockRestore();
    }
  });

  it("an upload with no valid record changes nothing (nothing written, the index's file untouched)", async () => {
    const where = server.world.rt.config.qa.index;
    const file = where.kind === "local" ? where.file : undefined;
    const stamp = () => (file && existsSync(file) ? readFileSync(file, "utf8") : null);
    const before = { count: await qaRuntime(server.world.rt).deps.index.count(), file: stamp() };
    for (const documents of [
      [{}],
      [null, 7, "x", { place_id: "../x" }],
      [restaurantDoc("bad", { mapx: "nan" })],
    ]) {
      const res = await post("/v1/restaurants/documents", { documents });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ indexed: 0, updated: 0, unchanged: 0, written: [] });
      expect(res.body.rejected).toHaveLength(documents.length);
    }
    expect(await qaRuntime(server.world.rt).deps.index.count()).toBe(before.count);
    expect(stamp()).toBe(before.file);
  });
});

describe("restaurant QA: jobs", () => {
  it("a job whose worker died (its lease ran out) is marked failed on recovery, with a Korean reason", async () => {
    const jobs = qaJobs(server.world.rt);
    const dead = JobRepository.newId();
    const alive = JobRepository.newId();
    await jobs.create({ id: dead, kind: "restaurant-ingest", createdBy: "owner" }, -1000);
    await jobs.update(dead, "running");
    await jobs.create({ id: alive, kind: "restaurant-ingest", createdBy: "owner" });
    await jobs.update(alive, "running");
    const marked = await server.world.context.services.restaurants.recoverIngestJobs();
    expect(marked).toContain(dead);
    expect(marked).not.toContain(alive);
    const job = await get(`/v1/jobs/${dead}`);
    expect(job.body.status).toBe("failed");
    expect(job.body.error).toContain("작업을 처리하던 프로세스가 멈췄습니다");
    expect((await get(`/v1/jobs/${alive}`)).body.status).toBe("running");
    // a reader finds an expired lease too (no restart needed): failed, never running for ever
    const stale = JobRepository.newId();
    await jobs.create({ id: stale, kind: "restaurant-ingest" }, -1);
    expect((await get(`/v1/jobs/${stale}`)).body.status).toBe("failed");
  });

  it("a job whose index fails midway is failed with the finished batches' documents listed, the rest not written", async () => {
    const index = qaRuntime(server.world.rt).deps.index;
    const real = index.bulkIndex.bind(index);
    // the index refuses the second half of the upload, whichever batch carries it
    const spy = vi.spyOn(index, "bulkIndex").mockImplementation(async (docs, opts) => {
      if (docs.some((d) => Number(d.id.split("-")[1]) >= 500)) throw new Error("the index went away");
      return real(docs, opts);
    });
    try {
      const docs = Array.from({ length: 1001 }, (_, i) => restaurantDoc(`halfjob-${i}`));
      const res = await post("/v1/restaurants/documents", { documents: docs });
      expect(res.status).toBe(202);
      await server.world.workflows.settled();
      const job = (await get(`/v1/jobs/${res.body.jobId}`)).body;
      expect(job.status).toBe("failed");
      // why, in a sentence: not the Lambda error's JSON nor its stack
      expect(job.error).toContain("the index went away");
      expect(job.error).not.toMatch(/trace|errorType|서버 경로/);
      expect(job.result.partial).toBe(true);
      expect(job.result.batchesDone).toBeGreaterThan(0);
      expect(job.result.batchesDone).toBeLessThan(job.result.batchesTotal);
      // what the record says was written is what the index holds, and nothing else of the upload
      const said: string[] = job.result.written.map((w: any) => w.place_id);
      expect(job.result.writtenCount).toBeGreaterThan(0);
      expect(said).toHaveLength(Math.min(100, job.result.writtenCount));
      const held = await index.mget(docs.map((d) => d.place_id));
      expect(held.size).toBe(job.result.writtenCount);
      for (const id of said) expect(held.has(id), id).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it("a job shows blob references, never a server path, and its creator only to its creator", async () => {
    const docs = Array.from({ length: 1001 }, (_, i) => restaurantDoc(`job-${i}`));
    const res = await post("/v1/restaurants/documents", { documents: docs });
    expect(res.status).toBe(202);
    await server.world.workflows.settled();
    const mine = await get(`/v1/jobs/${res.body.jobId}`);
    expect(mine.body.status).toBe("completed");
    expect(mine.body.createdBy).toBe("owner");
    expect(mine.body.source).toBe(`blob:uploads/${res.body.jobId}.jsonl`);
    expect(mine.body.result.rejections).toMatch(/^blob:uploads\//);
    expect(mine.body.result.writtenCount).toBe(1001);
    const dataDir = server.world.rt.config.dataDir;
    expect(JSON.stringify(mine.body)).not.toContain(dataDir);
    const theirs = await get(`/v1/jobs/${res.body.jobId}`, OTHER);
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toHaveProperty("createdBy");
    expect(JSON.stringify(theirs.body)).not.toMatch(/"\/(tmp|home|work|var)\//);
  });
});
