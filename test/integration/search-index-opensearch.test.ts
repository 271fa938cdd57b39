import { afterEach, describe, expect, it } from "vitest";
import { HashedNgramEmbedder } from "../../shared/embed/hashed-ngrams.ts";
import { OpenSearchIndex } from "../../shared/index/opensearch.ts";
import {
  RESTAURANT_INDEX_SCHEMA_VERSION,
  restaurantIndexDefinition,
} from "../../shared/restaurant-qa/index-mapping.ts";
import { ingestRecords } from "../../shared/restaurant-qa/ingest.ts";
import { filteredKnnBody } from "../../shared/restaurant-qa/query-builder.ts";
import { describeSearchDomain } from "../../shared/index/control-plane.ts";
import { startFake } from "../helpers/fake-http.ts";
import { startFakeOpenSearch, type FakeOpenSearch } from "../helpers/fake-opensearch.ts";
import { DEFAULT_RETRIEVAL } from "../../shared/restaurant-qa/config.ts";

const embedder = new HashedNgramEmbedder(128);
const definition = restaurantIndexDefinition(128);
const credentials = async () => ({ accessKeyId: "AKIDTEST", secretAccessKey: "secret" });
const META = { embedder: embedder.name, dimension: 128, schema_version: RESTAURANT_INDEX_SCHEMA_VERSION };

let fake: FakeOpenSearch | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const client = (url: string, extra: Partial<ConstructorParameters<typeof OpenSearchIndex>[0]> = {}) =>
  new OpenSearchIndex({
    node: url,
    index: "restaurants",
    definition,
    region: "ap-northeast-2",
    getCredentials: credentials,
    retryDelayMs: 10,
    timeoutMs: 2000,
    ...extra,
  });

const record = (id: string, title: string, reviews: string[]) => ({
  place_id: id,
  title,
  address: "서울 마포구 망원동 1",
  mapx: "1269101000",
  mapy: "375561000",
  menus: [{ name: "생삼겹살", price: "15,000원" }],
  reviews,
});

