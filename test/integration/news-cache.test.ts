// The report cache on dynalite (DynamoDB's API): items parsed by zod on read, an API's rows chunked
// under the 400 KB item limit, data of an older filing read as missing, META updated only for its filing;
// OpenDART's company list kept for the KST day, so a cold start does not download corpCode.xml again.
import { DeleteCommand, PutCommand, QueryCommand, DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_BYTES, chunkRows } from "../../shared/news/report-chunks.ts";
import { DynamoReportStore } from "../../shared/news/report-store-dynamo.ts";
import { type ApiData, type ReportMeta } from "../../shared/news/report-store.ts";
import { createNewsDeps } from "../../shared/news/wiring.ts";
import { runNewsSearch } from "../../shared/news/pipeline.ts";
import { fromKst } from "../../shared/platform/time.ts";
import {
  documentClient,
  dynamoClient,
  ensureTable,
  startLocalDynamo,
  type LocalDynamo,
} from "../../shared/store/dynamo.ts";
import { startFake } from "../helpers/fake-http.ts";
import { FAKE_NAVER, fakeNaver } from "../helpers/fake-naver.ts";
import { FAKE_DART_KEY, fakeOpenDart } from "../helpers/fake-opendart.ts";
import { newsConfig, NewsEnvSchema } from "../../shared/news/config.ts";

let local: LocalDynamo;
let doc: DynamoDBDocumentClient;
const TABLE = "news-cache-test";

beforeAll(async () => {
  local = await startLocalDynamo();
  const client = dynamoClient(local.endpoint);
  await ensureTable(client, TABLE);
  doc = DynamoDBDocumentClient.from(client);
});
afterAll(async () => {
  await local.close();
});

const store = () =>
  new DynamoReportStore(doc, TABLE, { reportDays: 30, listDays: 1 }, () => new Date("2025-11-20T01:00:00Z"));
const key = (corp = "00126380") => ({
  source: "opendart",
  corp_code: corp,
  bsns_year: 2025,
  reprt_code: "11012" as const,
});
const meta = (rcept_no: string): ReportMeta => ({
  corp_code: "00126380",
  corp_name: "삼성전자",
  stock_code: "005930",
  year_quarter: "2025_Q2",
  collection_date: "2025-11-20T10:00:00.000",
  rcept_no,
  reprt_code: "11012",
  api_status: {},
  synthetic: false,
});

/** ~500 KB of executive rows: one API of a large company, over DynamoDB's 400 KB item limit. */
const bigRows = Array.from({ length: 1500 }, (_, i) => ({
  rcept_no: "20250814000001",
  corp_code: "00126380",
  nm: `임원${i}`,
  ofcps: "상무",
  main_career: "경력 ".repeat(50) + i,
}));

describe("the report cache in DynamoDB", () => {
  it("META round-trips; an API status is recorded only while META holds that filing", async () => {
    const s = store();
    await s.putMeta(key(), meta("20250814000001"));
    await s.markApi(key(), "api_02", "20250814000001", "000");
    await s.markApi(key(), "api_13", "20250814000001", "013");
    await s.markApi(key(), "api_07", "20240101000000", "000"); // an old filing's answer
    expect((await s.getMeta(key()))?.api_status).toEqual({ api_02: "000", api_13: "013" });
    const raw = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: "pk = :p",
        ExpressionAttributeValues: { ":p": "REPORT#opendart#00126380#2025#11012" },
      }),
    );
    expect(raw.Items?.[0]?.expiresAt).toBe(
      Math.floor(Date.parse("2025-11-20T01:00:00Z") / 1000) + 30 * 86_400,
    );
  });

  it("an API over 400 KB is stored in chunks and read back whole", async () => {
    const s = store();
    const data: ApiData = {
      key: "api_07",
      rcept_no: "20250814000001",
      status: "000",
      rows: bigRows,
      collection_date: "2025-11-20T10:00:00.000",
      synthetic: false,
    };
    expect(Buffer.byteLength(JSON.stringify(bigRows))).toBeGreaterThan(400_000);
    await s.putApi(key(), data);
    const items = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
        ExpressionAttributeValues: { ":p": "REPORT#opendart#00126380#2025#11012", ":s": "API#api_07#" },
      }),
    );
    expect(items.Items!.length).toBeGreaterThanOrEqual(2);
    for (const item of items.Items!) expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThan(400_000);
    expect(await s.getApi(key(), "api_07", "20250814000001")).toEqual(data);
  });

  it("data of another filing (before a 정정) reads as missing", async () => {
    expect(await store().getApi(key(), "api_07", "20250905000002")).toBeNull();
  });

  it("a rewrite wins over the previous write, and a write missing a chunk is ignored", async () => {
    const s = store();
    const later = (rows: ApiData["rows"], date: string): ApiData => ({
      key: "api_02",
      rcept_no: "R1",
      status: "000",
      rows,
      collection_date: date,
      synthetic: false,
    });
    await s.putApi(key("00000001"), later([{ se: "old" }], "2025-11-20T10:00:00.000"));
    await s.putApi(key("00000001"), later([{ se: "new" }], "2025-11-20T11:00:00.000"));
    expect((await s.getApi(key("00000001"), "api_02", "R1"))?.rows).toEqual([{ se: "new" }]);
    // half of a two-chunk write (a crash between the puts)
    await doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          pk: "REPORT#opendart#00000001#2025#11012",
          sk: "API#api_02#000#w-cut",
          key: "api_02",
          rcept_no: "R1",
          status: "000",
          rows_json: "[]",
          chunk: 0,
          chunks: 2,
          write_id: "w-cut",
          collection_date: "2025-11-20T12:00:00.000",
          synthetic: false,
        },
      }),
    );
    expect((await s.getApi(key("00000001"), "api_02", "R1"))?.rows).toEqual([{ se: "new" }]);
  });

  it("an item of another shape is a miss, not a crash", async () => {
    await doc.send(
      new PutCommand({
        TableName: TABLE,
        Item: { pk: "REPORT#opendart#00000002#2025#11012", sk: "META", corp_code: 12 },
      }),
    );
    expect(await store().getMeta(key("00000002"))).toBeNull();
  });

  it("lists and documents round-trip", async () => {
    const s = store();
    const list = {
      fetched_at: "2025-11-20T01:00:00.000Z",
      list: [
        {
          corp_cls: "Y",
          corp_name: "LG",
          corp_code: "00120021",
          stock_code: "003550",
          report_nm: "[기재정정]타법인주식및출자증권취득결정",
          rcept_no: "20251001800707",
          flr_nm: "LG",
          rcept_dt: "20251001",
          rm: "",
        },
      ],
    };
    await s.putList("opendart", "00120021", "ALL#20250701#20251120", list);
    expect(await s.getList("opendart", "00120021", "ALL#20250701#20251120")).toEqual(list);
    expect(await s.getList("opendart", "00120021", "ALL#20250701")).toBeNull();
    const d = {
      rcept_no: "20251001800707",
      text: "정정신고(보고)",
      content_length: 3669,
      truncated: true,
      collection_date: "x",
      synthetic: false,
    };
    await s.putDocument("opendart", d);
    expect(await s.getDocument("opendart", "20251001800707")).toEqual(d);
    expect(await s.getDocument("sample", "20251001800707")).toBeNull(); // the sample and OpenDART never mix
  });

  it("chunks stay under the chunk size", () => {
    const chunks = chunkRows(bigRows);
    expect(chunks.flat()).toEqual(bigRows);
    for (const c of chunks) expect(Buffer.byteLength(JSON.stringify(c))).toBeLessThanOrEqual(CHUNK_BYTES);
  });
});

