// One zod schema over the environment: every setting the product reads, parsed once at start-up (or
// when the keys secret changes, in AWS). No other module reads process.env.
import { z } from "zod";
import { ConfigError, int, optionalSecret } from "./config-fields.ts";
import { type ApiKeyEntry, apiKeys, LOG_LEVELS, SECRETS_TTL } from "./config-api-keys.ts";

import { newsConfig, NewsEnv, newsEnvIssues, type NewsConfig } from "./config-news.ts";
import { qaConfig, QaEnv, type QaConfig } from "./config-restaurant-qa.ts";

const optionalText = optionalSecret;

/** A synchronous request's budget unless API_BUDGET_MS says otherwise (the stack sets it to this). */
export const DEFAULT_API_BUDGET_MS = 25_000;

const money = (fallback: number) => z.coerce.number().min(0).max(1_000_000).default(fallback);
const baseUrl = (fallback: string) => z.url().default(fallback);

/**
 * The provider and LLM keys: the only variables the keys secret (Secrets Manager, in AWS) may set. The
 * stack creates that secret as a JSON object of these names, each one empty.
 */
export const PROVIDER_KEY_NAMES = [
  "ANTHROPIC_API_KEY",
  "KAKAO_REST_API_KEY",
  "GOOGLE_MAPS_API_KEY",
  "NAVER_CLIENT_ID",
  "NAVER_CLIENT_SECRET",
  "OPENDART_API_KEY",
  "TAVILY_API_KEY",
] as const;
/** Keys that only work together: one without the other counts as neither set. */
export const PAIRED_KEY_NAMES = [["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET"]] as const;
/**
 * The state machines the API starts, each with the variable the stack sets to its ARN: the one list of
 * their names (the workflow port, the local runner and CDK take theirs from it).
 */
export const STATE_MACHINE_ARN_VARIABLES = {
  plan: "PLAN_STATE_MACHINE_ARN",
  search: "SEARCH_STATE_MACHINE_ARN",
  news: "NEWS_STATE_MACHINE_ARN",
  qa: "QA_STATE_MACHINE_ARN",
  qaIngest: "QA_INGEST_STATE_MACHINE_ARN",
  qaIngestJob: "QA_INGEST_JOB_STATE_MACHINE_ARN",
  simulation: "SIMULATION_STATE_MACHINE_ARN",
} as const;
export type MachineKey = keyof typeof STATE_MACHINE_ARN_VARIABLES;
type StateMachineArnVariable = (typeof STATE_MACHINE_ARN_VARIABLES)[MachineKey];

export { API_KEYS_NAMES, ApiKeyEntry } from "./config-api-keys.ts";

