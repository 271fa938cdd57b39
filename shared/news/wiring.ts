// What the news steps need (NewsDeps), and how it is built once from the settings
// (config.ts): Naver and OpenDART when their keys are set (NEWS_PROVIDER=auto), the
// synthetic samples otherwise or when asked (sample); the DynamoDB report cache when a table is named,
// an in-process one otherwise; the company directory; the LLM (absent: the offline engines).
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { LlmPort } from "../llm/port.ts";
import type { NewsConfig, NewsSettings } from "./config.ts";
import { EmbeddedDart } from "../providers/embedded/dart-sample.ts";
import { EmbeddedNews } from "../providers/embedded/news-sample.ts";
import { NaverNewsClient, type NewsSearchPort } from "../providers/naver-news.ts";
import { OpenDartClient } from "../providers/opendart-client.ts";
import type { DartPort } from "../providers/opendart.ts";
import { type Runtime } from "../runtime/port.ts";
import { embeddedCompanies, OpenDartCompanyDirectory, type CompanyDirectory } from "./company-directory.ts";
import { DynamoReportStore } from "./report-store-dynamo.ts";
import { MemoryReportStore, type ReportStore } from "./report-store.ts";
import { WarmReportStore } from "./report-store-warm.ts";

export interface NewsDeps {
  llm?: LlmPort;
  news: NewsSearchPort;
  dart: DartPort;
  store: ReportStore;
  companies: CompanyDirectory;
  settings: NewsSettings;
  now: () => Date;
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
    store = new WarmReportStore(
      new DynamoReportStore(
        opts.documents,
        config.cacheTable,
        { reportDays: config.reportTtlDays, listDays: 1 },
        now,
      ),
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

/** The news feature's deps for a runtime, built once per runtime (each Lambda container its own). */
export const newsDeps = (rt: Runtime): NewsDeps =>
  rt.service("news.deps", () => createNewsDeps(rt.config.news, { llm: rt.llm, documents: rt.documents() }));
