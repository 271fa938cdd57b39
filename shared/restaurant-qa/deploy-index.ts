// The restaurant index at deploy time (the stack's custom resource, through the CDK provider framework):
// the index made with the product's mapping behind its alias before the first request
// (shared/index/versioned.ts: a changed mapping is a new index, a copy and an alias swap, or a refusal
// that says why), and, where the profile asks for it (dev), the labelled synthetic demo corpus loaded
// into an empty index by the ingest job, which the deploy waits for: the first question after a dev
// deploy is answered. A production index starts empty (a question answers index_empty).
import { OpenSearchIndex } from "../index/opensearch.ts";
import type { IndexMeta } from "../index/port.ts";
import { ensureVersionedIndex, type VersionedIndexResult } from "../index/versioned.ts";
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
): Promise<IndexSetupOutcome> {
  const index = qa.deps.index;
  if (!(index instanceof OpenSearchIndex))
    throw new Error("the deploy-time index setup runs against OpenSearch (OPENSEARCH_ENDPOINT)");
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
  if (!props.demoCorpus || documents > 0) return { ...result, documents };
  // more than the synchronous limit, so the ingest service makes it a job (the Standard ingest machine);
  // enriched by rules even where an LLM key is set: 20,000 model calls for synthetic text would cost
  // ≈ $30 and tell nothing the corpus's own labels do not
  const { records } = generateDemoCorpus(demo.places());
  const outcome = await demo.service.ingest(records, "deploy", { enrichment: "rules" });
  if (outcome.kind !== "job") throw new Error("the demo corpus was ingested in the request: expected a job");
  return { ...result, documents, demoJobId: outcome.jobId };
}

/** The provider framework's isComplete: done when the demo corpus job has ended well (or none was started). */
export async function demoLoaded(jobs: JobRepository, jobId: string | undefined): Promise<boolean> {
  if (!jobId) return true;
  const job = await jobs.get(jobId);
  if (!job) throw new Error(`the demo corpus job ${jobId} has no record`);
  if (job.status === "failed")
    throw new Error(`the demo corpus job ${jobId} failed: ${job.error ?? "no reason"}`);
  return job.status === "completed";
}