export const ConfigSchema = z
  .object({
    // -- the local server and the API
    PORT: int(0, 65535, 3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    API_KEYS: apiKeys,
    /** yes: serve without API_KEYS on a HOST other than loopback (open to the network) */
    ALLOW_OPEN_NETWORK: z.enum(["no", "yes"]).default("no"),
    /** the local server closes a request whose headers (or whole request) take longer than this */
    SERVER_HEADERS_TIMEOUT_MS: int(100, 600_000, 10_000),
    SERVER_REQUEST_TIMEOUT_MS: int(100, 600_000, 30_000),
    /** a synchronous request's budget; API Gateway gives up at 29 s */
    API_BUDGET_MS: int(1000, 28_000, DEFAULT_API_BUDGET_MS),

    // -- the LLM
    LLM_MODE: z.enum(["auto", "anthropic", "offline"]).default("auto"),
    ANTHROPIC_API_KEY: optionalSecret,
    ANTHROPIC_BASE_URL: z.url().optional(),
    LLM_MODEL_FAST: z.string().min(1).default("claude-haiku-5-5"),
    LLM_MODEL_SMART: z.string().min(1).default("claude-sonnet-5-5"),
    LLM_TIMEOUT_MS: int(100, 600_000, 30_000),
    /**
     * USD per million tokens, for spend estimates, budgets, metrics and the spend alarm. The defaults
     * are Anthropic's published Claude Haiku 4.5 price ($1 in / $5 out; pricing page as of 2025-10 —
     * the configured claude-haiku-5-5's could not be checked offline): set them to LLM_MODEL_FAST's
     * price (the simulation asks the fast tier).
     */
    LLM_PRICE_INPUT_PER_MTOK: money(1),
    LLM_PRICE_OUTPUT_PER_MTOK: money(5),
    /** the smart tier's (LLM_MODEL_SMART) price: Claude Sonnet 4.5's published $3 / $15 (2025-10) */
    LLM_PRICE_SMART_INPUT_PER_MTOK: money(3),
    LLM_PRICE_SMART_OUTPUT_PER_MTOK: money(15),
    /**
     * the account-wide LLM semaphore's table (DynamoDB, pk/sk): unset, no account-wide gate (one machine;
     * the stack sets it on every Lambda that may call the LLM)
     */
    LLM_LEASE_TABLE: optionalText,
    /** LLM calls in flight at once across every simulation, experiment and synchronous route */
    LLM_MAX_CONCURRENCY: int(1, 1000, 50),
    /** how long a call without a deadline (a simulation turn, ingest enrichment) waits for a slot */
    LLM_GATE_WAIT_MS: int(0, 600_000, 60_000),
    /** LLM-backed synchronous requests (search, plan, restaurant QA, news) one API key may make per UTC day */
    API_LLM_REQUESTS_PER_CALLER_PER_DAY: int(1, 10_000_000, 2000),

    // -- map providers
    KAKAO_REST_API_KEY: optionalSecret,
    KAKAO_BASE_URL: baseUrl("https://dapi.kakao.com"),
    KAKAO_MOBILITY_BASE_URL: baseUrl("https://apis-navi.kakaomobility.com"),
    GOOGLE_MAPS_API_KEY: optionalSecret,
    GOOGLE_PLACES_BASE_URL: baseUrl("https://places.googleapis.com"),
    GOOGLE_ROUTES_BASE_URL: baseUrl("https://routes.googleapis.com"),
    NAVER_CLIENT_ID: optionalSecret,
    NAVER_CLIENT_SECRET: optionalSecret,
    NAVER_BASE_URL: baseUrl("https://openapi.naver.com"),
    PROVIDER_TIMEOUT_MS: int(100, 60_000, 10_000),
    PLACE_PROVIDER: z.enum(["auto", "kakao", "embedded"]).default("auto"),
    PROVIDER_CONCURRENCY: int(1, 64, 8),
    DATA_DIR: z.string().min(1).default(".data"),

    // -- the simulation
    SIM_PERSONAS_FILE: optionalText,
    SIM_BACKOFF_UNIT_MS: int(0, 120_000, 10_000),
    SIM_MAX_CONCURRENT_LLM_CALLS: int(1, 100, 10),
    SIM_STORE: z.enum(["disk", "memory"]).default("disk"),
    /** agent-days one caller may start per UTC day (a 160-agent, 7-day simulation is 1,120) */
    SIM_MAX_AGENT_DAYS_PER_CALLER: int(1, 1_000_000, 10_000),
    /** above this share of llm_failed turns a run ends completed_with_failures */
    SIM_FAILED_TURNS_THRESHOLD: z.coerce.number().min(0).max(1).default(0.05),
    /** 004 waits 0.5 s after each LLM call, inside the semaphore */
    SIM_RATE_DELAY_MS: int(0, 60_000, 500),
    /** the most one LLM simulation may spend (USD): a request's budgetUsd is capped by it; unset: no cap */
    SIM_MAX_BUDGET_USD: z.coerce.number().positive().max(1_000_000).optional(),
    /** the product version provenance records (the stack sets it at synth; else the git commit) */
    DONGNE_VERSION: optionalText,

    // -- AWS wiring (set by the stack) and local stand-ins
    SECRETS_ARN: optionalText,
    SECRETS_TTL_SECONDS: SECRETS_TTL,
    SIM_TABLE: z.string().min(1).default("dongne-simulations"),
    DYNAMODB_ENDPOINT: z.url().optional(),
    ...(Object.fromEntries(
      Object.values(STATE_MACHINE_ARN_VARIABLES).map((v) => [v, optionalText]),
    ) as Record<StateMachineArnVariable, typeof optionalText>),
    STEP_FUNCTIONS_ENDPOINT: z.url().optional(),

    // -- news & disclosures (seed 003)
    ...NewsEnv,

    // -- restaurant QA (seed 002)
    ...QaEnv,

    // -- observability
    LOG_LEVEL: LOG_LEVELS,
    METRICS: z.enum(["off", "on"]).default("off"),
  })
  .superRefine((env, ctx) => {
    if (env.LLM_MODE === "anthropic" && !env.ANTHROPIC_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["ANTHROPIC_API_KEY"],
        message: "is required when LLM_MODE=anthropic",
      });
    }
    if (env.PLACE_PROVIDER === "kakao" && !env.KAKAO_REST_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["KAKAO_REST_API_KEY"],
        message: "is required when PLACE_PROVIDER=kakao",
      });
    }
    if (env.QA_INDEX === "opensearch" && !env.OPENSEARCH_ENDPOINT)
      ctx.addIssue({
        code: "custom",
        path: ["OPENSEARCH_ENDPOINT"],
        message: "is required when QA_INDEX=opensearch",
      });
    for (const [variable, message] of newsEnvIssues(env))
      ctx.addIssue({ code: "custom", path: [variable], message });
    if (Boolean(env.NAVER_CLIENT_ID) !== Boolean(env.NAVER_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.NAVER_CLIENT_ID ? "NAVER_CLIENT_SECRET" : "NAVER_CLIENT_ID"],
        message: "NAVER_CLIENT_ID and NAVER_CLIENT_SECRET must be set together",
      });
    }
  });

