// The report cache (003's collected reports, kept so a second question does not call OpenDART again):
// what it holds and its port, the item keys, and the in-memory store; the DynamoDB store and its item
// layout are in report-store-dynamo.ts. `source` keeps the synthetic sample and OpenDART apart.
import { z } from "zod";
import { Lru } from "../platform/lru.ts";
import {
  DartListItem,
  REPRT_CODES,
  type CorpCodeEntry,
  type DartRow,
  type ReprtCode,
} from "../providers/opendart.ts";

export interface ReportKey {
  source: string;
  corp_code: string;
  bsns_year: number;
  reprt_code: ReprtCode;
}

export const ReportMeta = z.object({
  corp_code: z.string(),
  corp_name: z.string(),
  stock_code: z.string(),
  year_quarter: z.string(),
  collection_date: z.string(),
  /** the filing (a 정정 when there is one) the cached data comes from */
  rcept_no: z.string(),
  reprt_code: z.enum(REPRT_CODES),
  /** api key → "000" (data) | "013" (no such section) */
  api_status: z.record(z.string(), z.enum(["000", "013"])),
  synthetic: z.boolean(),
});
export type ReportMeta = z.infer<typeof ReportMeta>;

export const ApiData = z.object({
  key: z.string(),
  rcept_no: z.string(),
  status: z.enum(["000", "013"]),
  rows: z.array(z.record(z.string(), z.string())),
  collection_date: z.string(),
  synthetic: z.boolean(),
});
export type ApiData = z.infer<typeof ApiData> & { rows: DartRow[] };

export const CachedList = z.object({
  fetched_at: z.string(),
  list: z.array(DartListItem),
});
export type CachedList = z.infer<typeof CachedList>;

export const CachedDocument = z.object({
  rcept_no: z.string(),
  text: z.string(),
  /** the full text's length in characters, before truncation */
  content_length: z.number().int().nonnegative(),
  truncated: z.boolean(),
  collection_date: z.string(),
  synthetic: z.boolean(),
});
export type CachedDocument = z.infer<typeof CachedDocument>;

export interface ReportStore {
  getMeta(key: ReportKey): Promise<ReportMeta | null>;
  /** Replaces META: a new filing starts with no API status. */
  putMeta(key: ReportKey, meta: ReportMeta): Promise<void>;
  /** Records an API's status on META, only while META still reflects `rceptNo`. */
  markApi(key: ReportKey, apiKey: string, rceptNo: string, status: "000" | "013"): Promise<void>;
  /** An API's data, or null when absent or not from `rceptNo`. */
  getApi(key: ReportKey, apiKey: string, rceptNo: string): Promise<ApiData | null>;
  putApi(key: ReportKey, data: ApiData): Promise<void>;
  getList(source: string, corpCode: string, variant: string): Promise<CachedList | null>;
  putList(source: string, corpCode: string, variant: string, value: CachedList): Promise<void>;
  getDocument(source: string, rceptNo: string): Promise<CachedDocument | null>;
  putDocument(source: string, doc: CachedDocument): Promise<void>;
  /** OpenDART's company list as fetched on a KST day (YYYYMMDD), or null: not fetched that day. */
  getCompanies(source: string, day: string): Promise<CorpCodeEntry[] | null>;
  putCompanies(source: string, day: string, entries: readonly CorpCodeEntry[]): Promise<void>;
}

/** Items a store without a table keeps: the synthetic sample needs a few hundred. */
export const MEMORY_REPORT_ITEMS = 5_000;

export const corpsPk = (source: string, day: string) => `CORPS#${source}#${day}`;
export const reportPk = (k: ReportKey) => `REPORT#${k.source}#${k.corp_code}#${k.bsns_year}#${k.reprt_code}`;
export const listPk = (source: string, corp: string) => `LIST#${source}#${corp}`;
export const docPk = (source: string, rcept: string) => `DOC#${source}#${rcept}`;

/** In memory (tests, the CLI, a server without a table): the same semantics, values copied in and out. */
export class MemoryReportStore implements ReportStore {
  /** bounded like every in-process cache; an evicted report is fetched again when asked */
  private readonly items = new Lru<string, unknown>(MEMORY_REPORT_ITEMS);

  private get<T>(k: string): T | null {
    const v = this.items.get(k);
    return v === undefined ? null : (structuredClone(v) as T);
  }
  private set(k: string, v: unknown): void {
    this.items.set(k, structuredClone(v));
  }

  async getMeta(key: ReportKey) {
    return this.get<ReportMeta>(`${reportPk(key)}|META`);
  }
  async putMeta(key: ReportKey, meta: ReportMeta) {
    this.set(`${reportPk(key)}|META`, meta);
  }
  async markApi(key: ReportKey, apiKey: string, rceptNo: string, status: "000" | "013") {
    const meta = this.get<ReportMeta>(`${reportPk(key)}|META`);
    if (meta?.rcept_no !== rceptNo) return;
    meta.api_status[apiKey] = status;
    this.set(`${reportPk(key)}|META`, meta);
  }
  async getApi(key: ReportKey, apiKey: string, rceptNo: string) {
    const data = this.get<ApiData>(`${reportPk(key)}|API#${apiKey}`);
    return data?.rcept_no === rceptNo ? data : null;
  }
  async putApi(key: ReportKey, data: ApiData) {
    this.set(`${reportPk(key)}|API#${data.key}`, data);
  }
  async getList(source: string, corpCode: string, variant: string) {
    return this.get<CachedList>(`${listPk(source, corpCode)}|${variant}`);
  }
  async putList(source: string, corpCode: string, variant: string, value: CachedList) {
    this.set(`${listPk(source, corpCode)}|${variant}`, value);
  }
  async getDocument(source: string, rceptNo: string) {
    return this.get<CachedDocument>(`${docPk(source, rceptNo)}|TEXT`);
  }
  async putDocument(source: string, doc: CachedDocument) {
    this.set(`${docPk(source, doc.rcept_no)}|TEXT`, doc);
  }
  async getCompanies(source: string, day: string) {
    return this.get<CorpCodeEntry[]>(`${corpsPk(source, day)}|PART`);
  }
  async putCompanies(source: string, day: string, entries: readonly CorpCodeEntry[]) {
    this.set(`${corpsPk(source, day)}|PART`, entries);
  }
}
