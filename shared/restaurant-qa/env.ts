// Restaurant QA's configuration: the environment variables it needs as zod field schemas (the lead
// composes them into the one config schema), a function from the parsed values to settings, and the
// wiring of adapters from settings — chosen once: OpenSearch + Bedrock Titan in AWS, the local engine
// + the hashed embedder on one machine; Naver → Kakao → gazetteer geocoding; Tavily when keyed;
// DynamoDB conversation memory when a table is named, else in memory.
import { join } from "node:path";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { HashedNgramEmbedder } from "../embed/hashed-ngrams.ts";
import { TITAN_V2_MODEL_ID, TitanEmbedder, type TitanDimensions } from "../embed/bedrock-titan.ts";
import type { Embedder } from "../embed/port.ts";
import { LocalSearchIndex } from "../index/local-engine.ts";
import { OpenSearchIndex } from "../index/opensearch.ts";
import type { SearchIndex } from "../index/port.ts";
import type { LlmPort } from "../llm/port.ts";
import type { Place } from "../place-search/place.ts";
import { KakaoLocal } from "../providers/kakao-local.ts";
import { NaverLocal } from "../providers/naver-local.ts";
import { generateDemoCorpus } from "./demo-corpus.ts";
import { OFFLINE_RELEVANCE_THRESHOLD } from "./grade.ts";
import { restaurantIndexDefinition } from "./index-mapping.ts";
import { ingestRecords } from "./ingest.ts";
import { DynamoConversations, InMemoryConversations } from "./memory.ts";
import { createRestaurantQa, type RestaurantQa } from "./service.ts";
import { TitleCache, type QaDeps, type QaSettings } from "./steps.ts";
import { TavilySearch } from "./web-search.ts";

const optionalSecret = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** The environment variables restaurant QA reads (merge into ConfigSchema). */
export const QaEnv = {
  /** auto: OpenSearch when OPENSEARCH_ENDPOINT is set, else the local engine */
  QA_INDEX: z.enum(["auto", "local", "opensearch"]).default("auto"),
  OPENSEARCH_ENDPOINT: z.url().optional(),
  OPENSEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,100}$/, "lowercase letters, digits, _ and -")
    .default("restaurants"),
  /** es: a managed domain; aoss: an OpenSearch Serverless collection */
  OPENSEARCH_SERVICE: z.enum(["es", "aoss"]).default("es"),
  /** the domain's name, for the status command (control plane) */
  OPENSEARCH_DOMAIN: z.string().min(3).max(28).optional(),
  /** auto: Bedrock Titan with OpenSearch, the hashed embedder with the local engine */
  QA_EMBEDDER: z.enum(["auto", "hashed", "bedrock"]).default("auto"),
  QA_HASHED_DIMENSIONS: z.coerce
    .number()
    .int()
    .refine((n) => [128, 256, 512, 1024].includes(n), "128, 256, 512 or 1024")
    .default(512),
  BEDROCK_EMBED_MODEL_ID: z.string().min(1).default(TITAN_V2_MODEL_ID),
  BEDROCK_EMBED_DIMENSIONS: z.coerce
    .number()
    .int()
    .refine((n) => [256, 512, 1024].includes(n), "256, 512 or 1024")
    .default(512),
  /** a proxy or VPC endpoint for bedrock-runtime */
  BEDROCK_ENDPOINT: z.url().optional(),
  /** the AWS region (Lambda sets AWS_REGION) */
  AWS_REGION: z.string().min(1).optional(),
  TAVILY_API_KEY: optionalSecret,
  TAVILY_BASE_URL: z.url().default("https://api.tavily.com"),
  /** 002's radius for a nearby place of unknown kind (stations and districts have their own) */
  QA_RADIUS_M: int(100, 50_000, 3000),
  /** 002's num_candidates: the kNN k and HNSW ef_search */
  QA_CANDIDATES: int(50, 1000, 100),
  QA_RESULTS: int(1, 20, 5),
  /** atmosphere/occasion as boosts (on) or left to the vector (off) */
  QA_BOOST: z.enum(["on", "off"]).default("on"),
  QA_RELEVANCE_THRESHOLD: z.coerce.number().min(0).max(1).default(OFFLINE_RELEVANCE_THRESHOLD),
  QA_MAX_WIDENINGS: int(0, 4, 2),
  /** the DynamoDB table (pk/sk, TTL on expiresAt) for follow-up memory and ingest jobs; dynalite locally */
  QA_TABLE: z.string().min(3).default("dongne-qa"),
  /** the S3 bucket ingest uploads and batches are kept in; absent: DATA_DIR/blobs */
  QA_INGEST_BUCKET: z.string().min(3).optional(),
  QA_CONVERSATION_TTL_S: int(60, 30 * 86_400, 86_400),
  /** local engine with nothing ingested: serve the synthetic demo corpus (auto) or nothing (off) */
  QA_DEMO_CORPUS: z.enum(["auto", "off"]).default("auto"),
};
export const QaEnvSchema = z.object(QaEnv);
export type QaEnvValues = z.infer<typeof QaEnvSchema>;

