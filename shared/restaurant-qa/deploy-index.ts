// The restaurant index at deploy time (the stack's custom resource, through the CDK provider framework):
// the index made with the product's mapping behind its alias before the first request
// (shared/index/versioned.ts: a changed mapping is a new index, a copy and an alias swap, or a refusal
// that says why), and, where the profile asks for it (dev), the labelled synthetic demo corpus loaded
// by the ingest job, which the deploy waits for: the first question after a dev deploy is answered. A
// production index starts empty (a question answers index_empty).
//
// The demo corpus loads whole or the deploy says so (issue 33): a job that rejected documents (a batch
// throttled by Bedrock) does not count as loaded — a first deploy fails, and its rollback removes what
// it made; a later deploy completes an index of synthetic documents that holds fewer than the corpus
// (the ones already there are skipped as unchanged). An index holding real documents is left alone.
// The first call waits out what a just-created domain answers for a while: 403 until a new role
// policy has propagated, 503 right after the domain comes up.
import { OpenSearchIndex } from "../index/opensearch.ts";
import { SearchIndexError, type IndexMeta } from "../index/port.ts";
import { ensureVersionedIndex, type ClusterRequest, type VersionedIndexResult } from "../index/versioned.ts";
import { backoff, sleep as realSleep } from "../platform/retry.ts";
import { generateDemoCorpus } from "../demo/corpus.ts";
import type { Place } from "../places/place.ts";
import type { JobRepository } from "../store/jobs.ts";
import type { RestaurantQaService } from "./api.ts";
import type { QaRuntime } from "./wiring.ts";
import { RESTAURANT_INDEX_SCHEMA_VERSION, restaurantIndexDefinition } from "./index-mapping.ts";

export interface IndexSetupProperties {
  /** load the synthetic demo corpus into an empty index ("true" / "false": CloudFormation passes strings) */
  demoCorpus: boolean;
}

export interface IndexSetupOutcome extends VersionedIndexResult {
  /** the ingest job loading the demo corpus, when one was started */
  demoJobId?: string;
  documents: number;
  /** the demo corpus's size, where the profile loads it */
  corpus?: number;
}

