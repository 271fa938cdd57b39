// Re-ingest and the demo corpus (issue 27), through the HTTP API and the ingest workflows on the local
// index: the same documents again are `unchanged` (not enriched, embedded nor written again), also
// synthetic ones and after a restart; the first upload says that the demo corpus gives way and how to
// bring it back (`notice`), a job's report too; and bringing it back that way works. Cost: worlds of
// their own over their own data directories (the shared one cannot see its corpus give way); the last
// test builds the demo corpus (~10 s of CPU on a quiet machine), which is what it is about.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HashedNgramEmbedder } from "../../shared/embed/hashed-ngrams.ts";
import { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import { restaurantIndexDefinition } from "../../shared/restaurant-qa/index-mapping.ts";
import { ingestRecords } from "../../shared/restaurant-qa/ingest.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { postJson, startServer } from "../helpers/server.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), "dongne-reingest-"));
  dirs.push(d);
  return d;
};

/** Three documents of the crawl format (the sample event's), marked synthetic as `restaurants demo` writes them. */
const DOCS: Record<string, unknown>[] = JSON.parse(
  readFileSync(new URL("../../events/restaurant-qa/ingest-batch.json", import.meta.url), "utf8"),
)
  .items.slice(0, 3)
  .map((d: object, i: number) => ({ ...d, place_id: `reingest-${i}`, synthetic: true }));
const IDS = DOCS.map((d) => d.place_id);

const GIVES_WAY =
  /내장 데모 식당 문서\(합성 데이터\)는 내려가고.*되돌리려면.*restaurants\/restaurants\.jsonl 파일을 지우고/;

/** The product on one machine over `dir`, with the demo corpus served while nothing is ingested. */
const serve = (dir: string) => startServer({}, { QA_DEMO_CORPUS: "auto", DATA_DIR: dir });

describe("re-ingesting documents", () => {
  it("reports unchanged records, in the same process and after a restart, synthetic ones included", async () => {
    const dir = dataDir();
    let server = await serve(dir);
    const upload = (documents: unknown[]) =>
      postJson(`${server.url}/v1/restaurants/documents`, { documents });
    const first = await upload(DOCS);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ indexed: 3, updated: 0, unchanged: 0, rejected: [] });
    expect(first.body.notice).toMatch(GIVES_WAY);
    expect(first.body.notice).not.toContain(dir); // no server path
    const again = await upload(DOCS);
    expect(again.body).toMatchObject({ indexed: 0, updated: 0, unchanged: 3 });
    expect(again.body.written.map((w: { result: string }) => w.result)).toEqual(Array(3).fill("unchanged"));
    expect(again.body).not.toHaveProperty("notice");
    // one record changed: that one is updated, the others unchanged
    const changed = DOCS.map((d, i) =>
      i === 1 ? { ...d, reviews: [...(d.reviews as string[]), "또 올게요"] } : d,
    );
    expect((await upload(changed)).body).toMatchObject({ indexed: 0, updated: 1, unchanged: 2 });
    await server.close();

    // a restart: the uploaded (synthetic) documents stay, and the same upload is unchanged, said once
    server = await serve(dir);
    const restarted = await upload(changed);
    expect(restarted.body).toMatchObject({ indexed: 0, updated: 0, unchanged: 3 });
    expect(restarted.body).not.toHaveProperty("notice");
    const ask = await postJson(`${server.url}/v1/restaurants/search`, { query: "망원역 주차되는 한식집" });
    for (const d of ask.body.documents) expect(IDS).toContain(d.place_id);
    await server.close();
  }, 180_000);

  it("embeds and writes nothing for an unchanged record", async () => {
    const embedded: string[] = [];
    const inner = new HashedNgramEmbedder(64);
    const embedder = Object.assign(Object.create(inner) as HashedNgramEmbedder, {
      embed: (texts: readonly string[]) => (embedded.push(...texts), inner.embed(texts)),
    });
    const index = new LocalSearchIndex("restaurants", restaurantIndexDefinition(64));
    expect(await ingestRecords(DOCS, { index, embedder })).toMatchObject({ indexed: 3 });
    expect(embedded).toHaveLength(3);
    expect(await ingestRecords(DOCS, { index, embedder })).toMatchObject({ indexed: 0, unchanged: 3 });
    expect(embedded).toHaveLength(3);
  });
});

describe("the demo corpus gives way, said so", () => {
  it("a first upload made a job carries the notice in its report", async () => {
    const server = await serve(dataDir());
    const many = Array.from({ length: 1001 }, (_, i) => ({ ...DOCS[i % 3], place_id: `job-${i}` }));
    const res = await postJson(`${server.url}/v1/restaurants/documents`, { documents: many });
    expect(res.status).toBe(202);
    await server.world.workflows.settled();
    const job = (await (await fetch(`${server.url}${res.body.links.self}`)).json()) as any;
    expect(job).toMatchObject({ status: "completed", result: { indexed: 1001 } });
    expect(job.result.notice).toMatch(GIVES_WAY);
    await server.close();
  }, 180_000);

  it("comes back as the notice says: the index's file deleted, the server started again", async () => {
    const dir = dataDir();
    let server = await serve(dir);
    expect(
      (await postJson(`${server.url}/v1/restaurants/documents`, { documents: DOCS })).body.notice,
    ).toMatch(GIVES_WAY);
    await server.close();
    const file = join(dir, "restaurants", "restaurants.jsonl");
    expect(existsSync(file)).toBe(true);
    rmSync(file);
    server = await serve(dir);
    // the demo corpus loaded before the request, as `npm start` loads it at boot: on a busy machine its
    // thousands of documents would otherwise take the request past its time budget
    expect(await qaRuntime(server.world.rt).deps.index.count()).toBeGreaterThan(1000);
    const res = await postJson(`${server.url}/v1/restaurants/search`, { query: "망원역 주차되는 한식집" });
    expect(res.status).toBe(200);
    expect(res.body.documents.length).toBeGreaterThan(0);
    expect(res.body.meta.synthetic).toBe(true);
    for (const d of res.body.documents) expect(IDS).not.toContain(d.place_id);
    await server.close();
  }, 300_000);
});
