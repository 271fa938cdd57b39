// Seed 003's SearchState as zod schemas, field names as the seed writes them, plus the extensions this
// product needs (deadlineAt, the query's analysis, notes, citations, per-step usage). Every step takes
// and returns this JSON; big payloads (report data, document bodies) stay in the report cache and the
// state carries references to them, so no state comes near Step Functions' 256 KB.
import { z } from "zod";

export const SearchPreference = z.enum(["news", "publications", "both"]);
export type SearchPreference = z.infer<typeof SearchPreference>;

const Query = z.string().trim().min(1, "비어 있으면 안 됩니다").max(500, "최대 500자입니다");

// ---- raw branch results (dropped by FormatResults, 003's memory note) ----

/** A Naver item, cleaned (<b> and entities removed) with 003's formatted_date and the outlets merged into it. */
export const NewsResultItem = z.object({
  title: z.string(),
  originallink: z.string(),
  link: z.string(),
  description: z.string(),
  pubDate: z.string(),
  formatted_date: z.string(),
  /** links of the same story at other outlets */
  merged_links: z.array(z.string()).default([]),
  synthetic: z.literal(true).optional(),
});
export type NewsResultItem = z.infer<typeof NewsResultItem>;

export const NewsResults = z.object({
  lastBuildDate: z.string(),
  total: z.number().int().nonnegative(),
  start: z.number().int(),
  display: z.number().int(),
  items: z.array(NewsResultItem),
  sort: z.enum(["sim", "date"]),
});
export type NewsResults = z.infer<typeof NewsResults>;

export const Metadata = z.object({
  corp_code: z.string(),
  corp_name: z.string(),
  stock_code: z.string(),
  year_quarter: z.string(),
  collection_date: z.string(),
  successful_apis: z.number().int().nonnegative(),
});
export type Metadata = z.infer<typeof Metadata>;

export const BasicInfo = z.object({
  company: z.string(),
  report_name: z.string(),
  submitter: z.string(),
  date: z.string(),
  rcept_no: z.string(),
  url: z.string(),
  title: z.string(),
});
export type BasicInfo = z.infer<typeof BasicInfo>;

export const AvailableReport = z.object({
  year: z.number().int(),
  quarter: z.number().int().min(1).max(4),
  company_name: z.string(),
  filename: z.string(),
  processed_data: z.object({ metadata: Metadata }),
});
export type AvailableReport = z.infer<typeof AvailableReport>;

export const RevisionDocument = z.object({
  basic_info: BasicInfo,
  content_length: z.number().int().nonnegative(),
  index: z.number().int().nonnegative(),
});
export type RevisionDocument = z.infer<typeof RevisionDocument>;

export const ResolvedCompany = z.object({
  corp_code: z.string(),
  corp_name: z.string(),
  stock_code: z.string(),
  /** the words of the query that named it */
  matched: z.string(),
});
export type ResolvedCompany = z.infer<typeof ResolvedCompany>;

export const PublicationResults = z.object({
  regular_results: z.object({ available_reports: z.array(AvailableReport) }),
  revision_results: z.object({ revision_documents: z.array(RevisionDocument) }),
  companies: z.array(ResolvedCompany),
});
export type PublicationResults = z.infer<typeof PublicationResults>;

// ---- searched_list (003's shapes) ----

export const SearchedNews = z.object({
  title: z.string(),
  date: z.string(),
  link: z.string(),
  description: z.string(),
  synthetic: z.literal(true).optional(),
});
export const SearchedRegular = z.object({
  year: z.number().int(),
  quarter: z.number().int().min(1).max(4),
  company_name: z.string(),
  filename: z.string(),
  metadata: Metadata,
  api_keys: z.array(z.string()),
});
export const SearchedList = z.object({
  news: z.array(SearchedNews),
  regular: z.array(SearchedRegular),
  revision: z.array(RevisionDocument),
});
export type SearchedList = z.infer<typeof SearchedList>;

// ---- selected_documents (003's JSON) ----

const Priority = z.number().int().min(1);
export const SelectedNews = z.object({
  title: z.string(),
  date: z.string(),
  link: z.string(),
  reason: z.string(),
  priority: Priority,
});
export const SelectedRegular = z.object({
  company_name: z.string(),
  year: z.number().int(),
  quarter: z.number().int().min(1).max(4),
  filename: z.string(),
  api_keys_to_check: z.array(z.string()).min(1),
  reason: z.string(),
  priority: Priority,
});
export const SelectedRevision = z.object({ basic_info: BasicInfo, reason: z.string(), priority: Priority });
export const SelectedDocuments = z.object({
  news: z.array(SelectedNews).max(3),
  regular: z.array(SelectedRegular).max(5),
  revision: z.array(SelectedRevision).max(5),
  selection_summary: z.string(),
});
export type SelectedDocuments = z.infer<typeof SelectedDocuments>;

