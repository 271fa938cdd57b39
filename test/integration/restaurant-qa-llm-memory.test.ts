// Restaurant QA through the real Anthropic SDK against a fake Messages API (the schemas must make
// valid output formats; invalid output falls back), and follow-up memory in DynamoDB (dynalite).
import { DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HashedNgramEmbedder } from "../../shared/embed/hashed-ngrams.ts";
import { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import { AnthropicLlm } from "../../shared/llm/anthropic.ts";
import { restaurantIndexDefinition } from "../../shared/restaurant-qa/index-mapping.ts";
import { ingestRecords } from "../../shared/restaurant-qa/ingest.ts";
import {
  DynamoConversations,
  InMemoryConversations,
  scopedConversation,
} from "../../shared/restaurant-qa/memory.ts";

import { createRestaurantQa } from "../../shared/restaurant-qa/pipeline.ts";
import { TitleCache } from "../../shared/restaurant-qa/steps.ts";
import { dynamoClient, ensureTable, startLocalDynamo, type LocalDynamo } from "../../shared/store/dynamo.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../helpers/fake-anthropic.ts";
import { kindOf, qaAnswer } from "../helpers/fake-qa-llm.ts";
import { DEFAULT_RETRIEVAL } from "../../shared/restaurant-qa/config.ts";

const RECORDS = [
  {
    place_id: "501",
    title: "망원 파스타",
    address: "서울 마포구 망원동 1",
    mapx: "1269101000",
    mapy: "375561000",
    menus: [{ name: "토마토 파스타", price: "16,000원" }],
    reviews: ["조용해서 데이트하기 좋아요.", "주차 돼요."],
  },
  {
    place_id: "502",
    title: "망원 라멘",
    address: "서울 마포구 망원동 2",
    mapx: "1269102000",
    mapy: "375562000",
    menus: [{ name: "돈코츠라멘", price: "10,000원" }],
    reviews: ["혼밥하기 좋아요."],
  },
];

async function index() {
  const ix = new LocalSearchIndex("restaurants", restaurantIndexDefinition(128));
  await ingestRecords(RECORDS, { index: ix, embedder: new HashedNgramEmbedder(128) });
  return ix;
}

/** the kind of prompt from the output format's JSON schema */
function kindOfRequest(req: FakeAnthropic["requests"][number]): ReturnType<typeof kindOf> {
  const schema = JSON.stringify(req.output_config ?? {});
  return schema.includes('"grades"')
    ? "grade"
    : schema.includes('"answer"')
      ? "generate"
      : schema.includes('"review_food"')
        ? "enrich"
        : "rewrite";
}
const promptOf = (req: FakeAnthropic["requests"][number]) =>
  String((req.messages[0]!.content as string) ?? "");

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const llm = (url: string) =>
  new AnthropicLlm({
    apiKey: "sk-ant-test",
    baseURL: url,
    models: { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" },
    timeoutMs: 5000,
    maxRetries: 0,
  });

describe("restaurant QA with Claude (fake Messages API)", () => {
  it("grades in one call and answers with citations, the schemas accepted as output formats", async () => {
    fake = await startFakeAnthropic((req) => ({
      text: JSON.stringify(qaAnswer(kindOfRequest(req), promptOf(req))),
    }));
    const ix = await index();
    const qa = createRestaurantQa({
      index: ix,
      embedder: new HashedNgramEmbedder(128),
      llm: llm(fake.baseURL),
      geocode: {},
      titles: new TitleCache(() => ix),
      memory: new InMemoryConversations({ ttlSeconds: 86_400, perCaller: 10_000 }),
      settings: { ...DEFAULT_RETRIEVAL, defaultRadiusM: 3000, maxWidenings: 2, relevanceThreshold: 0.5 },
    });
    // "대학로" is not in the gazetteer: the rules are unsure, so the model rewrites first
    const r = await qa.ask({ query: "대학로 친구들이랑 가기 좋은 파스타" });
    expect(fake.requests.map(kindOfRequest)).toEqual(["rewrite", "grade", "generate"]);
    expect(fake.requests[0]!.model).toBe("claude-haiku-5-5");
    expect(fake.requests[2]!.model).toBe("claude-sonnet-5-5");
    expect(r.route).toBe("index");
    expect(r.citations).toEqual(["501"]);
    expect(r.meta).toMatchObject({ engine: "llm", llmCalls: 3 });
    expect(r.meta.llmTokens.input).toBeGreaterThan(0);
  });

  it("enriches by the LLM at ingest, the vocabulary as enums", async () => {
    fake = await startFakeAnthropic((req) => ({
      text: JSON.stringify(qaAnswer(kindOfRequest(req), promptOf(req))),
    }));
    const ix = new LocalSearchIndex("restaurants", restaurantIndexDefinition(128));
    const report = await ingestRecords([RECORDS[0]], {
      index: ix,
      embedder: new HashedNgramEmbedder(128),
      llm: llm(fake.baseURL),
    });
    expect(report).toMatchObject({ indexed: 1, llmCalls: 1 });
    const doc = (await ix.mget<any>(["501"])).get("501");
    expect(doc).toMatchObject({
      enrichment: "llm",
      convenience: ["주차"],
      atmosphere: ["조용한"],
      features: ["가성비", "요일별 특별반찬"],
    });
    const schema = JSON.stringify(fake.requests[0]!.output_config);
    expect(schema).toContain("고기구워줌");
  });

  it("falls back to rules and the extractive answer when the model answers out of schema twice", async () => {
    fake = await startFakeAnthropic([{ text: "not json" }]);
    const ix = await index();
    const qa = createRestaurantQa({
      index: ix,
      embedder: new HashedNgramEmbedder(128),
      llm: llm(fake.baseURL),
      geocode: {},
      titles: new TitleCache(() => ix),
      settings: { ...DEFAULT_RETRIEVAL, defaultRadiusM: 3000, maxWidenings: 2, relevanceThreshold: 0.5 },
    });
    const r = await qa.ask({ query: "망원역 혼밥 라멘" });
    expect(r.meta.engines).toEqual({ rewrite: "rules", grade: "rules-fallback", generate: "rules-fallback" });
    expect(r.meta.engine).toBe("llm+fallback");
    expect(r.answer).toContain("[502]");
    expect(r.meta.warnings.join(" ")).toMatch(/규칙으로 관련 식당을 골랐습니다/);
  });
});

describe("follow-up memory in DynamoDB (dynalite)", () => {
  let local: LocalDynamo;
  let doc: DynamoDBDocumentClient;
  beforeAll(async () => {
    local = await startLocalDynamo();
    const client = dynamoClient(local.endpoint);
    await ensureTable(client, "dongne");
    doc = DynamoDBDocumentClient.from(client);
  });
  afterAll(async () => local.close());

  it("keeps the last answer's restaurants per conversation, expiring by TTL", async () => {
    const mem = new DynamoConversations(doc, "dongne", { ttlSeconds: 3600, perCaller: 100 });
    expect(await mem.last("c1")).toBeNull();
    await mem.remember("c1", { place_ids: ["501"], query: "망원 파스타", at: Date.now() });
    await mem.remember("c1", { place_ids: ["502", "501"], query: "라멘", at: Date.now() });
    expect(await mem.last("c1")).toMatchObject({ place_ids: ["502", "501"], query: "라멘" });
    expect(await mem.last("c2")).toBeNull();
    const stale = new DynamoConversations(doc, "dongne", { ttlSeconds: 60, perCaller: 100 });
    await stale.remember("old", { place_ids: ["1"], query: "x", at: Date.now() - 3_600_000 });
    expect(await stale.last("old")).toBeNull();
  });

  it("keeps at most perCaller conversations per caller, the oldest opened giving way", async () => {
    const mem = new DynamoConversations(doc, "dongne", { ttlSeconds: 3600, perCaller: 3 });
    const turn = (query: string) => ({ place_ids: ["501"], query, at: Date.now() });
    const a = (n: number) => scopedConversation("key-a", `c${n}`);
    for (const n of [1, 2, 3]) await mem.remember(a(n), turn(`a${n}`));
    // a later turn of an open conversation takes no new slot
    await mem.remember(a(1), turn("a1 again"));
    await mem.remember(a(4), turn("a4"));
    expect(await mem.last(a(1))).toBeNull();
    expect(await mem.last(a(2))).toMatchObject({ query: "a2" });
    expect(await mem.last(a(4))).toMatchObject({ query: "a4" });
    // another caller's conversations count on their own
    const b = scopedConversation("key-b", "c1");
    await mem.remember(b, turn("b1"));
    for (const n of [5, 6]) await mem.remember(a(n), turn(`a${n}`));
    expect(await mem.last(b)).toMatchObject({ query: "b1" });
    const kept = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => (await mem.last(a(n))) !== null));
    expect(kept).toEqual([false, false, false, true, true, true]);
  });

  it("refuses an item that is not a conversation turn", async () => {
    await doc.send(
      new PutCommand({
        TableName: "dongne",
        Item: { pk: "qa-conversation#bad", sk: "last", place_ids: "501" },
      }),
    );
    await expect(
      new DynamoConversations(doc, "dongne", { ttlSeconds: 3600, perCaller: 100 }).last("bad"),
    ).rejects.toThrow();
  });
});