/** How long the first call may wait for a just-created domain to answer (403 or 5xx meanwhile). */
export interface ReadyOptions {
  budgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** 403 while a new role's policy propagates, 5xx and no answer while the domain comes up: wait. */
const notReadyYet = (err: unknown) =>
  err instanceof SearchIndexError &&
  (err.status === 403 || err.reason === "server" || err.reason === "network" || err.reason === "timeout");

/** Waits until the domain answers a signed request (five minutes at most by default); then rethrows. */
export async function domainReady(request: ClusterRequest, o: ReadyOptions = {}): Promise<number> {
  const [now, wait, budget] = [o.now ?? Date.now, o.sleep ?? realSleep, o.budgetMs ?? 5 * 60_000];
  const until = now() + budget;
  const delay = backoff(2000, 30_000);
  for (let attempt = 1; ; attempt++) {
    try {
      await request({ method: "GET", path: "/" });
      return attempt;
    } catch (err) {
      const next = delay(attempt);
      if (!notReadyYet(err) || now() + next > until) throw err;
      await wait(next);
    }
  }
}

/** Synthetic (demo corpus) documents the index holds. */
async function syntheticCount(request: ClusterRequest, alias: string): Promise<number> {
  const r = await request({
    method: "POST",
    path: `/${encodeURIComponent(alias)}/_count`,
    body: { query: { term: { synthetic: true } } },
  });
  return r.status === 200 ? ((r.body as { count?: number }).count ?? 0) : 0;
}

/** What the index records about its vectors, for the embedder this deployment uses. */
export const indexMetaOf = (qa: QaRuntime): IndexMeta => ({
  embedder: qa.deps.embedder.name,
  dimension: qa.deps.embedder.dimension,
  schema_version: RESTAURANT_INDEX_SCHEMA_VERSION,
});

export async function setupRestaurantIndex(
  qa: QaRuntime,
  replicas: number,
  props: IndexSetupProperties,
  demo: { service: RestaurantQaService; places: () => readonly Place[] },
  ready?: ReadyOptions,
): Promise<IndexSetupOutcome> {
  const index = qa.deps.index;
  if (!(index instanceof OpenSearchIndex))
    throw new Error("the deploy-time index setup runs against OpenSearch (OPENSEARCH_ENDPOINT)");
  await domainReady(index.cluster, ready);
  const meta = indexMetaOf(qa);
  const result = await ensureVersionedIndex(index.cluster, {
    alias: index.indexName,
    definition: restaurantIndexDefinition(meta.dimension, { replicas }),
    meta,
    replicas,
    // the provider framework gives an event handler 15 minutes; the setup leaves room to answer
    reindexTimeoutMs: 12 * 60_000,
  });
  const documents = await index.count();
  if (!props.demoCorpus) return { ...result, documents };
  // real documents: the demo corpus gives way to them, as it does locally
  if (documents > (await syntheticCount(index.cluster, index.indexName))) return { ...result, documents };
  const { records } = generateDemoCorpus(demo.places());
  const corpus = records.length;
  if (documents >= corpus) return { ...result, documents, corpus };
  // more than the synchronous limit, so the ingest service makes it a job (the Standard ingest machine);
  // enriched by rules even where an LLM key is set: 20,000 model calls for synthetic text would cost
  // ≈ $30 and tell nothing the corpus's own labels do not. The whole corpus each time: what the index
  // holds already is skipped as unchanged
  const outcome = await demo.service.ingest(records, "deploy", { enrichment: "rules" });
  if (outcome.kind !== "job") throw new Error("the demo corpus was ingested in the request: expected a job");
  return { ...result, documents, corpus, demoJobId: outcome.jobId };
}

/** Where the demo corpus load stands, for the provider framework's isComplete. */
export interface DemoProgress {
  complete: boolean;
  /** "<loaded>/<corpus>" once complete (the stack's DemoCorpus output) */
  loaded?: string;
}

/** What a completed ingest job's record says it loaded. */
const loadedBy = (result: unknown) => {
  const r = (result ?? {}) as {
    indexed?: number;
    updated?: number;
    unchanged?: number;
    rejectedCount?: number;
  };
  const rejected = (result as { rejected?: { reason?: string }[] } | undefined)?.rejected ?? [];
  return {
    loaded: (r.indexed ?? 0) + (r.updated ?? 0) + (r.unchanged ?? 0),
    rejected: r.rejectedCount ?? rejected.length,
    example: rejected[0]?.reason,
  };
};

/**
 * The provider framework's isComplete: done when the demo corpus job has ended (or none was started).
 * A job that failed, or rejected documents, fails the first deploy (`create`): its rollback removes
 * what it made, and the sentence says what to change. On a later deploy a shortfall is said in the
 * DemoCorpus output instead, and the next deploy tops the index up: failing an update would roll the
 * custom resource back into the same load.
 */
export async function demoLoaded(
  jobs: JobRepository,
  jobId: string | undefined,
  o: { create: boolean; corpus?: number },
): Promise<DemoProgress> {
  if (!jobId) return { complete: true };
  const job = await jobs.get(jobId);
  if (!job) throw new Error(`데모 코퍼스 적재 작업 ${jobId}의 기록이 없습니다`);
  if (job.status === "pending" || job.status === "running") return { complete: false };
  const { loaded, rejected, example } = loadedBy(job.result);
  const total = o.corpus ?? loaded + rejected;
  const whole = job.status === "completed" && rejected === 0 && loaded >= total;
  if (whole) return { complete: true, loaded: `${loaded}/${total}` };
  const why =
    job.status === "failed"
      ? `작업이 실패했습니다 (${job.error ?? "이유 없음"})`
      : `${total}건 중 ${loaded}건만 적재되고 ${rejected}건이 거부되었습니다${example ? ` (예: ${example})` : ""}`;
  if (o.create)
    throw new Error(
      `데모 코퍼스가 다 적재되지 않았습니다: ${why}. 이 배포는 되돌려지고 만든 것을 지웁니다. ` +
        "Bedrock의 Titan Text Embeddings V2 할당량을 확인하고 -c embedRate=<초당 호출 수>를 낮춰 다시 배포하세요 (docs/deploy.md).",
    );
  return { complete: true, loaded: `${loaded}/${total} (부분 적재: 다음 배포가 나머지를 적재합니다)` };
}
