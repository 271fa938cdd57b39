// Restaurant QA's pieces, built once per runtime from its settings (config.ts):
// OpenSearch + Bedrock Titan in AWS, the local engine (with the demo corpus) + the hashed embedder on
// one machine; Naver → Kakao → gazetteer geocoding; Tavily when keyed; DynamoDB conversation memory
// when a table is named, else in memory; the blob store for ingest uploads; the jobs table.
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { HashedNgramEmbedder } from "../embed/hashed-ngrams.ts";
import { TitanEmbedder } from "../embed/bedrock-titan.ts";
import type { Embedder } from "../embed/port.ts";
import { LocalSearchIndex } from "../index/local-engine.ts";
import { OpenSearchIndex } from "../index/opensearch.ts";
import type { SearchIndex } from "../index/port.ts";
import type { LlmPort } from "../llm/port.ts";
import type { Place } from "../places/place.ts";
import { KakaoLocal } from "../providers/kakao-local.ts";
import { NaverLocal } from "../providers/naver-local.ts";
import { generateDemoCorpus } from "../demo/corpus.ts";
import { restaurantIndexDefinition } from "./index-mapping.ts";
import { ingestRecords } from "./ingest.ts";
import { DynamoConversations, InMemoryConversations } from "./memory.ts";
import { createRestaurantQa, type RestaurantQa } from "./pipeline.ts";
import { TitleCache, type QaDeps } from "./steps.ts";
import { TavilySearch } from "./web-search.ts";
import type { QaConfig } from "./config.ts";
import { JobRepository } from "../store/jobs.ts";
import { embeddedPlaces } from "../providers/exec-deps.ts";
import { DirectoryBlobs, S3Blobs, type BlobStore } from "../store/blobs.ts";
import { type Runtime } from "../runtime/port.ts";

export function createEmbedder(c: QaConfig["embedder"]): Embedder {
  if (c.kind === "hashed") return new HashedNgramEmbedder(c.dimension);
  if (!c.region) throw new Error("AWS_REGION: is required for Bedrock embeddings");
  return new TitanEmbedder({
    region: c.region,
    modelId: c.modelId,
    dimensions: c.dimensions,
    endpoint: c.endpoint,
  });
}

/** What the runtime shares with restaurant QA (from the one config). */
export interface QaShared {
  llm?: LlmPort;
  naver?: { clientId: string; clientSecret: string };
  kakaoKey?: string;
  /** the embedded places (demo or imported registry), for the demo corpus */
  places?: () => readonly Place[];
  /** DynamoDB for the conversation memory (dynalite locally) */
  documents?: DynamoDBDocumentClient;
  kakaoBaseUrl?: string;
}

/** Demo documents ingested between two turns of the event loop (~50 ms of work). */
const DEMO_SLICE = 100;

/** the port's reads: they wait for the demo corpus; writes and internals pass straight through */
const DEMO_GATED = new Set(["meta", "search", "mget", "distinctValues", "count"]);

export interface QaRuntime {
  qa: RestaurantQa;
  deps: QaDeps;
  /** before real documents are written: the demo corpus (local engine) gives way to them */
  beforeIngest(): Promise<void>;
}

/**
 * Builds the adapters and the facade. A local engine with nothing ingested is filled with the
 * synthetic demo corpus on first use (not written to its file); the first real ingest removes it.
 */
export function createQaRuntime(config: QaConfig, shared: QaShared): QaRuntime {
  const embedder = createEmbedder(config.embedder);
  const definition = restaurantIndexDefinition(embedder.dimension, {
    replicas: config.index.kind === "opensearch" ? config.index.replicas : 0,
  });
  let index: SearchIndex;
  let local: LocalSearchIndex | undefined;
  let demo: Promise<void> | undefined;
  /** real documents arrived: the demo corpus is neither loaded nor kept */
  let realData = false;
  if (config.index.kind === "opensearch") {
    index = new OpenSearchIndex({
      node: config.index.endpoint,
      index: config.index.index,
      definition,
      region: config.index.region,
      service: config.index.service,
    });
  } else {
    const target = (local = new LocalSearchIndex("restaurants", definition, { file: config.index.file }));
    index = target;
    const places = shared.places;
    if (config.index.demoCorpus && places) {
      const loadDemo = () =>
        (demo ??= (async () => {
          if (realData || (await target.meta())) return;
          // in slices, giving the event loop a turn between them: a server keeps answering meanwhile
          const { records } = generateDemoCorpus(places());
          for (let i = 0; i < records.length; i += DEMO_SLICE) {
            await new Promise((resolve) => setImmediate(resolve));
            await ingestRecords(
              records.slice(i, i + DEMO_SLICE),
              { index: target, embedder },
              { persist: false },
            );
          }
        })());
      // reads wait for the demo corpus the first time; writes do not trigger it
      index = new Proxy(target, {
        get(t, prop, receiver) {
          const v: unknown = Reflect.get(t, prop, receiver);
          if (typeof v !== "function" || !DEMO_GATED.has(String(prop))) return v;
          return async (...args: unknown[]) => {
            if (!realData) await loadDemo();
            return (v as (...a: unknown[]) => unknown).apply(t, args);
          };
        },
      });
    }
  }
  const deps: QaDeps = {
    index,
    embedder,
    llm: shared.llm,
    geocode: {
      naver: shared.naver ? new NaverLocal({ ...shared.naver, baseUrl: config.naverBaseUrl }) : undefined,
      kakao: shared.kakaoKey
        ? new KakaoLocal({ apiKey: shared.kakaoKey, baseUrl: shared.kakaoBaseUrl })
        : undefined,
    },
    web: config.tavily ? new TavilySearch(config.tavily) : undefined,
    memory:
      config.conversations.table && shared.documents
        ? new DynamoConversations(shared.documents, config.conversations.table, config.conversations)
        : new InMemoryConversations(config.conversations),
    titles: new TitleCache(() => index),
    settings: config.settings,
  };
  const beforeIngest = async () => {
    if (!local || realData) return;
    realData = true;
    await demo;
    // the demo corpus gives way to real documents
    local.removeWhere((doc) => doc.synthetic === true);
  };
  const qa = createRestaurantQa(deps, { beforeIngest });
  return { qa, deps, beforeIngest };
}

export const qaRuntime = (rt: Runtime): QaRuntime =>
  rt.service("qa.runtime", () =>
    createQaRuntime(rt.config.qa, {
      llm: rt.llm,
      naver: rt.config.providers.naver,
      kakaoKey: rt.config.providers.kakaoKey,
      kakaoBaseUrl: rt.config.providers.baseUrls.kakao,
      places: () => embeddedPlaces(rt.config.dataDir).places,
      documents: rt.documents(),
    }),
  );

export const qaBlobs = (rt: Runtime): BlobStore =>
  rt.service("qa.blobs", () => {
    const b = rt.config.qa.blobs;
    return b.kind === "s3" ? new S3Blobs(b.bucket, { region: b.region }) : new DirectoryBlobs(b.dir);
  });

export const qaJobs = (rt: Runtime): JobRepository =>
  rt.service("qa.jobs", () => new JobRepository(rt.documents(), rt.config.aws.tables.qa));
