// One zod schema over the environment: every setting the product reads, parsed once at start-up.
import { z } from "zod";

const optionalSecret = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LLM_MODE: z.enum(["auto", "anthropic", "offline"]).default("auto"),
    ANTHROPIC_API_KEY: optionalSecret,
    ANTHROPIC_BASE_URL: z.url().optional(),
    LLM_MODEL_FAST: z.string().min(1).default("claude-haiku-5-5"),
    LLM_MODEL_SMART: z.string().min(1).default("claude-sonnet-5-5"),
    LLM_TIMEOUT_MS: positiveInt(30_000),
    KAKAO_REST_API_KEY: optionalSecret,
    GOOGLE_MAPS_API_KEY: optionalSecret,
    NAVER_CLIENT_ID: optionalSecret,
    NAVER_CLIENT_SECRET: optionalSecret,
    PLACE_PROVIDER: z.enum(["auto", "kakao", "embedded"]).default("auto"),
    DATA_DIR: z.string().min(1).default(".data"),
    PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    SIM_PERSONAS_FILE: z.string().min(1).optional(),
    SIM_BACKOFF_UNIT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    SIM_MAX_CONCURRENT_LLM_CALLS: z.coerce.number().int().min(1).max(100).default(10),
    SIM_STORE: z.enum(["disk", "memory"]).default("disk"),
    LOG_LEVEL: z.enum(["DEBUG", "INFO", "WARN", "ERROR", "SILENT"]).default("INFO"),
    METRICS: z.enum(["off", "emf"]).default("off"),
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
  llm: {
    mode: "anthropic" | "offline";
    apiKey?: string;
    baseURL?: string;
    fastModel: string;
    smartModel: string;
    timeoutMs: number;
  };
  providers: {
    place: "kakao" | "embedded";
    kakaoKey?: string;
    googleKey?: string;
    naver?: { clientId: string; clientSecret: string };
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
  };
  logLevel: RawConfig["LOG_LEVEL"];
  /** emf: CloudWatch Embedded Metric Format lines on stdout (set by the stack) */
  metrics: RawConfig["METRICS"];
}

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super("Invalid configuration:\n" + issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n"));
    this.name = "ConfigError";
  }
}

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
    llm: {
      mode: llmMode,
      apiKey: e.ANTHROPIC_API_KEY,
      baseURL: e.ANTHROPIC_BASE_URL,
      fastModel: e.LLM_MODEL_FAST,
      smartModel: e.LLM_MODEL_SMART,
      timeoutMs: e.LLM_TIMEOUT_MS,
    },
    providers: {
      place,
      kakaoKey: e.KAKAO_REST_API_KEY,
      googleKey: e.GOOGLE_MAPS_API_KEY,
      naver:
        e.NAVER_CLIENT_ID && e.NAVER_CLIENT_SECRET
          ? { clientId: e.NAVER_CLIENT_ID, clientSecret: e.NAVER_CLIENT_SECRET }
          : undefined,
    },
    dataDir: e.DATA_DIR,
    providerConcurrency: e.PROVIDER_CONCURRENCY,
    simulation: {
      personasFile: e.SIM_PERSONAS_FILE,
      backoffUnitMs: e.SIM_BACKOFF_UNIT_MS,
      maxConcurrentLlmCalls: e.SIM_MAX_CONCURRENT_LLM_CALLS,
      store: e.SIM_STORE,
    },
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS,
  };
}