describe("OpenDART's company list (corpCode.xml) in the cache for the KST day", () => {
  /** ~100,000 companies as OpenDART has: the parsed list is megabytes, over any one item's 400 KB */
  const many = Array.from({ length: 20_000 }, (_, i) => ({
    corp_code: String(90_000_000 + i),
    corp_name: `합성회사${i}(주)`,
    stock_code: i % 5 === 0 ? String(900_000 + i).slice(-6) : "",
    modify_date: "20251101",
  }));

  it("round-trips in chunks under the item limit, per source and day", async () => {
    const s = store();
    await s.putCompanies("opendart", "20251120", many);
    expect(await s.getCompanies("opendart", "20251120")).toEqual(many);
    expect(await s.getCompanies("opendart", "20251121")).toBeNull();
    expect(await s.getCompanies("sample", "20251120")).toBeNull();
    const items = (
      await doc.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": "CORPS#opendart#20251120" },
        }),
      )
    ).Items!;
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThan(400_000);
  });

  it("a write missing a chunk reads as missing (downloaded again), never as a shorter list", async () => {
    const s = store();
    await s.putCompanies("opendart", "20251122", many);
    const [first] = (
      await doc.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": "CORPS#opendart#20251122" },
        }),
      )
    ).Items!;
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: { pk: first!.pk, sk: first!.sk } }));
    expect(await s.getCompanies("opendart", "20251122")).toBeNull();
  });

  it("two service instances (two cold starts) download it once a day; the next KST day again", async () => {
    let clock = fromKst(2025, 11, 20, 10);
    const now = () => clock;
    const dart = await startFake(fakeOpenDart({ now }));
    const naver = await startFake(fakeNaver({ now }));
    const table = "news-cache-corps";
    await ensureTable(dynamoClient(local.endpoint), table);
    const env = NewsEnvSchema.parse({
      OPENDART_API_KEY: FAKE_DART_KEY,
      OPENDART_BASE_URL: `${dart.url}/api`,
      NEWS_CACHE_TABLE: table,
    });
    // each createNewsDeps is what a fresh Lambda container builds: its own in-memory directory
    const instance = () =>
      createNewsDeps(newsConfig(env, { ...FAKE_NAVER, baseUrl: naver.url }), {
        documents: documentClient(local.endpoint),
        now,
      });
    const corpCodeCalls = () => dart.requests.filter((r) => r.path.endsWith("corpCode.xml")).length;
    try {
      const first = await runNewsSearch(
        { query: "삼성전자 배당", search_preference: "publications" },
        instance(),
      );
      expect(corpCodeCalls()).toBe(1);
      const second = await runNewsSearch(
        { query: "LG전자 임원", search_preference: "publications" },
        instance(),
      );
      expect(corpCodeCalls()).toBe(1); // read from the table, not downloaded
      expect(second.searched_list?.regular[0]?.filename).toBe("066570_LG전자.json");
      // the second instance's OpenDART calls are list.json and the key information only
      const beforeSecond = first.meta.dartCalls;
      expect(second.meta.dartCalls).toBe(dart.requests.length - beforeSecond);
      expect(second.pub_errors).toEqual([]);

      clock = fromKst(2025, 11, 21, 0, 5); // past midnight in Korea: a new day's list
      await runNewsSearch({ query: "삼성전자 배당", search_preference: "publications" }, instance());
      expect(corpCodeCalls()).toBe(2);
    } finally {
      await dart.close();
      await naver.close();
    }
  });
});
