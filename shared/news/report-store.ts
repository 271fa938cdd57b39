// The report cache (003's collected reports, kept so a second question does not call OpenDART again).
// One DynamoDB table, pk/sk, TTL on `expiresAt` (epoch seconds):
//   REPORT#<source>#<corp>#<year>#<reprt_code>  META              003's metadata, the filing it reflects, each API's status
//   REPORT#…                                    API#<key>#<nnn>    one API's rows, in chunks of ≤ 300 KB (the item limit is 400 KB)
//   LIST#<source>#<corp>                        <variant>          a list.json answer and when it was fetched
//   DOC#<source>#<rcept_no>                     TEXT               a document's text (truncated) and its real length
//   CORPS#<source>#<kst day>                    PART#<nnn>#<write> OpenDART's company list (corpCode.xml, parsed) of that
//                                                                  day, as tab-separated lines in chunks of ≤ 300 KB
// `source` keeps the synthetic sample and OpenDART apart in one table. A report × API item belongs to the
// filing in META: when list.json shows a newer filing (a 정정) META is rewritten and the old API items,
// whose rcept_no no longer matches, read as missing. No transactions (dynalite has none): an API's
// chunks carry one write id and are only read together.
import { randomUUID } from "node:crypto";
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
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

export interface StoreTtl {
  /** report, API and document items */
  reportDays: number;
  /** list items are kept a day; their freshness is checked against fetched_at */
  listDays: number;
}

const corpsPk = (source: string, day: string) => `CORPS#${source}#${day}`;
const reportPk = (k: ReportKey) => `REPORT#${k.source}#${k.corp_code}#${k.bsns_year}#${k.reprt_code}`;
const listPk = (source: string, corp: string) => `LIST#${source}#${corp}`;
const docPk = (source: string, rcept: string) => `DOC#${source}#${rcept}`;

/** Chunks under this many bytes of JSON leave room for the item's other attributes within 400 KB. */
export const CHUNK_BYTES = 300_000;

/**
 * Items in order, in chunks whose size stays within `limit`: `base` bytes, plus `bytes(item)` for each
 * item (an item over the limit alone still gets its own chunk). No items: one empty chunk.
 */
function chunkBy<T>(items: readonly T[], bytes: (item: T) => number, base: number, limit: number): T[][] {
  let current: T[] = [];
  const chunks = [current];
  let size = base;
  for (const item of items) {
    const n = bytes(item);
    if (current.length > 0 && size + n > limit) {
      current = [];
      chunks.push(current);
      size = base;
    }
    current.push(item);
    size += n;
  }
  return chunks;
}

/** Rows in chunks whose JSON arrays stay within `limit` bytes. */
export const chunkRows = (rows: DartRow[], limit = CHUNK_BYTES): DartRow[][] =>
  chunkBy(rows, (row) => Buffer.byteLength(JSON.stringify(row)) + 1, 2, limit);

// The company list as lines "corp_code\tcorp_name\tstock_code\tmodify_date": about half the bytes of JSON
const CORP_FIELDS = ["corp_code", "corp_name", "stock_code", "modify_date"] as const;
const corpLine = (e: CorpCodeEntry) => CORP_FIELDS.map((f) => e[f].replace(/[\t\n\r]/g, " ")).join("\t");
const corpOfLine = (line: string): CorpCodeEntry | undefined => {
  const [corp_code, corp_name, stock_code, modify_date] = line.split("\t");
  return corp_code && corp_name !== undefined && stock_code !== undefined && modify_date !== undefined
    ? { corp_code, corp_name, stock_code, modify_date }
    : undefined;
};

/** One chunk of a write (putChunks): the chunks of one write agree on everything but their content. */
const ChunkItem = z.object({
  pk: z.string(),
  sk: z.string(),
  chunk: z.number().int(),
  chunks: z.number().int().positive(),
  write_id: z.string(),
});
const CorpsChunkItem = ChunkItem.extend({ lines: z.string(), fetched_at: z.string() });

