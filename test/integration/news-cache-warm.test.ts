// The report cache as a warm process reads it (DynamoDB on dynalite behind an in-process LRU): a
// filing's data and text are read from DynamoDB once, META and lists again after a minute or at once
// after this process writes them, an absence is never kept, copies never share state, the bound holds.
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DynamoReportStore } from "../../shared/news/report-store-dynamo.ts";
import { WARM_TTL_MS, WarmReportStore } from "../../shared/news/report-store-warm.ts";
import type { ApiData, ReportMeta, ReportStore } from "../../shared/news/report-store.ts";
import { dynamoClient, ensureTable, startLocalDynamo, type LocalDynamo } from "../../shared/store/dynamo.ts";

let local: LocalDynamo;
let doc: DynamoDBDocumentClient;
const TABLE = "news-cache-warm-test";

beforeAll(async () => {
  local = await startLocalDynamo();
  const client = dynamoClient(local.endpoint);
  await ensureTable(client, TABLE);
  doc = DynamoDBDocumentClient.from(client);
});
afterAll(async () => {
  await local.close();
});

const dynamo = () =>
  new DynamoReportStore(doc, TABLE, { reportDays: 30, listDays: 1 }, () => new Date("2025-11-20T01:00:00Z"));

/** The DynamoDB store, counting the reads that reach it. */
function counted(store: ReportStore) {
  const reads: Record<string, number> = {};
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const v: unknown = Reflect.get(target, prop, receiver);
      if (typeof v !== "function") return v;
      return (...args: unknown[]) => {
        if (String(prop).startsWith("get")) reads[String(prop)] = (reads[String(prop)] ?? 0) + 1;
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, reads };
}

let corp = 0;
const key = () => ({
  source: "opendart",
  corp_code: String(10_000_000 + ++corp),
  bsns_year: 2025,
  reprt_code: "11012" as const,
});
const meta = (k: { corp_code: string }, rcept_no: string): ReportMeta => ({
  corp_code: k.corp_code,
  corp_name: "테스트",
  stock_code: "000000",
  year_quarter: "2025_Q2",
  collection_date: "2025-11-20T10:00:00.000",
  rcept_no,
  reprt_code: "11012",
  api_status: {},
  synthetic: true,
});
const data = (rcept_no: string): ApiData => ({
  key: "exctvSttus",
  rcept_no,
  status: "000",
  rows: [{ rcept_no, nm: "홍길동" }],
  collection_date: "2025-11-20T10:00:00.000",
  synthetic: true,
});

describe("the warm report cache", () => {
  it("reads a filing's data and text from DynamoDB once, and hands out copies", async () => {
    const { store, reads } = counted(dynamo());
    const k = key();
    await dynamo().putApi(k, data("20250814000001"));
    await dynamo().putDocument("opendart", {
      rcept_no: "20250814000001",
      text: "사업보고서 본문",
      content_length: 8,
      truncated: false,
      collection_date: "2025-11-20T10:00:00.000",
      synthetic: true,
    });
    const warm = new WarmReportStore(store);
    for (let i = 0; i < 5; i++) {
      const got = (await warm.getApi(k, "exctvSttus", "20250814000001"))!;
      expect(got.rows[0]!.nm).toBe("홍길동");
      got.rows[0]!.nm = "바뀐 이름";
      expect((await warm.getDocument("opendart", "20250814000001"))!.text).toBe("사업보고서 본문");
    }
    expect(reads).toEqual({ getApi: 1, getDocument: 1 });
    // another filing's data is another item
    expect(await warm.getApi(k, "exctvSttus", "20250814000002")).toBeNull();
  });

  it("keeps META for a minute at most, and sees its own writes at once", async () => {
    let now = 0;
    const { store, reads } = counted(dynamo());
    const warm = new WarmReportStore(store, 100, () => now);
    const k = key();
    await warm.putMeta(k, meta(k, "r1"));
    expect((await warm.getMeta(k))!.rcept_no).toBe("r1");
    expect(reads.getMeta ?? 0).toBe(0);
    // another process files a correction: seen once the minute has passed
    await dynamo().putMeta(k, meta(k, "r2"));
    now += WARM_TTL_MS - 1;
    expect((await warm.getMeta(k))!.rcept_no).toBe("r1");
    now += 1;
    expect((await warm.getMeta(k))!.rcept_no).toBe("r2");
    // this process's conditional mark is read back from DynamoDB, not guessed
    await warm.markApi(k, "exctvSttus", "r2", "000");
    expect((await warm.getMeta(k))!.api_status).toEqual({ exctvSttus: "000" });
  });

  it("never keeps an absence: what another process writes next is read", async () => {
    const warm = new WarmReportStore(dynamo());
    const k = key();
    expect(await warm.getApi(k, "exctvSttus", "r9")).toBeNull();
    await dynamo().putApi(k, data("r9"));
    expect((await warm.getApi(k, "exctvSttus", "r9"))!.rcept_no).toBe("r9");
  });

  it("holds no more items than its bound", async () => {
    const { store, reads } = counted(dynamo());
    const warm = new WarmReportStore(store, 3);
    const keys = Array.from({ length: 6 }, key);
    for (const k of keys) await dynamo().putApi(k, data("r1"));
    for (const k of keys) await warm.getApi(k, "exctvSttus", "r1");
    for (const k of keys.slice(3)) await warm.getApi(k, "exctvSttus", "r1");
    expect(reads.getApi).toBe(6);
    await warm.getApi(keys[0]!, "exctvSttus", "r1");
    expect(reads.getApi).toBe(7);
  });
});
