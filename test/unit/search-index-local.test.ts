import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Query } from "../../shared/index/dsl.ts";
import { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import type { IndexDefinition } from "../../shared/index/port.ts";

const DEF: IndexDefinition = {
  settings: {},
  mappings: {
    dynamic: "strict",
    properties: {
      title: {
        type: "text",
        analyzer: "korean",
        fields: { ngram: { type: "text", analyzer: "korean_bigram" }, raw: { type: "keyword" } },
      },
      tags: { type: "keyword" },
      location: { type: "geo_point" },
      menus: {
        type: "nested",
        properties: { name: { type: "text", analyzer: "korean_bigram" }, price: { type: "integer" } },
      },
      embedding: { type: "knn_vector", dimension: 2 },
    },
  },
};
const META = { embedder: "test", dimension: 2, schema_version: 1 };

async function index(file?: string) {
  const ix = new LocalSearchIndex("t", DEF, { file });
  await ix.ensureIndex(META);
  await ix.bulkIndex([
    {
      id: "a",
      doc: {
        title: "망원 생삼겹살 본점",
        tags: ["주차", "예약"],
        location: { lat: 37.5561, lon: 126.9101 },
        menus: [
          { name: "생삼겹살 1인분", price: 16000 },
          { name: "된장찌개", price: 4000 },
        ],
        embedding: [1, 0],
      },
    },
    {
      id: "b",
      doc: {
        title: "합정 파스타 키친",
        tags: ["예약"],
        location: { lat: 37.5495, lon: 126.9137 },
        menus: [
          { name: "알리오올리오", price: 18000 },
          { name: "샐러드", price: 12000 },
        ],
        embedding: [0.8, 0.6],
      },
    },
    {
      id: "c",
      doc: {
        title: "강남 스시",
        tags: ["주차"],
        location: { lat: 37.4979, lon: 127.0276 },
        menus: [{ name: "모둠초밥", price: 30000 }],
        embedding: [0, 1],
      },
    },
  ]);
  return ix;
}
const ids = async (ix: LocalSearchIndex, query: Query, size = 10) =>
  (await ix.search({ query, size })).hits.map((h) => h.id);

describe("local search engine", () => {
  it("matches Hangul by bigrams: a dish finds the menu it is part of", async () => {
    const ix = await index();
    expect(await ids(ix, { match: { "title.ngram": { query: "삼겹살", operator: "and" } } })).toEqual(["a"]);
    expect(await ids(ix, { match: { "title.ngram": { query: "삼겹 피자", operator: "and" } } })).toEqual([]);
    expect(
      await ids(ix, { match: { "title.ngram": { query: "삼겹 파스타", operator: "or" } } }).then((x) =>
        x.sort(),
      ),
    ).toEqual(["a", "b"]);
  });

  it("runs keyword term/terms, and geo_distance on a geo_point", async () => {
    const ix = await index();
    expect((await ids(ix, { term: { tags: { value: "주차" } } })).sort()).toEqual(["a", "c"]);
    expect((await ids(ix, { terms: { tags: ["없는값", "예약"] } })).sort()).toEqual(["a", "b"]);
    const nearMangwon = { geo_distance: { distance: "1.5km", location: { lat: 37.5561, lon: 126.9101 } } };
    expect((await ids(ix, nearMangwon)).sort()).toEqual(["a", "b"]);
    expect(
      await ids(ix, { geo_distance: { distance: "100m", location: { lat: 37.5561, lon: 126.9101 } } }),
    ).toEqual(["a"]);
  });

  it("evaluates a nested query per element, and hides nested fields outside it", async () => {
    const ix = await index();
    // a price and a name must hold for the same menu item
    const cheapPasta: Query = {
      nested: {
        path: "menus",
        query: {
          bool: {
            filter: [
              { match: { "menus.name": { query: "샐러드" } } },
              { range: { "menus.price": { lte: 15000 } } },
            ],
          },
        },
      },
    };
    expect(await ids(ix, cheapPasta)).toEqual(["b"]);
    const crossed: Query = {
      nested: {
        path: "menus",
        query: {
          bool: {
            filter: [
              { match: { "menus.name": { query: "알리오올리오" } } },
              { range: { "menus.price": { lte: 15000 } } },
            ],
          },
        },
      },
    };
    expect(await ids(ix, crossed)).toEqual([]);
    expect(await ids(ix, { match: { "menus.name": { query: "샐러드" } } })).toEqual([]);
  });

  it("applies bool should with minimum_should_match", async () => {
    const ix = await index();
    const q: Query = {
      bool: {
        filter: [{ term: { tags: { value: "예약" } } }],
        should: [
          { match: { "title.ngram": { query: "삼겹살" } } },
          { match: { "title.ngram": { query: "초밥" } } },
        ],
        minimum_should_match: 1,
      },
    };
    expect(await ids(ix, q)).toEqual(["a"]);
    expect(await ids(ix, { bool: { should: [{ term: { tags: { value: "없음" } } }] } })).toEqual([]);
  });

  it("runs exact kNN with an efficient filter, and should-boosts reorder the k candidates", async () => {
    const ix = await index();
    const knn = (filter?: Query, k = 3): Query => ({
      knn: { embedding: { vector: [1, 0], k, ...(filter ? { filter } : {}) } },
    });
    const r = await ix.search({ query: knn(), size: 3 });
    expect(r.hits.map((h) => h.id)).toEqual(["a", "b", "c"]);
    expect(r.hits[0]!.score).toBeCloseTo(1, 6); // (1 + cos) / 2, as Lucene's cosinesimil
    expect(r.hits[2]!.score).toBeCloseTo(0.5, 6);
    // the filter runs during the search: k results among the matching documents, not fewer
    expect(await ids(ix, knn({ term: { tags: { value: "주차" } } }, 2))).toEqual(["a", "c"]);
    const boosted: Query = {
      bool: { must: [knn(undefined, 3)], should: [{ term: { tags: { value: "주차", boost: 0.6 } } }] },
    };
    expect(await ids(ix, boosted)).toEqual(["a", "c", "b"]);
    await expect(ix.search({ query: { knn: { embedding: { vector: [1, 0, 0], k: 1 } } } })).rejects.toThrow(
      /dimensions/,
    );
  });

  it("rejects documents the strict mapping would refuse, item by item", async () => {
    const ix = await index();
    const r = await ix.bulkIndex([
      { id: "x", doc: { title: "새 가게", unknown: 1 } },
      { id: "y", doc: { title: "좌표 없음", location: { lat: "a", lon: 1 } } },
      { id: "z", doc: { title: "벡터 길이", embedding: [1, 2, 3] } },
      { id: "w", doc: { title: "가격", menus: [{ name: "국밥", price: 9.5 }] } },
      { id: "a", doc: { title: "망원 생삼겹살 본점", tags: [], embedding: [1, 0] } },
    ]);
    expect(r.map((i) => i.status)).toEqual([400, 400, 400, 400, 200]);
    expect(r[0]!.error!.type).toBe("strict_dynamic_mapping_exception");
    expect(r[3]!.error!.reason).toContain("menus.price");
    expect(await ix.count()).toBe(3);
  });

  it("refuses clauses outside the emitted subset and an index built by another embedder", async () => {
    const ix = await index();
    await expect(ix.search({ query: { fuzzy: { title: "x" } } as never })).rejects.toThrow(
      /does not run "fuzzy"/,
    );
    await expect(ix.search({ query: { match_all: {} }, sort: ["x"] } as never)).rejects.toThrow(/sort/);
    await expect(
      ix.ensureIndex({ embedder: "bedrock:titan", dimension: 2, schema_version: 1 }),
    ).rejects.toThrow(/built with test/);
  });

  it("persists to a file and lists distinct keyword values; _source excludes drop fields", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "dongne-ix-")), "ix.jsonl");
    const ix = await index(file);
    await ix.flush();
    const again = new LocalSearchIndex("t", DEF, { file });
    expect(await again.meta()).toEqual(META);
    expect((await again.distinctValues("title.raw")).sort()).toEqual([
      "강남 스시",
      "망원 생삼겹살 본점",
      "합정 파스타 키친",
    ]);
    const r = await again.search<{ embedding?: number[]; title: string }>({
      query: { knn: { embedding: { vector: [0, 1], k: 1 } } },
      _source: { excludes: ["embedding"] },
    });
    expect(r.hits[0]!.id).toBe("c");
    expect(r.hits[0]!.source.embedding).toBeUndefined();
    const got = await again.mget<{ title: string }>(["a", "missing"], ["title"]);
    expect([...got.keys()]).toEqual(["a"]);
  });
});
