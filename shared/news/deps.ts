// What the news steps need, chosen once from configuration (env.ts; the settings: platform/config-news.ts): the LLM (absent: offline engines),
// the Naver and OpenDART ports (real or sample), the report cache and the company directory.
import type { LlmPort } from "../llm/port.ts";
import type { NewsSearchPort } from "../providers/naver-news.ts";
import type { DartPort } from "../providers/opendart.ts";
import type { CompanyDirectory } from "./companies.ts";
import type { NewsSettings } from "../platform/config-news.ts";
import type { ReportStore } from "./report-store.ts";

export interface NewsDeps {
  llm?: LlmPort;
  news: NewsSearchPort;
  dart: DartPort;
  store: ReportStore;
  companies: CompanyDirectory;
  settings: NewsSettings;
  now: () => Date;
}