const MetaItem = ReportMeta.extend({ pk: z.string(), sk: z.literal("META") });
const ApiChunkItem = ChunkItem.extend({
  key: z.string(),
  rcept_no: z.string(),
  status: z.enum(["000", "013"]),
  rows_json: z.string(),
  collection_date: z.string(),
  synthetic: z.boolean(),
});
const ListItem = z.object({ pk: z.string(), sk: z.string(), fetched_at: z.string(), list_json: z.string() });
const DocItem = CachedDocument.extend({ pk: z.string(), sk: z.literal("TEXT") });
const Rows = z.array(z.record(z.string(), z.string()));

/** DynamoDB (Document client); every item is parsed with its schema on read. */
export class DynamoReportStore implements ReportStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly ttl: StoreTtl = { reportDays: 30, listDays: 1 },
    private readonly now: () => Date = () => new Date(),
  ) {}

  private expires(days: number): number {
    return Math.floor(this.now().getTime() / 1000) + days * 86_400;
  }

  private async queryAll(pk: string, skPrefix?: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: skPrefix ? "pk = :pk AND begins_with(sk, :sk)" : "pk = :pk",
          ExpressionAttributeValues: { ":pk": pk, ...(skPrefix ? { ":sk": skPrefix } : {}) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...((out.Items as Record<string, unknown>[] | undefined) ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /**
   * One write of chunked content: an item per chunk, the write id in the key, so a rewrite never
   * overwrites half of the previous one. `common` goes on every chunk.
   */
  private async putChunks(
    pk: string,
    skPrefix: string,
    contents: Record<string, string>[],
    common: Record<string, unknown>,
  ): Promise<void> {
    const writeId = randomUUID();
    await Promise.all(
      contents.map((content, chunk) =>
        this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: {
              pk,
              sk: `${skPrefix}${String(chunk).padStart(3, "0")}#${writeId}`,
              ...common,
              ...content,
              chunk,
              chunks: contents.length,
              write_id: writeId,
            },
          }),
        ),
      ),
    );
  }

  /**
   * The chunks, in order, of the newest (by `writtenAt`) complete write among those `keep` accepts;
   * null when there is none: a write cut off halfway reads as missing.
   */
  private async getChunks<T extends z.infer<typeof ChunkItem>>(
    pk: string,
    skPrefix: string,
    schema: z.ZodType<T>,
    writtenAt: (item: T) => string,
    keep: (item: T) => boolean = () => true,
  ): Promise<T[] | null> {
    const items = (await this.queryAll(pk, skPrefix))
      .map((i) => schema.safeParse(i))
      .flatMap((p) => (p.success ? [p.data] : []))
      .filter(keep);
    const byWrite = new Map<string, T[]>();
    for (const i of items) byWrite.set(i.write_id, [...(byWrite.get(i.write_id) ?? []), i]);
    const complete = [...byWrite.values()]
      .filter((chunks) => chunks.length === chunks[0]!.chunks)
      .sort((a, b) => writtenAt(b[0]!).localeCompare(writtenAt(a[0]!)))[0];
    return complete ? complete.sort((a, b) => a.chunk - b.chunk) : null;
  }

  private async one<S extends z.ZodType>(pk: string, sk: string, schema: S): Promise<z.infer<S> | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk, sk }, ConsistentRead: true }),
    );
    if (!out.Item) return null;
    const parsed = schema.safeParse(out.Item);
    return parsed.success ? parsed.data : null; // an item of another shape is a miss, refetched
  }

  async getMeta(key: ReportKey): Promise<ReportMeta | null> {
    const item = await this.one(reportPk(key), "META", MetaItem);
    if (!item) return null;
    const { pk: _pk, sk: _sk, ...meta } = item;
    return meta;
  }

  async putMeta(key: ReportKey, meta: ReportMeta): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: reportPk(key), sk: "META", ...meta, expiresAt: this.expires(this.ttl.reportDays) },
      }),
    );
  }

  async markApi(key: ReportKey, apiKey: string, rceptNo: string, status: "000" | "013"): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: reportPk(key), sk: "META" },
          UpdateExpression: "SET api_status.#k = :s",
          ConditionExpression: "rcept_no = :r",
          ExpressionAttributeNames: { "#k": apiKey },
          ExpressionAttributeValues: { ":s": status, ":r": rceptNo },
        }),
      );
    } catch (err) {
      // META moved on to a newer filing (or is gone): this status belongs to the old one
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    }
  }

  async getApi(key: ReportKey, apiKey: string, rceptNo: string): Promise<ApiData | null> {
    const chunks = await this.getChunks(
      reportPk(key),
      `API#${apiKey}#`,
      ApiChunkItem,
      (i) => i.collection_date,
      (i) => i.rcept_no === rceptNo,
    );
    const first = chunks?.[0];
    if (!chunks || !first) return null;
    return {
      key: first.key,
      rcept_no: first.rcept_no,
      status: first.status,
      rows: chunks.flatMap((c) => Rows.parse(JSON.parse(c.rows_json))),
      collection_date: first.collection_date,
      synthetic: first.synthetic,
    };
  }

  async putApi(key: ReportKey, data: ApiData): Promise<void> {
    await this.putChunks(
      reportPk(key),
      `API#${data.key}#`,
      chunkRows(data.rows).map((rows) => ({ rows_json: JSON.stringify(rows) })),
      {
        key: data.key,
        rcept_no: data.rcept_no,
        status: data.status,
        collection_date: data.collection_date,
        synthetic: data.synthetic,
        expiresAt: this.expires(this.ttl.reportDays),
      },
    );
  }

  async getList(source: string, corpCode: string, variant: string): Promise<CachedList | null> {
    const item = await this.one(listPk(source, corpCode), variant, ListItem);
    if (!item) return null;
    const list: unknown = JSON.parse(item.list_json);
    const parsed = CachedList.safeParse({ fetched_at: item.fetched_at, list });
    return parsed.success ? parsed.data : null;
  }

  async putList(source: string, corpCode: string, variant: string, value: CachedList): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: listPk(source, corpCode),
          sk: variant,
          fetched_at: value.fetched_at,
          list_json: JSON.stringify(value.list),
          expiresAt: this.expires(this.ttl.listDays),
        },
      }),
    );
  }

  async getDocument(source: string, rceptNo: string): Promise<CachedDocument | null> {
    const item = await this.one(docPk(source, rceptNo), "TEXT", DocItem);
    if (!item) return null;
    const { pk: _pk, sk: _sk, ...doc } = item;
    return doc;
  }

  async putDocument(source: string, doc: CachedDocument): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          pk: docPk(source, doc.rcept_no),
          sk: "TEXT",
          ...doc,
          expiresAt: this.expires(this.ttl.reportDays),
        },
      }),
    );
  }

  async getCompanies(source: string, day: string): Promise<CorpCodeEntry[] | null> {
    const chunks = await this.getChunks(corpsPk(source, day), "PART#", CorpsChunkItem, (i) => i.fetched_at);
    if (!chunks) return null;
    const entries = chunks.flatMap((c) => c.lines.split("\n")).map(corpOfLine);
    return entries.every((e) => e !== undefined) ? entries : null;
  }

  async putCompanies(source: string, day: string, entries: readonly CorpCodeEntry[]): Promise<void> {
    const lines = chunkBy(entries.map(corpLine), (line) => Buffer.byteLength(line) + 1, 0, CHUNK_BYTES);
    await this.putChunks(
      corpsPk(source, day),
      "PART#",
      lines.map((chunk) => ({ lines: chunk.join("\n") })),
      // the day is in the key: a later day never reads it; the TTL only clears it away
      { fetched_at: this.now().toISOString(), expiresAt: this.expires(this.ttl.listDays + 1) },
    );
  }
}

/** In memory (tests, the CLI, a server without a table): the same semantics, values copied in and out. */
export class MemoryReportStore implements ReportStore {
  private readonly items = new Map<string, unknown>();

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
