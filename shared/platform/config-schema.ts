// One zod schema over the environment: every variable the product reads, with its default, parsed once
// at start-up (or when the keys secret changes, in AWS). No other module reads process.env. Each
// feature's variables are a fragment of it (shared/<feature>/config.ts, platform code kept with the
// feature it configures); config.ts turns the parsed values into settings.
import { z } from "zod";
import { int, NAVER_BASE_URL, optionalSecret } from "./config-fields.ts";
import { apiKeys, LOG_LEVELS, SECRETS_TTL } from "./config-api-keys.ts";
import { ClientEnv } from "./config-client.ts";
import { NewsEnv, newsEnvIssues } from "../news/config.ts";
import { PlaceSearchEnv, placeSearchEnvIssues } from "../place-search/config.ts";
import { QaEnv, qaEnvIssues } from "../restaurant-qa/config.ts";
import { SimulationEnv } from "../simulation/config.ts";

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

const Variables = z.object({
  // -- the local server and the API
  PORT: int(0, 65535, 3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  API_KEYS: apiKeys,
  /** yes: serve without API_KEYS on a HOST other than loopback (open to the network) */
  ALLOW_OPEN_NETWORK: z.enum(["no", "yes"]).default("no"),
  /** the local server closes a request whose headers (or whole request) take longer than this */
  SERVER_HEADERS_TIMEOUT_MS: int(100, 600_000, 10_000),
  SERVER_REQUEST_TIMEOUT_MS: int(100, 600_000, 30_000),
  /** the local server closes a connection idle this long with no request in progress (one that never sends a byte too) */
  SERVER_IDLE_TIMEOUT_MS: int(100, 3_600_000, 30_000),
  /** the local server closes a keep-alive connection this long after its last answer if no request follows */
  SERVER_KEEP_ALIVE_TIMEOUT_MS: int(100, 600_000, 5_000),
  /** a request's body must arrive whole within this (the local server reads it before working on it) */
  SERVER_BODY_TIMEOUT_MS: int(100, 600_000, 20_000),
  /** …and, after its first two seconds, at an average of at least this many bytes a second (else 408) */
  SERVER_BODY_MIN_BYTES_PER_S: int(0, 1_000_000_000, 1024),
  /**
   * the most requests the local server works on at once; past its limit it answers 503 with
   * Retry-After (never /health or /ready). The limit follows measured latency below this
   * (API_ADAPTIVE_LIMIT=off: fixed at this)
   */
  API_MAX_IN_FLIGHT: int(1, 100_000, 64),
  API_ADAPTIVE_LIMIT: z.enum(["on", "off"]).default("on"),
  /** the event loop's p99 delay (ms) past which the adaptive limit comes down */
  API_LOOP_DELAY_TARGET_MS: int(1, 10_000, 50),
  /**
   * hosts the keyless local server answers besides the loopback (localhost, 127.0.0.1, [::1]) and
   * its HOST: "name" or "name:port", comma-separated; "*" answers any Host header
   */
  API_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim())
        .filter(Boolean),
    ),
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
  NAVER_BASE_URL: baseUrl(NAVER_BASE_URL),
  PROVIDER_TIMEOUT_MS: int(100, 60_000, 10_000),
  ...PlaceSearchEnv,
  DATA_DIR: z.string().min(1).default(".data"),

  // -- the simulation (seed 004)
  ...SimulationEnv,
  /** the product version provenance records (the stack sets it at synth; else the git commit) */
  DONGNE_VERSION: optionalText,

  // -- AWS wiring (set by the stack) and local stand-ins
  SECRETS_ARN: optionalText,
  SECRETS_TTL_SECONDS: SECRETS_TTL,
  SIM_TABLE: z.string().min(1).default("dongne-simulations"),
  DYNAMODB_ENDPOINT: z.url().optional(),
  ...(Object.fromEntries(Object.values(STATE_MACHINE_ARN_VARIABLES).map((v) => [v, optionalText])) as Record<
    StateMachineArnVariable,
    typeof optionalText
  >),
  STEP_FUNCTIONS_ENDPOINT: z.url().optional(),

  // -- news & disclosures (seed 003)
  ...NewsEnv,

  // -- restaurant QA (seed 002)
  ...QaEnv,

  // -- the command line (npx dongne): which server it talks to
  ...ClientEnv,

  // -- observability
  LOG_LEVEL: LOG_LEVELS,
  METRICS: z.enum(["off", "on"]).default("off"),
});

/** Every variable's name: infra sets only these (a misspelt or removed one fails the type check). */
export type EnvName = keyof typeof Variables.shape;

/**
 * A variable's value when it is not set, as the schema defines it: for what must agree with it without
 * reading the environment (infra sizing what the functions will read, an adapter's own default).
 */
export function defaultOf<K extends EnvName>(name: K): z.output<(typeof Variables.shape)[K]> {
  return (Variables.shape[name] as z.ZodType).parse(undefined) as z.output<(typeof Variables.shape)[K]>;
}

/** Rules across variables, each fragment's with the platform's own: [variable, message]. */
function crossFieldIssues(env: z.infer<typeof Variables>): [string, string][] {
  const issues: [string, string][] = [];
  if (env.LLM_MODE === "anthropic" && !env.ANTHROPIC_API_KEY)
    issues.push(["ANTHROPIC_API_KEY", "LLM_MODE=anthropic이면 필요합니다"]);
  issues.push(...placeSearchEnvIssues(env), ...qaEnvIssues(env), ...newsEnvIssues(env));
  if (Boolean(env.NAVER_CLIENT_ID) !== Boolean(env.NAVER_CLIENT_SECRET))
    issues.push([
      env.NAVER_CLIENT_ID ? "NAVER_CLIENT_SECRET" : "NAVER_CLIENT_ID",
      "NAVER_CLIENT_ID and NAVER_CLIENT_SECRET must be set together",
    ]);
  return issues;
}

export const ConfigSchema = Variables.superRefine((env, ctx) => {
  for (const [variable, message] of crossFieldIssues(env))
    ctx.addIssue({ code: "custom", path: [variable], message });
});

export type RawConfig = z.infer<typeof ConfigSchema>;
