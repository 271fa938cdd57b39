// The settings the product runs with, read from the environment through the one config schema
// (config-schema.ts): each part of the product takes its section. No other module reads process.env.
// every entry point loads the configuration first: zod's reasons are Korean from here on (zod-ko.ts)
import "./zod-ko.ts";
import { parseEnv, ConfigError } from "./config-fields.ts";
import type { ApiKeyEntry } from "./config-api-keys.ts";
import { clientConfig, type ClientConfig } from "./config-client.ts";
import {
  ConfigSchema,
  STATE_MACHINE_ARN_VARIABLES,
  type MachineKey,
  type RawConfig,
} from "./config-schema.ts";
import { newsConfig, type NewsConfig } from "../news/config.ts";
import { placeProvider } from "../place-search/config.ts";
import { qaConfig, type QaConfig } from "../restaurant-qa/config.ts";
import { simulationConfig, type SimulationConfig } from "../simulation/config.ts";

export interface Config {
  port: number;
  host: string;
  server: {
    /** the local server may listen open (no API_KEYS) on a non-loopback HOST */
    allowOpenNetwork: boolean;
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    /** a connection with no request in progress (one that never sent a byte included) is closed after this */
    idleTimeoutMs: number;
    /** a keep-alive connection is closed this long after its last answer */
    keepAliveTimeoutMs: number;
    /** requests worked on at once at most; past the limit 503 with Retry-After (/health, /ready excepted) */
    maxInFlight: number;
    /** the limit follows measured latency below maxInFlight */
    adaptiveLimit: boolean;
    /** the event loop's p99 delay past which the adaptive limit comes down */
    loopDelayTargetMs: number;
    /** a body arrives whole within this, and after two seconds at this pace at least (else 408) */
    bodyTimeoutMs: number;
    bodyMinBytesPerSecond: number;
    /** hosts the keyless server answers besides the loopback and its HOST ("*": any) */
    allowedHosts: string[];
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
  simulation: SimulationConfig;
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
  /** the command line: the server it talks to (DONGNE_API_URL, DONGNE_API_KEY, DONGNE_CLI_MODE) */
  client: ClientConfig;
  logLevel: RawConfig["LOG_LEVEL"];
  /** on: Powertools metrics (CloudWatch EMF lines on stdout; the stack sets it) */
  metrics: boolean;
}

export { ConfigError };

const server = (e: RawConfig): Config["server"] => ({
  allowOpenNetwork: e.ALLOW_OPEN_NETWORK === "yes",
  // Node refuses a header timeout longer than the request's
  headersTimeoutMs: Math.min(e.SERVER_HEADERS_TIMEOUT_MS, e.SERVER_REQUEST_TIMEOUT_MS),
  requestTimeoutMs: e.SERVER_REQUEST_TIMEOUT_MS,
  idleTimeoutMs: e.SERVER_IDLE_TIMEOUT_MS,
  keepAliveTimeoutMs: e.SERVER_KEEP_ALIVE_TIMEOUT_MS,
  maxInFlight: e.API_MAX_IN_FLIGHT,
  adaptiveLimit: e.API_ADAPTIVE_LIMIT === "on",
  loopDelayTargetMs: e.API_LOOP_DELAY_TARGET_MS,
  bodyTimeoutMs: Math.min(e.SERVER_BODY_TIMEOUT_MS, e.SERVER_REQUEST_TIMEOUT_MS),
  bodyMinBytesPerSecond: e.SERVER_BODY_MIN_BYTES_PER_S,
  allowedHosts: e.API_ALLOWED_HOSTS,
});

const llm = (e: RawConfig): Config["llm"] => ({
  mode: e.LLM_MODE === "auto" ? (e.ANTHROPIC_API_KEY ? "anthropic" : "offline") : e.LLM_MODE,
  apiKey: e.ANTHROPIC_API_KEY,
  baseURL: e.ANTHROPIC_BASE_URL,
  fastModel: e.LLM_MODEL_FAST,
  smartModel: e.LLM_MODEL_SMART,
  timeoutMs: e.LLM_TIMEOUT_MS,
  pricePerMTok: { input: e.LLM_PRICE_INPUT_PER_MTOK, output: e.LLM_PRICE_OUTPUT_PER_MTOK },
  smartPricePerMTok: { input: e.LLM_PRICE_SMART_INPUT_PER_MTOK, output: e.LLM_PRICE_SMART_OUTPUT_PER_MTOK },
  gate: { table: e.LLM_LEASE_TABLE, limit: e.LLM_MAX_CONCURRENCY, maxWaitMs: e.LLM_GATE_WAIT_MS },
});

/** Naver's keys count only as a pair. */
const naverKeys = (e: RawConfig) =>
  e.NAVER_CLIENT_ID && e.NAVER_CLIENT_SECRET
    ? { clientId: e.NAVER_CLIENT_ID, clientSecret: e.NAVER_CLIENT_SECRET }
    : undefined;

const providers = (e: RawConfig): Config["providers"] => ({
  place: placeProvider(e),
  kakaoKey: e.KAKAO_REST_API_KEY,
  googleKey: e.GOOGLE_MAPS_API_KEY,
  naver: naverKeys(e),
  baseUrls: {
    kakao: e.KAKAO_BASE_URL,
    kakaoMobility: e.KAKAO_MOBILITY_BASE_URL,
    googlePlaces: e.GOOGLE_PLACES_BASE_URL,
    googleRoutes: e.GOOGLE_ROUTES_BASE_URL,
    naver: e.NAVER_BASE_URL,
  },
  timeoutMs: e.PROVIDER_TIMEOUT_MS,
});

const aws = (e: RawConfig): Config["aws"] => ({
  secretsArn: e.SECRETS_ARN,
  secretsTtlSeconds: e.SECRETS_TTL_SECONDS,
  tables: { simulation: e.SIM_TABLE, news: e.NEWS_CACHE_TABLE, qa: e.QA_TABLE },
  dynamoEndpoint: e.DYNAMODB_ENDPOINT,
  stateMachines: Object.fromEntries(
    Object.entries(STATE_MACHINE_ARN_VARIABLES).map(([key, variable]) => [key, e[variable]]),
  ),
  stepFunctionsEndpoint: e.STEP_FUNCTIONS_ENDPOINT,
});

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(ConfigSchema, env);
  const naver = naverKeys(e);
  return {
    port: e.PORT,
    host: e.HOST,
    server: server(e),
    api: {
      keys: e.API_KEYS,
      budgetMs: e.API_BUDGET_MS,
      llmRequestsPerCallerPerDay: e.API_LLM_REQUESTS_PER_CALLER_PER_DAY,
    },
    llm: llm(e),
    providers: providers(e),
    dataDir: e.DATA_DIR,
    version: e.DONGNE_VERSION,
    providerConcurrency: e.PROVIDER_CONCURRENCY,
    simulation: simulationConfig(e),
    aws: aws(e),
    news: newsConfig(e, naver && { ...naver, baseUrl: e.NAVER_BASE_URL }),
    qa: qaConfig(e, e.DATA_DIR, e.NAVER_BASE_URL),
    client: clientConfig(e),
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS === "on",
  };
}
