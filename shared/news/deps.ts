// What the news steps need, chosen once from configuration (env.ts): the LLM (absent: offline engines),
// the Naver and OpenDART ports (real or sample), the report cache and the company directory.
import type { LlmPort } from "../llm/port.ts";
import type { NewsSearchPort } from "../providers/naver-news.ts";
import type { DartPort } from "../providers/opendart.ts";
import type { CompanyDirectory } from "./companies.ts";
import type { ReportStore } from "./report-store.ts";

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

export interface NewsDeps {
  llm?: LlmPort;
  news: NewsSearchPort;
  dart: DartPort;
  store: ReportStore;
  companies: CompanyDirectory;
  settings: NewsSettings;
  now: () => Date;
}
