// The news feature's environment, as a fragment for the one config schema (the lead composes it), and
// the adapters it selects: Naver and OpenDART when their keys are set (NEWS_PROVIDER=auto), the
// synthetic samples otherwise or when asked (sample); the DynamoDB report cache when a table is named,
// an in-process one otherwise. NAVER_CLIENT_ID/SECRET already belong to the core config.
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import type { LlmPort } from "../llm/port.ts";
import { EmbeddedDart } from "../providers/embedded/dart-sample.ts";
import { EmbeddedNews } from "../providers/embedded/news-sample.ts";
import { NaverNewsClient } from "../providers/naver-news.ts";
import { OpenDartClient } from "../providers/opendart.ts";
import { embeddedCompanies, OpenDartCompanyDirectory } from "./companies.ts";
import { DEFAULT_NEWS_SETTINGS, type NewsDeps, type NewsSettings } from "./deps.ts";
import { DynamoReportStore, MemoryReportStore, type ReportStore } from "./report-store.ts";

const optionalSecret = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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
  if (!env.OPENDART_API_KEY) issues.push(["OPENDART_API_KEY", "is required when NEWS_PROVIDER=live"]);
  if (!env.NAVER_CLIENT_ID) issues.push(["NAVER_CLIENT_ID", "is required when NEWS_PROVIDER=live"]);
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

/** One in-process cache per process when no table is named (Lambda containers each keep their own). */
let memoryStore: MemoryReportStore | undefined;

export function createNewsDeps(
  config: NewsConfig,
  opts: { llm?: LlmPort; documents?: DynamoDBDocumentClient; now?: () => Date } = {},
): NewsDeps {
  const now = opts.now ?? (() => new Date());
  const dart = config.opendart
    ? new OpenDartClient({ ...config.opendart, timeoutMs: config.timeoutMs, now })
    : new EmbeddedDart({ now });
  const news = config.naver
    ? new NaverNewsClient({ ...config.naver, timeoutMs: config.timeoutMs })
    : new EmbeddedNews({ now });
  let store: ReportStore;
  if (config.cacheTable && opts.documents)
    store = new DynamoReportStore(
      opts.documents,
      config.cacheTable,
      { reportDays: config.reportTtlDays, listDays: 1 },
      now,
    );
  else store = memoryStore ??= new MemoryReportStore();
  return {
    llm: opts.llm,
    news,
    dart,
    store,
    companies: config.opendart ? new OpenDartCompanyDirectory(dart, now, store) : embeddedCompanies,
    settings: config.settings,
    now,
  };
}