// ---- extensions ----

/** A period the query names: year and quarter, a year alone, or a quarter alone. */
export const NamedPeriod = z.object({
  year: z.number().int().nullable(),
  quarter: z.number().int().min(1).max(4).nullable(),
});
export type NamedPeriod = z.infer<typeof NamedPeriod>;

export const QueryAnalysis = z.object({
  /** empty: the latest four filed periods */
  periods: z.array(NamedPeriod),
  /** report keys the query's words ask for (배당 → api_02 …), in the order of REPORT_APIS */
  api_keys: z.array(z.string()),
  /** the question asks for the latest (Naver sort=date) */
  latest: z.boolean(),
});
export type QueryAnalysis = z.infer<typeof QueryAnalysis>;

export const Engine = z.enum(["llm", "offline", "offline-fallback"]);

/**
 * What a warning or an error is, for a program or whoever runs the service (never in a sentence for
 * people): a code, the settings that change it, the provider's own status and words.
 */
export const Notice = z.object({
  code: z.string(),
  settings: z.array(z.string()).optional(),
  status: z.string().optional(),
  detail: z.string().optional(),
});
export type Notice = z.infer<typeof Notice>;

/** What one step spent and said; the response's meta adds them up. */
export const StepUsage = z.object({
  llmCalls: z.number().int().nonnegative().default(0),
  llmTokens: z.number().int().nonnegative().default(0),
  dartCalls: z.number().int().nonnegative().default(0),
  naverCalls: z.number().int().nonnegative().default(0),
  cacheHits: z.number().int().nonnegative().default(0),
  warnings: z.array(z.string()).default([]),
  notices: z.array(Notice).default([]),
  engine: Engine.optional(),
  synthetic: z.boolean().default(false),
  skipped: z.boolean().default(false),
  ms: z.number().nonnegative().default(0),
});
export type StepUsage = z.infer<typeof StepUsage>;

export const Citation = z.object({
  type: z.enum(["news", "regular", "revision"]),
  id: z.string(),
  title: z.string(),
  url: z.string(),
});
export type Citation = z.infer<typeof Citation>;

export const SearchState = z.object({
  query: Query,
  search_preference: SearchPreference.default("both"),
  news_results: NewsResults.nullable().default(null),
  publication_results: PublicationResults.nullable().default(null),
  news_errors: z.array(z.string()).default([]),
  pub_errors: z.array(z.string()).default([]),
  searched_list: SearchedList.nullable().default(null),
  selected_documents: SelectedDocuments.nullable().default(null),
  search_summary: z.string().default(""),
  generated_response: z.string().nullable().default(null),
  /** epoch ms: provider and LLM calls fit in what is left; past it a step answers with what it has */
  deadlineAt: z.number().optional(),
  /** epoch ms the question arrived (meta.durationMs) */
  startedAt: z.number().optional(),
  query_analysis: QueryAnalysis.optional(),
  /** what the user should know that is not an error: no company named, candidates for an ambiguous name … */
  search_notes: z.array(z.string()).default([]),
  citations: z.array(Citation).default([]),
  /** per step name */
  usage: z.record(z.string(), StepUsage).default({}),
});
export type SearchState = z.infer<typeof SearchState>;
export type SearchStateInput = z.input<typeof SearchState>;

// ---- the API ----

export const NewsSearchRequest = z.object({
  query: Query,
  search_preference: SearchPreference.optional(),
});
export type NewsSearchRequest = z.infer<typeof NewsSearchRequest>;

export const NewsMeta = z.object({
  llmCalls: z.number().int(),
  llmTokens: z.number().int(),
  engine: Engine,
  warnings: z.array(z.string()),
  /** the warnings' and errors' codes: the settings, statuses and provider messages that are not for people */
  notices: z.array(Notice),
  synthetic: z.boolean(),
  durationMs: z.number(),
  dartCalls: z.number().int(),
  cacheHits: z.number().int(),
  naverCalls: z.number().int(),
});
export type NewsMeta = z.infer<typeof NewsMeta>;

export const NewsSearchResponse = z.object({
  query: z.string(),
  search_preference: SearchPreference,
  news_results: NewsResults.nullable(),
  publication_results: PublicationResults.nullable(),
  news_errors: z.array(z.string()),
  pub_errors: z.array(z.string()),
  searched_list: SearchedList.nullable(),
  selected_documents: SelectedDocuments.nullable(),
  search_summary: z.string(),
  generated_response: z.string().nullable(),
  search_notes: z.array(z.string()),
  citations: z.array(Citation),
  meta: NewsMeta,
});
export type NewsSearchResponse = z.infer<typeof NewsSearchResponse>;
