// The report cache as a warm process reads it: DynamoDB behind a bounded in-process LRU. A filing's
// data and text never change once written (they are keyed by its rcept_no), so those are kept until
// evicted. (A day's company list, ~100k entries, is kept by the company directory itself.) META and the filing lists do change (a correction, a new
// filing): they are kept for WARM_TTL_MS at most, and this process's own writes replace them at once.
// Absences are not kept: another process may write the item a moment later. Values are copied in and
// out, as from DynamoDB.
import type { CorpCodeEntry } from "../providers/opendart.ts";
import { Lru } from "../platform/lru.ts";
import {
  docPk,
  listPk,
  reportPk,
  type ApiData,
  type CachedDocument,
  type CachedList,
  type ReportKey,
  type ReportMeta,
  type ReportStore,
} from "./report-store.ts";

/** How stale META or a list may be in one warm process: a minute, against a list TTL of a day. */
export const WARM_TTL_MS = 60_000;
/** Items kept per process: documents are truncated texts of a few KB, so this stays in the MBs. */
export const WARM_ITEMS = 2_000;

export class WarmReportStore implements ReportStore {
  private readonly items: Lru<string, unknown>;

  constructor(
    private readonly store: ReportStore,
    capacity = WARM_ITEMS,
    now: () => number = Date.now,
  ) {
    this.items = new Lru(capacity, now);
  }

  /** The kept copy of `k`, else the store's answer (kept when present, for `ttlMs`). */
  private async read<T>(k: string, load: () => Promise<T | null>, ttlMs?: number): Promise<T | null> {
    const kept = this.items.get(k);
    if (kept !== undefined) return structuredClone(kept) as T;
    const value = await load();
    if (value !== null) this.items.set(k, structuredClone(value), ttlMs);
    return value;
  }

  private keep(k: string, value: unknown, ttlMs?: number): void {
    this.items.set(k, structuredClone(value), ttlMs);
  }

  getMeta(key: ReportKey) {
    return this.read(`${reportPk(key)}|META`, () => this.store.getMeta(key), WARM_TTL_MS);
  }
  async putMeta(key: ReportKey, meta: ReportMeta) {
    await this.store.putMeta(key, meta);
    this.keep(`${reportPk(key)}|META`, meta, WARM_TTL_MS);
  }
  async markApi(key: ReportKey, apiKey: string, rceptNo: string, status: "000" | "013") {
    await this.store.markApi(key, apiKey, rceptNo, status);
    // the store applies the mark conditionally: read META afresh next time
    this.items.delete(`${reportPk(key)}|META`);
  }
  getApi(key: ReportKey, apiKey: string, rceptNo: string) {
    return this.read<ApiData>(`${reportPk(key)}|API#${apiKey}#${rceptNo}`, () =>
      this.store.getApi(key, apiKey, rceptNo),
    );
  }
  async putApi(key: ReportKey, data: ApiData) {
    await this.store.putApi(key, data);
    this.keep(`${reportPk(key)}|API#${data.key}#${data.rcept_no}`, data);
  }
  getList(source: string, corpCode: string, variant: string) {
    return this.read<CachedList>(
      `${listPk(source, corpCode)}|${variant}`,
      () => this.store.getList(source, corpCode, variant),
      WARM_TTL_MS,
    );
  }
  async putList(source: string, corpCode: string, variant: string, value: CachedList) {
    await this.store.putList(source, corpCode, variant, value);
    this.keep(`${listPk(source, corpCode)}|${variant}`, value, WARM_TTL_MS);
  }
  getDocument(source: string, rceptNo: string) {
    return this.read<CachedDocument>(`${docPk(source, rceptNo)}|TEXT`, () =>
      this.store.getDocument(source, rceptNo),
    );
  }
  async putDocument(source: string, doc: CachedDocument) {
    await this.store.putDocument(source, doc);
    this.keep(`${docPk(source, doc.rcept_no)}|TEXT`, doc);
  }
  getCompanies(source: string, day: string) {
    return this.store.getCompanies(source, day);
  }
  putCompanies(source: string, day: string, entries: readonly CorpCodeEntry[]) {
    return this.store.putCompanies(source, day, entries);
  }
}
