// Restaurant QA's part of the one config schema (seed 002): its variables as zod fields, its settings
// and their defaults, and the function from parsed values to settings. It belongs to the platform layer
// (the platform's config composes it) and imports only platform code; the feature chooses its adapters
// from these settings (restaurant-qa/wiring.ts).
import { join } from "node:path";
import { z } from "zod";
import { int, NAVER_BASE_URL, optionalSecret } from "../platform/config-fields.ts";

export const TITAN_V2_MODEL_ID = "amazon.titan-embed-text-v2:0";
export const TITAN_V2_DIMENSIONS = [256, 512, 1024] as const;
export type TitanDimensions = (typeof TITAN_V2_DIMENSIONS)[number];

/**
 * The offline grader's similarity threshold on (1 + cos) / 2. bench/restaurant-qa.ts calibrates it on
 * half the queries (0.5009) and reports it on the other half: with the hashed embedder, similarity
 * adds little once the hard conditions are checked, so the threshold sits at cos ≈ 0 and only turns
 * away documents that share nothing with the question (docs/restaurant-qa.md has the figures).
 */
export const OFFLINE_RELEVANCE_THRESHOLD = 0.5;

export interface RetrievalSettings {
  /** 002's num_candidates: OpenSearch's k (and HNSW ef_search) */
  candidates: number;
  /** documents returned (002: 5) */
  size: number;
  /** apply atmosphere/occasion as should-boosts (true) or leave them to the vector (002 §6's other reading) */
  boost: boolean;
  /** score added per matching atmosphere/occasion value */
  boostWeight: number;
}

export const DEFAULT_RETRIEVAL: RetrievalSettings = {
  candidates: 100,
  size: 5,
  boost: true,
  boostWeight: 0.1,
};

export interface QaSettings extends RetrievalSettings {
  defaultRadiusM: number;
  maxWidenings: number;
  relevanceThreshold: number;
}

/** The environment variables restaurant QA reads (merge into ConfigSchema). */
export const QaEnv = {
  /** auto: OpenSearch when OPENSEARCH_ENDPOINT is set, else the local engine */
  QA_INDEX: z.enum(["auto", "local", "opensearch"]).default("auto"),
  OPENSEARCH_ENDPOINT: z.url().optional(),
  OPENSEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,100}$/, "영문 소문자, 숫자, _, -만 쓸 수 있습니다")
    .default("restaurants"),
  /** replicas of the restaurant index: at most the domain's data nodes − 1 (the stack sets it per profile) */
  OPENSEARCH_REPLICAS: int(0, 5, 1),
  /** es: a managed domain; aoss: an OpenSearch Serverless collection */
  OPENSEARCH_SERVICE: z.enum(["es", "aoss"]).default("es"),
  /** the domain's name, for the status command (control plane) */
  OPENSEARCH_DOMAIN: z.string().min(3).max(28).optional(),
  /** auto: Bedrock Titan with OpenSearch, the hashed embedder with the local engine */
  QA_EMBEDDER: z.enum(["auto", "hashed", "bedrock"]).default("auto"),
  QA_HASHED_DIMENSIONS: z.coerce
    .number()
    .int()
    .refine((n) => [128, 256, 512, 1024].includes(n), "128, 256, 512, 1024 중 하나여야 합니다")
    .default(512),
  BEDROCK_EMBED_MODEL_ID: z.string().min(1).default(TITAN_V2_MODEL_ID),
  BEDROCK_EMBED_DIMENSIONS: z.coerce
    .number()
    .int()
    .refine((n) => [256, 512, 1024].includes(n), "256, 512, 1024 중 하나여야 합니다")
    .default(512),
  /** a proxy or VPC endpoint for bedrock-runtime */
  BEDROCK_ENDPOINT: z.url().optional(),
  /** Titan calls a second one process starts at most (the stack sets it on the ingest functions); unset: unpaced */
  BEDROCK_EMBED_RATE: z.coerce.number().positive().max(1000).optional(),
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
  /** conversations kept per API key; every answer opens one, the oldest opened gives way */
  QA_CONVERSATIONS_PER_CALLER: int(1, 1_000_000, 1000),
  /** local engine with nothing ingested: serve the synthetic demo corpus (auto) or nothing (off) */
  QA_DEMO_CORPUS: z.enum(["auto", "off"]).default("auto"),
};
export const QaEnvSchema = z.object(QaEnv);
export type QaEnvValues = z.infer<typeof QaEnvSchema>;

/** Cross-field rules for the schema's superRefine: [variable, message]. */
export const qaEnvIssues = (env: QaEnvValues): [string, string][] =>
  env.QA_INDEX === "opensearch" && !env.OPENSEARCH_ENDPOINT
    ? [["OPENSEARCH_ENDPOINT", "QA_INDEX=opensearch이면 필요합니다"]]
    : [];

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
        replicas: number;
      };
  embedder:
    | { kind: "hashed"; dimension: number }
    | {
        kind: "bedrock";
        modelId: string;
        dimensions: TitanDimensions;
        region?: string;
        endpoint?: string;
        ratePerSecond?: number;
      };
  tavily?: { apiKey: string; baseUrl: string };
  naverBaseUrl: string;
  conversations: { table?: string; ttlSeconds: number; perCaller: number };
  /** where ingest uploads, batches and rejection files are kept */
  blobs: { kind: "s3"; bucket: string; region?: string } | { kind: "dir"; dir: string };
  settings: QaSettings;
}

/** Parsed variables (+ DATA_DIR) → settings. */
export function qaConfig(env: QaEnvValues, dataDir: string, naverBaseUrl = NAVER_BASE_URL): QaConfig {
  const useOpenSearch =
    env.QA_INDEX === "opensearch" || (env.QA_INDEX === "auto" && Boolean(env.OPENSEARCH_ENDPOINT));
  if (useOpenSearch && !env.OPENSEARCH_ENDPOINT)
    throw new Error("OPENSEARCH_ENDPOINT: QA_INDEX=opensearch이면 필요합니다");
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
          replicas: env.OPENSEARCH_REPLICAS,
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
          ratePerSecond: env.BEDROCK_EMBED_RATE,
        }
      : { kind: "hashed", dimension: env.QA_HASHED_DIMENSIONS },
    tavily: env.TAVILY_API_KEY ? { apiKey: env.TAVILY_API_KEY, baseUrl: env.TAVILY_BASE_URL } : undefined,
    naverBaseUrl,
    conversations: {
      table: env.QA_TABLE,
      ttlSeconds: env.QA_CONVERSATION_TTL_S,
      perCaller: env.QA_CONVERSATIONS_PER_CALLER,
    },
    blobs: env.QA_INGEST_BUCKET
      ? { kind: "s3", bucket: env.QA_INGEST_BUCKET, region: env.AWS_REGION }
      : { kind: "dir", dir: join(dataDir, "blobs") },
    settings: {
      candidates: env.QA_CANDIDATES,
      size: env.QA_RESULTS,
      boost: env.QA_BOOST === "on",
      boostWeight: DEFAULT_RETRIEVAL.boostWeight,
      defaultRadiusM: env.QA_RADIUS_M,
      maxWidenings: env.QA_MAX_WIDENINGS,
      relevanceThreshold: env.QA_RELEVANCE_THRESHOLD,
    },
  };
}
