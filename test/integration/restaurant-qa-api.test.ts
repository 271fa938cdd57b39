// Restaurant QA through the HTTP API and the workflows as deployed (the Express QA and ingest
// definitions, the Standard ingest job with its Distributed Map, each step in its Lambda envelope),
// on the local index with the synthetic demo corpus. Cost: the questions go to the worker's shared server
// (its demo corpus built once for every file); the uploads, which write, to a world of its own that
// starts empty (no corpus to build).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoCorpus } from "../../shared/demo/corpus.ts";
import { embeddedPlaces } from "../../shared/providers/exec-deps.ts";
import { qaBlobs } from "../../shared/restaurant-qa/wiring.ts";
import { postJson, sharedServer, startServer, type TestServer } from "../helpers/server.ts";

/** the worker's server, over the demo corpus: questions only */
let reading: TestServer;
/** this file's, for uploads */
let server: TestServer;
beforeAll(async () => {
  reading = await sharedServer({ demoCorpus: true });
  server = await startServer({}, { QA_DEMO_CORPUS: "off" });
});
afterAll(async () => {
  await reading.close();
  await server.close();
});

const get = async (path: string, on = server) => {
  const res = await fetch(`${on.url}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};

describe("restaurant QA over HTTP", () => {
  it("answers a question from the index: documents meet the hard condition, the answer cites them", async () => {
    const res = await postJson(`${reading.url}/v1/restaurants/ask`, { query: "망원역 주차되는 한식집" });
    expect(res.status).toBe(200);
    expect(res.body.structured_query).toMatchObject({ convenience: ["주차"], cuisine: ["한식"] });
    expect(res.body.route).toBe("index");
    expect(res.body.documents.length).toBeGreaterThan(0);
    for (const d of res.body.documents.filter((x: any) => x.relevant))
      expect(d.convenience).toContain("주차");
    expect(res.body.citations.length).toBeGreaterThan(0);
    expect(res.body.answer).toContain(`[${res.body.citations[0]}]`);
    expect(res.body.meta.synthetic).toBe(true);
  });

  it("searches without grading, and serves a document by place_id (404 when absent)", async () => {
    const res = await postJson(`${reading.url}/v1/restaurants/search`, { query: "홍대 삼겹살 회식" });
    expect(res.status).toBe(200);
    expect(res.body.documents.length).toBeGreaterThan(0);
    expect(res.body.documents[0]).not.toHaveProperty("relevant");
    const one = await get(`/v1/restaurants/${res.body.documents[0].place_id}`, reading);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty("embedding");
    expect((await get("/v1/restaurants/nope-123", reading)).status).toBe(404);
  });

  it("ingests a small batch within the request: indexed, rejected with index and field, unchanged on a repeat", async () => {
    const batch = JSON.parse(
      readFileSync(new URL("../../events/restaurant-qa/ingest-batch.json", import.meta.url), "utf8"),
    );
    const first = await postJson(`${server.url}/v1/restaurants/documents`, { documents: batch.items });
    expect(first.status).toBe(200);
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ indexed: 3, updated: 0 });
    expect(first.body.rejected).toEqual([expect.objectContaining({ index: 3, place_id: "bad" })]);
    const again = await postJson(`${server.url}/v1/restaurants/documents`, {
      documents: batch.items.slice(0, 3),
    });
    expect(again.body).toMatchObject({ indexed: 0, updated: 0, unchanged: 3 });
    const doc = await get(`/v1/restaurants/${batch.items[0].place_id}`);
    expect(doc.body.title).toBe(batch.items[0].title);
  });

  it("makes a large upload a job (202): batches through the Distributed Map, the report and rejections kept", async () => {
    const records = generateDemoCorpus(embeddedPlaces("/nonexistent-dongne-data").places)
      .records.slice(0, 1005)
      .map((r, i) => ({ ...r, place_id: `job-${i}` }));
    records[7] = { ...records[7]!, mapx: "not a number" };
    const res = await postJson(`${server.url}/v1/restaurants/documents`, { documents: records });
    expect(res.status).toBe(202);
    const { jobId } = res.body;
    expect(res.body.links.self).toBe(`/v1/jobs/${jobId}`);
    await server.world.workflows.settled();
    const job = await get(`/v1/jobs/${jobId}`);
    expect(job.body.status).toBe("completed");
    expect(job.body.result.indexed).toBe(1004);
    expect(job.body.result.rejectedCount).toBe(1);
    expect(job.body.result.rejected[0]).toMatchObject({ index: 7, place_id: "job-7" });
    // a reference in the blob store, never the server's path
    expect(job.body.result.rejections).toBe(`blob:uploads/${jobId}.jsonl.rejections.jsonl`);
    expect(job.body.source).toBe(`blob:uploads/${jobId}.jsonl`);
    const rejections = await qaBlobs(server.world.rt).get(job.body.result.rejections.slice("blob:".length));
    expect(rejections).toContain('"place_id":"job-7"');
  });

  it("names the field of bad input, and a job that does not exist is a 404", async () => {
    const bad = await postJson(`${server.url}/v1/restaurants/ask`, { query: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("query");
    const none = await postJson(`${server.url}/v1/restaurants/documents`, { documents: [] });
    expect(none.body.error.field).toBe("documents");
    expect((await get("/v1/jobs/job-none")).status).toBe(404);
  });
});