describe("OpenSearch adapter against a fake OpenSearch", () => {
  it("signs requests with SigV4 and creates the index from the mapping on first ingest", async () => {
    fake = await startFakeOpenSearch();
    const index = client(fake.url);
    const report = await ingestRecords(
      [record("1", "망원 생삼겹", ["주차 돼요"]), record("2", "망원 숯불", ["주차 안 돼요"])],
      { index, embedder },
    );
    expect(report).toMatchObject({ indexed: 2, rejected: [] });
    const put = fake.requests.find((r) => r.method === "PUT")!;
    expect(put.path).toBe("/restaurants");
    expect(put.body.mappings._meta).toEqual(META);
    const props = put.body.mappings.properties;
    expect(props.embedding).toEqual({
      type: "knn_vector",
      dimension: 128,
      method: {
        name: "hnsw",
        engine: "lucene",
        space_type: "cosinesimil",
        parameters: { m: 16, ef_construction: 128 },
      },
    });
    expect(props.location.type).toBe("geo_point");
    expect(props.menus.type).toBe("nested");
    expect(props.reviews.analyzer).toBe("korean");
    expect(put.body.settings.analysis.tokenizer.korean_nori.type).toBe("nori_tokenizer");
    expect(put.body.settings.index.knn).toBe(true);
    const auth = String(put.headers.authorization);
    expect(auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/ap-northeast-2\/es\/aws4_request/);
    expect(put.headers["x-amz-content-sha256"]).toMatch(/^[0-9a-f]{64}$/);
    // the bulk is NDJSON of index actions: whole documents by place_id, searchable on return
    const bulk = fake.requests.find((r) => r.path === "/restaurants/_bulk")!;
    const lines = bulk.raw
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // index-scoped (POST /restaurants/_bulk, the path the writers' grant covers): no _index per line
    expect(bulk.method).toBe("POST");
    expect(lines[0]).toEqual({ index: { _id: "1" } });
    expect(lines[1].embedding).toHaveLength(128);
    expect(bulk.query.get("refresh")).toBe("wait_for");
    // a second ingest of the same records writes nothing
    expect(
      await ingestRecords([record("1", "망원 생삼겹", ["주차 돼요"])], { index, embedder }),
    ).toMatchObject({ unchanged: 1, indexed: 0 });
    expect(fake.requests.filter((r) => r.path === "/restaurants/_bulk")).toHaveLength(1);
  });

  it("sends the product's search body as it is and reads hits, mget, count and distinct titles", async () => {
    fake = await startFakeOpenSearch();
    const index = client(fake.url);
    await ingestRecords(
      [record("1", "망원 생삼겹", ["주차 돼요"]), record("2", "망원 숯불", ["주차 안 돼요"])],
      { index, embedder },
    );
    const body = filteredKnnBody(
      embedder.embedOne("망원 주차 삼겹살"),
      { menu: ["삼겹살"], convenience: ["주차"] },
      [],
      DEFAULT_RETRIEVAL,
    );
    const r = await index.search<{ title: string }>(body);
    expect(fake.requests.at(-1)!.body).toEqual(JSON.parse(JSON.stringify(body)));
    expect(r.hits.map((h) => [h.id, h.source.title])).toEqual([["1", "망원 생삼겹"]]);
    expect(r.total).toBe(1);
    expect((await index.mget<{ title: string }>(["2", "9"])).get("2")?.title).toBe("망원 숯불");
    expect(await index.count()).toBe(2);
    expect((await index.distinctValues("title.raw")).sort()).toEqual(["망원 생삼겹", "망원 숯불"]);
  });

  it("reports per-item bulk errors, and retries items the cluster pushed back (429) once", async () => {
    fake = await startFakeOpenSearch((r, nth) =>
      r.path === "/restaurants/_bulk" && nth === 0
        ? {
            itemErrors: {
              "2": {
                status: 400,
                type: "mapper_parsing_exception",
                reason: "failed to parse field [location]",
              },
              "3": { status: 429, type: "es_rejected_execution_exception", reason: "queue full" },
            },
          }
        : undefined,
    );
    const index = client(fake.url);
    const report = await ingestRecords(
      [record("1", "가", ["좋아요"]), record("2", "나", ["좋아요"]), record("3", "다", ["좋아요"])],
      { index, embedder },
    );
    expect(report.indexed).toBe(2);
    expect(report.rejected).toEqual([
      {
        index: 1,
        place_id: "2",
        field: "location",
        reason: "mapper_parsing_exception: failed to parse field [location]",
      },
    ]);
    const bulks = fake.requests.filter((r) => r.path === "/restaurants/_bulk");
    expect(bulks).toHaveLength(2);
    expect(bulks[1]!.raw).toContain('"_id":"3"');
    expect(bulks[1]!.raw).not.toContain('"_id":"1"');
  });

  it("retries a whole-request 429 and 5xx, then gives up with a typed error", async () => {
    fake = await startFakeOpenSearch((r, nth) =>
      r.path === "/restaurants/_count"
        ? nth === 0
          ? { status: 429, json: { error: { type: "too_many_requests", reason: "slow down" } } }
          : nth === 1
            ? { status: 503, json: { error: "unavailable" } }
            : undefined
        : r.path === "/restaurants/_mapping"
          ? { status: 500, json: { error: { type: "boom", reason: "broken" } } }
          : undefined,
    );
    const index = client(fake.url);
    expect(await index.count()).toBe(0); // 429, 503, then the answer (404: no index yet)
    expect(fake.requests.filter((r) => r.path === "/restaurants/_count")).toHaveLength(3);
    await expect(index.meta()).rejects.toMatchObject({
      name: "SearchIndexError",
      reason: "server",
      status: 500,
    });
    expect(fake.requests.filter((r) => r.path === "/restaurants/_mapping")).toHaveLength(3);
  });

  it("times out a request that hangs, and refuses an index built by another embedder", async () => {
    fake = await startFakeOpenSearch((r) => (r.path === "/restaurants/_search" ? { hang: true } : undefined));
    const slow = client(fake.url, { timeoutMs: 200, retries: 1 });
    await expect(slow.search({ query: { match_all: {} } })).rejects.toMatchObject({ reason: "timeout" });
    const other = client(fake.url);
    await other.ensureIndex({
      embedder: "bedrock:amazon.titan-embed-text-v2:0",
      dimension: 128,
      schema_version: 1,
    });
    await expect(client(fake.url).ensureIndex(META)).rejects.toThrow(
      /built with bedrock:amazon.titan-embed-text-v2:0/,
    );
  });

  it("describes the domain through the control plane", async () => {
    const cp = await startFake((r) => ({
      json: {
        DomainStatus: {
          DomainName: "dongne",
          DomainId: "123/dongne",
          ARN: "arn:aws:es:ap-northeast-2:123:domain/dongne",
          Endpoint: "search-dongne.ap-northeast-2.es.amazonaws.com",
          EngineVersion: "OpenSearch_2.19",
          Processing: false,
          ClusterConfig: { InstanceType: "t3.small.search", InstanceCount: 1 },
          path: r.path,
        },
      },
    }));
    const s = await describeSearchDomain({
      domainName: "dongne",
      region: "ap-northeast-2",
      endpoint: cp.url,
      credentials: { accessKeyId: "a", secretAccessKey: "b" },
    });
    expect(s).toEqual({
      domain: "dongne",
      endpoint: "search-dongne.ap-northeast-2.es.amazonaws.com",
      engineVersion: "OpenSearch_2.19",
      instanceType: "t3.small.search",
      instanceCount: 1,
      processing: false,
      deleted: false,
    });
    expect(cp.requests[0]!.path).toBe("/2021-01-01/opensearch/domain/dongne");
    await cp.close();
  });
});