type RawConfig = z.infer<typeof ConfigSchema>;

export interface Config {
  port: number;
  host: string;
  server: {
    /** the local server may listen open (no API_KEYS) on a non-loopback HOST */
    allowOpenNetwork: boolean;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
  };
  api: {
    /** empty: the API is open (the local default, on loopback) */
    keys: ApiKeyEntry[];
    budgetMs: number;
    /** LLM-backed synchronous requests per caller and UTC day (counted only when an LLM is configured) */
    llmRequestsPerCallerPerDay: number;
  };
  llm: {
    mode: "anthropic" | "offline";
    apiKey?: string;
    baseURL?: string;
    fastModel: string;
    smartModel: string;
    timeoutMs: number;
    pricePerMTok: { input: number; output: number };
    /** the smart tier's price (each call is priced at its own tier's) */
    smartPricePerMTok: { input: number; output: number };
    /** the account-wide gate: its table (none: no gate), its size and the wait for a slot */
    gate: { table?: string; limit: number; maxWaitMs: number };
  };
  providers: {
    place: "kakao" | "embedded";
    kakaoKey?: string;
    googleKey?: string;
    naver?: { clientId: string; clientSecret: string };
    baseUrls: {
      kakao: string;
      kakaoMobility: string;
      googlePlaces: string;
      googleRoutes: string;
      naver: string;
    };
    timeoutMs: number;
  };
  dataDir: string;
  /** provider calls in flight at once within one search (route sample points × keywords) */
  providerConcurrency: number;
  simulation: {
    /** a JSON array of personas replacing the default set */
    personasFile?: string;
    /** 004: a 429 waits (attempt + 1) × this */
    backoffUnitMs: number;
    /** 004's max_concurrent_llm_calls when a request does not say */
    maxConcurrentLlmCalls: number;
    /** local runs: dynalite on disk under DATA_DIR/dynamodb (survives a restart), or in memory */
    store: RawConfig["SIM_STORE"];
    maxAgentDaysPerCaller: number;
    /** above this share of llm_failed turns a run ends completed_with_failures */
    failedTurnsThreshold: number;
    /** 004's wait after each LLM call, inside the semaphore */
    rateDelayMs: number;
    /** the most one LLM simulation may spend (USD); undefined: no cap */
    maxBudgetUsd?: number;
  };
  /** DONGNE_VERSION: the product version (provenance); undefined: found from the checkout */
  version?: string;
  aws: {
    secretsArn?: string;
    secretsTtlSeconds: number;
    tables: { simulation: string; news: string; qa: string };
    /** dynalite (local runs, tests, the deployed-shape test) instead of DynamoDB */
    dynamoEndpoint?: string;
    stateMachines: Partial<Record<MachineKey, string>>;
    stepFunctionsEndpoint?: string;
  };
  news: NewsConfig;
  qa: QaConfig;
  logLevel: RawConfig["LOG_LEVEL"];
  /** on: Powertools metrics (CloudWatch EMF lines on stdout; the stack sets it) */
  metrics: boolean;
}

