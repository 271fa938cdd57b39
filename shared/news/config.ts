// The news feature's part of the one config schema (seed 003): its variables as zod fields, the
// cross-field rules, the settings and their defaults, and the function from parsed values to settings.
// It belongs to the platform layer (the platform's config composes it) and imports only platform code;
// the feature chooses its adapters from these settings (news/wiring.ts).
import { z } from "zod";
import { optionalSecret, positiveInt } from "../platform/config-fields.ts";

export interface NewsSettings {
  /** OpenDART calls one question may make (a cold question's budget; a warm one makes none) */
  dartCallBudget: number;
  /** characters of a document's text kept and shown (content_length is the real length) */
  docMaxChars: number;
  /** how long a list.json answer is trusted (a newer 정정 shows up within this) */
  listTtlMinutes: number;
  /** days of disclosures searched for 정정 filings */
  revisionWindowDays: number;
  /** 정정 documents fetched per question */
  maxRevisions: number;
  /** Naver's display (003: 20) */
  newsDisplay: number;
  /** OpenDART calls in flight at once */
  concurrency: number;
}

export const DEFAULT_NEWS_SETTINGS: NewsSettings = {
  dartCallBudget: 40,
  docMaxChars: 20_000,
  listTtlMinutes: 60,
  revisionWindowDays: 90,
  maxRevisions: 5,
  newsDisplay: 20,
  concurrency: 4,
};

export const NewsEnv = {
  OPENDART_API_KEY: optionalSecret,
  OPENDART_BASE_URL: z.url().default("https://opendart.fss.or.kr/api"),
  /** auto: each provider live when its key is set; live: keys required; sample: the synthetic samples */
  NEWS_PROVIDER: z.enum(["auto", "live", "sample"]).default("auto"),
  /** the report cache (DynamoDB, pk/sk, TTL expiresAt); dynalite locally */
  NEWS_CACHE_TABLE: z.string().min(1).default("dongne-news"),
  NEWS_DART_CALL_BUDGET: positiveInt(DEFAULT_NEWS_SETTINGS.dartCallBudget),
  NEWS_DOC_MAX_CHARS: positiveInt(DEFAULT_NEWS_SETTINGS.docMaxChars),
  NEWS_LIST_TTL_MINUTES: positiveInt(DEFAULT_NEWS_SETTINGS.listTtlMinutes),
  NEWS_REPORT_TTL_DAYS: positiveInt(30),
  NEWS_HTTP_TIMEOUT_MS: positiveInt(8_000),
};
export const NewsEnvSchema = z.object(NewsEnv);
export type NewsEnvValues = z.infer<typeof NewsEnvSchema>;

/** Cross-field rules for the lead's superRefine: [variable, message]. */
export function newsEnvIssues(env: NewsEnvValues & { NAVER_CLIENT_ID?: string }): [string, string][] {
  if (env.NEWS_PROVIDER !== "live") return [];
  const issues: [string, string][] = [];
  if (!env.OPENDART_API_KEY) issues.push(["OPENDART_API_KEY", "NEWS_PROVIDER=live이면 필요합니다"]);
  if (!env.NAVER_CLIENT_ID) issues.push(["NAVER_CLIENT_ID", "NEWS_PROVIDER=live이면 필요합니다"]);
  return issues;
}

export interface NewsConfig {
  naver?: { clientId: string; clientSecret: string; baseUrl: string };
  opendart?: { apiKey: string; baseUrl: string };
  cacheTable?: string;
  reportTtlDays: number;
  timeoutMs: number;
  settings: NewsSettings;
}

export function newsConfig(
  env: NewsEnvValues,
  naver?: { clientId: string; clientSecret: string; baseUrl: string },
): NewsConfig {
  const live = env.NEWS_PROVIDER !== "sample";
  return {
    naver: live && naver ? naver : undefined,
    opendart:
      live && env.OPENDART_API_KEY
        ? { apiKey: env.OPENDART_API_KEY, baseUrl: env.OPENDART_BASE_URL }
        : undefined,
    cacheTable: env.NEWS_CACHE_TABLE,
    reportTtlDays: env.NEWS_REPORT_TTL_DAYS,
    timeoutMs: env.NEWS_HTTP_TIMEOUT_MS,
    settings: {
      ...DEFAULT_NEWS_SETTINGS,
      dartCallBudget: env.NEWS_DART_CALL_BUDGET,
      docMaxChars: env.NEWS_DOC_MAX_CHARS,
      listTtlMinutes: env.NEWS_LIST_TTL_MINUTES,
    },
  };
}
