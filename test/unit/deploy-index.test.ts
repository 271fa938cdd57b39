// The deploy-time setup of the restaurant index (shared/restaurant-qa/deploy-index.ts, run by the
// custom resource): the index behind its alias, and in dev the demo corpus handed to the ingest job
// only when the index is empty; the framework's isComplete follows that job.
import { describe, expect, it } from "vitest";
import { OpenSearchIndex } from "../../shared/index/opensearch.ts";
import { demoLoaded, setupRestaurantIndex } from "../../shared/restaurant-qa/deploy-index.ts";
import { restaurantIndexDefinition } from "../../shared/restaurant-qa/index-mapping.ts";
import type { QaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import type { RestaurantQaService } from "../../shared/restaurant-qa/api.ts";
import type { JobRepository } from "../../shared/store/jobs.ts";
import { embeddedPlaces } from "../../shared/providers/exec-deps.ts";
import { FakeCluster } from "../helpers/fake-cluster.ts";
import { generateDemoCorpus } from "../../shared/demo/corpus.ts";
import type { LlmPort } from "../../shared/llm/port.ts";
import { enrichIngestStep, prepareIngestStep } from "../../shared/restaurant-qa/ingest.ts";
import { loadIngestBatch, splitIngestJob } from "../../shared/restaurant-qa/ingest-job.ts";

function world(documents: number) {
  const cluster = new FakeCluster();
  const index = new OpenSearchIndex({
    node: "http://127.0.0.1:9",
    index: "restaurants",
    definition: restaurantIndexDefinition(512),
  });
  Object.defineProperty(index, "cluster", { value: cluster.request });
  Object.defineProperty(index, "count", { value: async () => documents });
  const qa = {
    deps: { index, embedder: { name: "bedrock:amazon.titan-embed-text-v2:0", dimension: 512 } },
  } as unknown as QaRuntime;
  const ingested: unknown[][] = [];
  const options: unknown[] = [];
  const service = {
    ingest: async (records: unknown[], _caller: string, opts: unknown) => {
      ingested.push(records);
      options.push(opts);
      return { kind: "job", jobId: "job-demo" };
    },
  } as unknown as RestaurantQaService;
  return { cluster, qa, service, ingested, options };
}
const places = () => embeddedPlaces("/nonexistent-dongne-data").places;

describe("the restaurant index at deploy", () => {
  it("dev: creates the index behind its alias and hands the whole demo corpus to the ingest job", async () => {
    const w = world(0);
    const out = await setupRestaurantIndex(w.qa, 0, { demoCorpus: true }, { service: w.service, places });
    expect(out).toMatchObject({ action: "created", demoJobId: "job-demo", documents: 0 });
    expect(w.cluster.aliases.get("restaurants")).toBe(out.index);
    expect(w.ingested).toHaveLength(1);
    expect(w.ingested[0]!.length).toBeGreaterThan(10_000);
    expect(w.ingested[0]!.every((r) => (r as { synthetic?: boolean }).synthetic === true)).toBe(true);
    // enriched by rules even with an LLM key: 20,000 model calls for labelled synthetic text
    expect(w.options).toEqual([{ enrichment: "rules" }]);
  });

  it("a rules-only batch never calls the LLM, even when one is configured", async () => {
    const { records } = generateDemoCorpus(places());
    const llm: LlmPort = {
      name: "must-not-be-called",
      structured: () => Promise.reject(new Error("the LLM was called for a rules-only batch")),
    };
    const index = { mget: async () => new Map() };
    const embedder = { name: "hashed", dimension: 512 };
    const prepared = await prepareIngestStep({ items: records.slice(0, 3) }, {
      llm,
      index,
      embedder,
    } as never);
    const enriched = await enrichIngestStep({ ...prepared, enrichment: "rules" }, { llm } as never);
    expect(enriched.documents).toHaveLength(3);
    expect(enriched.documents!.every((d) => d.enrichment === "rules")).toBe(true);
    expect(enriched.llmCalls).toBe(0);
    // and the job carries the mode from its input to every batch
    const blobs = new Map<string, string>();
    const store = {
      get: async (k: string) => blobs.get(k) ?? null,
      put: async (k: string, v: string) => void blobs.set(k, v),
      locate: (k: string) => k,
    };
    blobs.set(
      "up.jsonl",
      records
        .slice(0, 30)
        .map((r) => JSON.stringify(r))
        .join("\n"),
    );
    const state = await splitIngestJob(
      { jobId: "j", key: "up.jsonl", enrichment: "rules" },
      store as never,
      {
        update: async () => undefined,
        heartbeat: async () => undefined,
      } as never,
    );
    const batch = await loadIngestBatch(state.batches[0]!, store as never);
    expect(batch.enrichment).toBe("rules");
  });

  it("dev: never loads the demo corpus into an index that holds documents", async () => {
    const w = world(12);
    const out = await setupRestaurantIndex(w.qa, 0, { demoCorpus: true }, { service: w.service, places });
    expect(out.demoJobId).toBeUndefined();
    expect(w.ingested).toEqual([]);
  });

  it("production: an empty index stays empty", async () => {
    const w = world(0);
    const out = await setupRestaurantIndex(w.qa, 1, { demoCorpus: false }, { service: w.service, places });
    expect(out).toMatchObject({ action: "created", documents: 0 });
    expect(out.demoJobId).toBeUndefined();
    expect(w.cluster.indices.get(out.index)!.settings.index!.number_of_replicas).toBe(1);
  });

  it("the custom resource removes nothing on Delete (the domain and its documents are retained) and keeps one physical id", async () => {
    const { handler } = await import("../../functions/restaurant-qa/index-setup.ts");
    expect(
      await handler({ RequestType: "Delete", PhysicalResourceId: "restaurants", ResourceProperties: {} }),
    ).toEqual({ PhysicalResourceId: "restaurants" });
    const { handler: wait } = await import("../../functions/restaurant-qa/index-setup-wait.ts");
    expect(await wait({ RequestType: "Delete" })).toEqual({ IsComplete: true });
  });

  it("isComplete: waits for the job, fails the deploy with the job's reason", async () => {
    const jobs = (status: string, error?: string) =>
      ({ get: async () => ({ status, error }) }) as unknown as JobRepository;
    expect(await demoLoaded(jobs("running"), "j")).toBe(false);
    expect(await demoLoaded(jobs("completed"), "j")).toBe(true);
    expect(await demoLoaded(jobs("pending"), undefined)).toBe(true); // no job was started
    await expect(demoLoaded(jobs("failed", "Bedrock throttled"), "j")).rejects.toThrow(/Bedrock throttled/);
    await expect(demoLoaded({ get: async () => null } as unknown as JobRepository, "j")).rejects.toThrow(
      /no record/,
    );
  });
});
