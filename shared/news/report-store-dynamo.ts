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
import { type CorpCodeEntry } from "../providers/opendart.ts";
import { CHUNK_BYTES, chunkBy, chunkRows, corpLine, corpOfLine } from "./report-chunks.ts";
import {
  CachedDocument,
  ReportMeta,
  corpsPk,
  docPk,
  listPk,
  reportPk,
  type ApiData,
  CachedList,
  type ReportKey,
  type ReportStore,
} from "./report-store.ts";

export interface StoreTtl {
  /** report, API and document items */
  reportDays: number;
  /** list items are kept a day; their freshness is checked against fetched_at */
  listDays: number;
}

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
    private readonly ttl: StoreTtl,
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