export interface QaConfig {
  index:
    | { kind: "local"; file: string; demoCorpus: boolean }
    | {
        kind: "opensearch";
        endpoint: string;
        index: string;
        service: "es" | "aoss";
        region?: string;
        domain?: string;
      };
  embedder:
    | { kind: "hashed"; dimension: number }
    | { kind: "bedrock"; modelId: string; dimensions: TitanDimensions; region?: string; endpoint?: string };
  tavily?: { apiKey: string; baseUrl: string };
  naverBaseUrl: string;
  conversations: { table?: string; ttlSeconds: number };
  /** where ingest uploads, batches and rejection files are kept */
  blobs: { kind: "s3"; bucket: string; region?: string } | { kind: "dir"; dir: string };
  settings: QaSettings;
}

/** Parsed variables (+ DATA_DIR) → settings. */
export function qaConfig(
  env: QaEnvValues,
  dataDir: string,
  naverBaseUrl = "https://openapi.naver.com",
): QaConfig {
  const useOpenSearch =
    env.QA_INDEX === "opensearch" || (env.QA_INDEX === "auto" && Boolean(env.OPENSEARCH_ENDPOINT));
  if (useOpenSearch && !env.OPENSEARCH_ENDPOINT)
    throw new Error("OPENSEARCH_ENDPOINT: is required when QA_INDEX=opensearch");
  const bedrock = env.QA_EMBEDDER === "bedrock" || (env.QA_EMBEDDER === "auto" && useOpenSearch);
  return {
    index: useOpenSearch
      ? {
          kind: "opensearch",
          endpoint: env.OPENSEARCH_ENDPOINT!,
          index: env.OPENSEARCH_INDEX,
          service: env.OPENSEARCH_SERVICE,
          region: env.AWS_REGION,
          domain: env.OPENSEARCH_DOMAIN,
        }
      : {
          kind: "local",
          file: join(dataDir, "restaurants", `${env.OPENSEARCH_INDEX}.jsonl`),
          demoCorpus: env.QA_DEMO_CORPUS === "auto",
        },
    embedder: bedrock
      ? {
          kind: "bedrock",
          modelId: env.BEDROCK_EMBED_MODEL_ID,
          dimensions: env.BEDROCK_EMBED_DIMENSIONS as TitanDimensions,
          region: env.AWS_REGION,
          endpoint: env.BEDROCK_ENDPOINT,
        }
      : { kind: "hashed", dimension: env.QA_HASHED_DIMENSIONS },
    tavily: env.TAVILY_API_KEY ? { apiKey: env.TAVILY_API_KEY, baseUrl: env.TAVILY_BASE_URL } : undefined,
    naverBaseUrl,
    conversations: { table: env.QA_TABLE, ttlSeconds: env.QA_CONVERSATION_TTL_S },
    blobs: env.QA_INGEST_BUCKET
      ? { kind: "s3", bucket: env.QA_INGEST_BUCKET, region: env.AWS_REGION }
      : { kind: "dir", dir: join(dataDir, "blobs") },
    settings: {
      candidates: env.QA_CANDIDATES,
      size: env.QA_RESULTS,
      boost: env.QA_BOOST === "on",
      boostWeight: 0.1,
      defaultRadiusM: env.QA_RADIUS_M,
      maxWidenings: env.QA_MAX_WIDENINGS,
      relevanceThreshold: env.QA_RELEVANCE_THRESHOLD,
    },
  };
}

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
    replicas: config.index.kind === "opensearch" ? 1 : 0,
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
        ? new DynamoConversations(shared.documents, config.conversations.table, {
            ttlSeconds: config.conversations.ttlSeconds,
          })
        : new InMemoryConversations({ ttlSeconds: config.conversations.ttlSeconds }),
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