export { ConfigError };

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? "environment"), message: i.message })),
    );
  }
  const e = parsed.data;
  const llmMode = e.LLM_MODE === "auto" ? (e.ANTHROPIC_API_KEY ? "anthropic" : "offline") : e.LLM_MODE;
  const place =
    e.PLACE_PROVIDER === "auto" ? (e.KAKAO_REST_API_KEY ? "kakao" : "embedded") : e.PLACE_PROVIDER;
  return {
    port: e.PORT,
    host: e.HOST,
    server: {
      allowOpenNetwork: e.ALLOW_OPEN_NETWORK === "yes",
      // Node refuses a header timeout longer than the request's
      headersTimeoutMs: Math.min(e.SERVER_HEADERS_TIMEOUT_MS, e.SERVER_REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.SERVER_REQUEST_TIMEOUT_MS,
    },
    api: {
      keys: e.API_KEYS,
      budgetMs: e.API_BUDGET_MS,
      llmRequestsPerCallerPerDay: e.API_LLM_REQUESTS_PER_CALLER_PER_DAY,
    },
    llm: {
      mode: llmMode,
      apiKey: e.ANTHROPIC_API_KEY,
      baseURL: e.ANTHROPIC_BASE_URL,
      fastModel: e.LLM_MODEL_FAST,
      smartModel: e.LLM_MODEL_SMART,
      timeoutMs: e.LLM_TIMEOUT_MS,
      pricePerMTok: { input: e.LLM_PRICE_INPUT_PER_MTOK, output: e.LLM_PRICE_OUTPUT_PER_MTOK },
      smartPricePerMTok: {
        input: e.LLM_PRICE_SMART_INPUT_PER_MTOK,
        output: e.LLM_PRICE_SMART_OUTPUT_PER_MTOK,
      },
      gate: { table: e.LLM_LEASE_TABLE, limit: e.LLM_MAX_CONCURRENCY, maxWaitMs: e.LLM_GATE_WAIT_MS },
    },
    providers: {
      place,
      kakaoKey: e.KAKAO_REST_API_KEY,
      googleKey: e.GOOGLE_MAPS_API_KEY,
      naver:
        e.NAVER_CLIENT_ID && e.NAVER_CLIENT_SECRET
          ? { clientId: e.NAVER_CLIENT_ID, clientSecret: e.NAVER_CLIENT_SECRET }
          : undefined,
      baseUrls: {
        kakao: e.KAKAO_BASE_URL,
        kakaoMobility: e.KAKAO_MOBILITY_BASE_URL,
        googlePlaces: e.GOOGLE_PLACES_BASE_URL,
        googleRoutes: e.GOOGLE_ROUTES_BASE_URL,
        naver: e.NAVER_BASE_URL,
      },
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
    },
    dataDir: e.DATA_DIR,
    version: e.DONGNE_VERSION,
    providerConcurrency: e.PROVIDER_CONCURRENCY,
    simulation: {
      personasFile: e.SIM_PERSONAS_FILE,
      backoffUnitMs: e.SIM_BACKOFF_UNIT_MS,
      maxConcurrentLlmCalls: e.SIM_MAX_CONCURRENT_LLM_CALLS,
      store: e.SIM_STORE,
      maxAgentDaysPerCaller: e.SIM_MAX_AGENT_DAYS_PER_CALLER,
      failedTurnsThreshold: e.SIM_FAILED_TURNS_THRESHOLD,
      rateDelayMs: e.SIM_RATE_DELAY_MS,
      maxBudgetUsd: e.SIM_MAX_BUDGET_USD,
    },
    aws: {
      secretsArn: e.SECRETS_ARN,
      secretsTtlSeconds: e.SECRETS_TTL_SECONDS,
      tables: { simulation: e.SIM_TABLE, news: e.NEWS_CACHE_TABLE, qa: e.QA_TABLE },
      dynamoEndpoint: e.DYNAMODB_ENDPOINT,
      stateMachines: Object.fromEntries(
        Object.entries(STATE_MACHINE_ARN_VARIABLES).map(([key, variable]) => [key, e[variable]]),
      ),
      stepFunctionsEndpoint: e.STEP_FUNCTIONS_ENDPOINT,
    },
    news: newsConfig(
      e,
      e.NAVER_CLIENT_ID && e.NAVER_CLIENT_SECRET
        ? { clientId: e.NAVER_CLIENT_ID, clientSecret: e.NAVER_CLIENT_SECRET, baseUrl: e.NAVER_BASE_URL }
        : undefined,
    ),
    qa: qaConfig(e, e.DATA_DIR, e.NAVER_BASE_URL),
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS === "on",
  };
}
