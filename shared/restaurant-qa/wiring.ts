// Restaurant QA's pieces, built once per runtime from its settings (config.ts):
// OpenSearch + Bedrock Titan in AWS, the local engine (with the demo corpus) + the hashed embedder on
// one machine; Naver → Kakao → gazetteer geocoding; Tavily when keyed; DynamoDB conversation memory
// when a table is named, else in memory; the blob store for ingest uploads; the jobs table.
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { HashedNgramEmbedder } from "../embed/hashed-ngrams.ts";
import { TitanEmbedder } from "../embed/bedrock-titan.ts";
import type { Embedder } from "../embed/port.ts";
import { OpenSearchIndex } from "../index/opensearch.ts";
import type { SearchIndex } from "../index/port.ts";
import type { LlmPort } from "../llm/port.ts";
import type { Place } from "../places/place.ts";
import { KakaoLocal } from "../providers/kakao-local.ts";
import { NaverLocal } from "../providers/naver-local.ts";
import { restaurantIndexDefinition } from "./index-mapping.ts";
import { localRestaurantIndex } from "./demo-corpus-index.ts";
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
    ratePerSecond: c.ratePerSecond,
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

export interface QaRuntime {
  qa: RestaurantQa;
  deps: QaDeps;
  /**
   * Before real documents are written: the demo corpus (local engine) gives way to them; the notice
   * saying so when it was served (DEMO_CORPUS_GIVES_WAY), once.
   */
  beforeIngest(): Promise<string | undefined>;
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
  let beforeIngest = (): Promise<string | undefined> => Promise.resolve(undefined);
  if (config.index.kind === "opensearch") {
    index = new OpenSearchIndex({
      node: config.index.endpoint,
      index: config.index.index,
      definition,
      region: config.index.region,
      service: config.index.service,
    });
  } else ({ index, beforeIngest } = localRestaurantIndex(config.index, definition, embedder, shared.places));
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
