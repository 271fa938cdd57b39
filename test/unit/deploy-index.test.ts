// The deploy-time setup of the restaurant index (shared/restaurant-qa/deploy-index.ts, run by the
// custom resource): the index behind its alias once the domain answers, and in dev the demo corpus
// handed to the ingest job when the index holds fewer synthetic documents than the corpus (and no real
// ones); the framework's isComplete follows that job and counts a job with rejections as not loaded.
// Waits use a fake clock.
import { describe, expect, it } from "vitest";
import { OpenSearchIndex } from "../../shared/index/opensearch.ts";
import { SearchIndexError } from "../../shared/index/port.ts";
import { demoLoaded, domainReady, setupRestaurantIndex } from "../../shared/restaurant-qa/deploy-index.ts";
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

function world(documents: number, synthetic = 0) {
  const cluster = new FakeCluster();
  // what the index holds already (the setup counts the synthetic ones itself)
  if (synthetic)
    cluster.addIndex(
      "restaurants",
      { properties: {} },
      Array.from({ length: synthetic }, (_, i) => ({ place_id: `p${i}`, synthetic: true })),
    );
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

  it("isComplete: waits for the job, fails the first deploy with the job's reason", async () => {
    const jobs = (status: string, error?: string, result?: unknown) =>
      ({ get: async () => ({ status, error, result }) }) as unknown as JobRepository;
    const create = { create: true, corpus: 100 };
    expect(await demoLoaded(jobs("running"), "j", create)).toEqual({ complete: false });
    expect(
      await demoLoaded(
        jobs("completed", undefined, { indexed: 90, unchanged: 10, rejectedCount: 0 }),
        "j",
        create,
      ),
    ).toEqual({ complete: true, loaded: "100/100" });
    expect(await demoLoaded(jobs("pending"), undefined, create)).toEqual({ complete: true }); // none started
    await expect(demoLoaded(jobs("failed", "Bedrock throttled"), "j", create)).rejects.toThrow(
      /Bedrock throttled/,
    );
    await expect(
      demoLoaded({ get: async () => null } as unknown as JobRepository, "j", create),
    ).rejects.toThrow(/기록이 없습니다/);
  });

  it("isComplete: a job that rejected documents is not loaded: a first deploy fails, a later one says so", async () => {
    const throttled = {
      get: async () => ({
        status: "completed",
        result: {
          indexed: 75,
          updated: 0,
          unchanged: 0,
          rejectedCount: 25,
          rejected: [
            {
              index: 3,
              field: "embedding",
              reason: "Bedrock failed after retries: ThrottlingException (429)",
            },
          ],
        },
      }),
    } as unknown as JobRepository;
    await expect(demoLoaded(throttled, "j", { create: true, corpus: 100 })).rejects.toThrow(
      /100건 중 75건만 적재되고 25건이 거부되었습니다.*ThrottlingException.*-c embedRate/,
    );
    expect(await demoLoaded(throttled, "j", { create: false, corpus: 100 })).toEqual({
      complete: true,
      loaded: "75/100 (부분 적재: 다음 배포가 나머지를 적재합니다)",
    });
  });

  it("dev: a later deploy tops up an index of synthetic documents that holds fewer than the corpus", async () => {
    const w = world(40, 40);
    const out = await setupRestaurantIndex(w.qa, 0, { demoCorpus: true }, { service: w.service, places });
    expect(out.demoJobId).toBe("job-demo");
    expect(out.corpus).toBeGreaterThan(10_000);
    // the whole corpus again: the 40 documents there are skipped as unchanged by the ingest
    expect(w.ingested[0]).toHaveLength(out.corpus!);
    const whole = world(out.corpus!, out.corpus);
    expect(
      (await setupRestaurantIndex(whole.qa, 0, { demoCorpus: true }, { service: whole.service, places }))
        .demoJobId,
    ).toBeUndefined();
  });

  it("waits for a just-created domain: 403 while a role's policy propagates, 503 while it comes up", async () => {
    let clock = 0;
    const waits: number[] = [];
    const fake = { now: () => clock, sleep: async (ms: number) => void (waits.push(ms), (clock += ms)) };
    const answers = [403, 503, 200];
    const request = async () => {
      const status = answers.shift()!;
      if (status === 200) return { status, body: {} };
      throw new SearchIndexError(status === 403 ? "auth" : "server", `OpenSearch ${status}`, status);
    };
    expect(await domainReady(request, fake)).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]!).toBeGreaterThan(waits[0]! * 0.9); // backing off, not hammering
    // a refusal that is not a propagation delay is thrown at once; a domain that never answers, at the budget
    const refused = async () => {
      throw new SearchIndexError("bad_request", "OpenSearch 400", 400);
    };
    await expect(domainReady(refused, fake)).rejects.toThrow(/400/);
    const start = clock;
    const down = async () => {
      throw new SearchIndexError("server", "OpenSearch 503", 503);
    };
    await expect(domainReady(down, { ...fake, budgetMs: 60_000 })).rejects.toThrow(/503/);
    expect(clock - start).toBeLessThanOrEqual(60_000);
  });
});
