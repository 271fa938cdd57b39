// The adapters the news feature selects from its settings (platform/config-news.ts): Naver and
// OpenDART when their keys are set (NEWS_PROVIDER=auto), the synthetic samples otherwise or when asked
// (sample); the DynamoDB report cache when a table is named, an in-process one otherwise.
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { LlmPort } from "../llm/port.ts";
import { EmbeddedDart } from "../providers/embedded/dart-sample.ts";
import { EmbeddedNews } from "../providers/embedded/news-sample.ts";
import { NaverNewsClient } from "../providers/naver-news.ts";
import { OpenDartClient } from "../providers/opendart.ts";
import { embeddedCompanies, OpenDartCompanyDirectory } from "./companies.ts";
import type { NewsConfig } from "../platform/config-news.ts";
import type { NewsDeps } from "./deps.ts";
import { DynamoReportStore, MemoryReportStore, type ReportStore } from "./report-store.ts";

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
