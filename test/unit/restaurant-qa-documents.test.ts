import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { haversine } from "../../shared/geo/haversine.ts";
import { HashedNgramEmbedder } from "../../shared/embed/hashed-ngrams.ts";
import { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import { naverToLatLon } from "../../shared/geo/naver-coordinates.ts";
import { parseJsonLines } from "../../shared/places/restaurant-crawl.ts";
import { mapUrlOf } from "../../shared/places/restaurant-document.ts";
import { restaurantIndexDefinition } from "../../shared/restaurant-qa/index-mapping.ts";
import { ingestBatches, ingestRecords } from "../../shared/restaurant-qa/ingest.ts";
import { parsePrice } from "../../shared/places/prices.ts";
import { buildSummary } from "../../shared/restaurant-qa/summary.ts";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/restaurant-qa/${name}`, import.meta.url), "utf8"));

describe("002 §5.1 preprocessing", () => {
  it("turns prices into integers, and keeps the text of what is not one price", () => {
    expect(parsePrice("20,000원")).toEqual({ price: 20000 });
    expect(parsePrice("17,500원")).toEqual({ price: 17500 });
    expect(parsePrice("9000")).toEqual({ price: 9000 });
    expect(parsePrice(12000)).toEqual({ price: 12000 });
    expect(parsePrice("1만5천원")).toEqual({ price: 15000 });
    expect(parsePrice("12,000원(2인)")).toEqual({ price: 12000 });
    expect(parsePrice("시가")).toEqual({ price: null, price_text: "시가" });
    expect(parsePrice("변동")).toEqual({ price: null, price_text: "변동" });
    expect(parsePrice("15,000원~20,000원")).toEqual({ price: null, price_text: "15,000원~20,000원" });
    expect(parsePrice(undefined)).toEqual({ price: null });
    expect(parsePrice("")).toEqual({ price: null });
  });

  it("reads mapx/mapy as WGS84 × 10⁷ (the seed's example) or as legacy TM128 metres", () => {
    expect(naverToLatLon("1271551201", "375630641")).toEqual({
      lat: 37.5630641,
      lon: 127.1551201,
      format: "wgs84e7",
    });
    // 강남구청 in the pre-2023 TM128 format (provider-apis.md §4.2); the office is at 37.5172, 127.0473
    const p = naverToLatLon("315997", "546556");
    expect(p.format).toBe("tm128");
    expect(haversine({ lat: p.lat, lng: p.lon }, { lat: 37.5172, lng: 127.0473 })).toBeLessThan(60);
  });

  it("links crawled ids to Naver Map and demo ids to the reserved demo domain", () => {
    expect(mapUrlOf("1993900101", undefined)).toBe("https://map.naver.com/p/entry/place/1993900101");
    expect(mapUrlOf("demo-abc", true)).toMatch(/^https:\/\/demo\.dongne\.invalid\//);
    expect(mapUrlOf("nv-1a2b", false, "망원 국수집")).toBe(
      "https://map.naver.com/p/search/%EB%A7%9D%EC%9B%90%20%EA%B5%AD%EC%88%98%EC%A7%91",
    );
    expect(mapUrlOf("nv-1a2b", false)).toBeNull();
  });

  it("keeps a broken JSON line in its place so rejections point at it", () => {
    const { items, lineOf } = parseJsonLines('{"a":1}\n\nnot json\n{"b":2}\n');
    expect(items).toEqual([{ a: 1 }, null, { b: 2 }]);
    expect(lineOf).toEqual([1, 3, 4]);
  });
});

describe("002 §5.3 summary", () => {
  it("reproduces the seed's example document exactly (golden)", () => {
    const doc = fixture("seed-final-document.json");
    expect(buildSummary(doc)).toBe(doc.summary);
  });

  it("writes 없음 for an empty list and drops the parentheses without a road address", () => {
    const s = buildSummary({
      title: "가",
      address: "서울 마포구 망원동 1",
      roadAddress: "",
      menus: [],
      review_food: [],
      convenience: [],
      atmosphere: ["조용한"],
      occasion: [],
      features: [],
    });
    expect(s).toBe(
      "식당 이름: 가\n주소: 서울 마포구 망원동 1\n메뉴: 없음\n편의: 없음\n분위기: 조용한\n상황: 없음\n기타 특징: 없음",
    );
  });
});

describe("ingest", () => {
  const embedder = new HashedNgramEmbedder(256);
  const fresh = () => new LocalSearchIndex("restaurants", restaurantIndexDefinition(256));
  const deps = (index: LocalSearchIndex) => ({ index, embedder, today: () => "2026-01-02" });

  it("indexes the seed's crawl example as 002 §5.5 describes it", async () => {
    const index = fresh();
    const report = await ingestRecords([fixture("seed-crawl-example.json")], deps(index));
    expect(report).toMatchObject({ indexed: 1, updated: 0, unchanged: 0, rejected: [] });
    const doc = (await index.mget<any>(["1993900101"])).get("1993900101");
    expect(doc).toMatchObject({
      lat: 37.5630641,
      lon: 127.1551201,
      location: { lat: 37.5630641, lon: 127.1551201 },
      collected_at: "2026-01-02",
      enrichment: "rules",
    });
    expect(doc.menus[0]).toEqual({ name: "멜란자네파다노", price: 20000 });
    expect(doc.review_food).toEqual(expect.arrayContaining(["브런치", "파스타"]));
    expect(doc.summary.split("\n")[0]).toBe("식당 이름: 우드멜로우");
    expect(doc.map_url).toBe("https://map.naver.com/p/entry/place/1993900101");
  });

  it("upserts by place_id: the same file again changes nothing, a changed record replaces the whole document", async () => {
    const index = fresh();
    const rec = fixture("seed-crawl-example.json");
    await ingestRecords([rec], deps(index));
    expect(await ingestRecords([rec], deps(index))).toMatchObject({ indexed: 0, updated: 0, unchanged: 1 });
    const changed = { ...rec, menus: [{ name: "알리오올리오", price: "19,000원" }], reviews: ["주차 돼요"] };
    expect(await ingestRecords([changed], deps(index))).toMatchObject({
      indexed: 0,
      updated: 1,
      unchanged: 0,
    });
    const doc = (await index.mget<any>(["1993900101"])).get("1993900101");
    expect(doc.menus).toEqual([{ name: "알리오올리오", price: 19000 }]);
    expect(doc.convenience).toEqual(["주차"]);
    expect(await index.count()).toBe(1);
  });

  it("rejects bad records with index, field and reason, and indexes the rest", async () => {
    const index = fresh();
    const good = fixture("seed-crawl-example.json");
    const report = await ingestRecords(
      [
        { ...good, place_id: "1" },
        { ...good, place_id: "2", title: "" },
        null,
        { ...good, place_id: "4", mapx: "abc" },
        { ...good, place_id: "5", mapx: "1471551201" },
        { ...good, place_id: "6", menus: [{ price: "1,000원" }] },
        { ...good, place_id: "7" },
        { ...good, place_id: "7", title: "같은 id" },
      ],
      deps(index),
    );
    expect(report.indexed).toBe(2);
    expect(report.rejected.map((r) => [r.index, r.place_id, r.field])).toEqual([
      [1, "2", "title"],
      [2, undefined, "(record)"],
      [3, "4", "mapx"],
      [4, "5", "mapx"],
      [5, "6", "menus.0.name"],
      [6, "7", "place_id"],
    ]);
    expect(report.rejected[4]!.reason).toBeTruthy();
    expect((await index.mget<any>(["7"])).get("7").title).toBe("같은 id");
  });

  it("turns per-item index errors into rejections and never shows a half-written document", async () => {
    const index = fresh();
    const good = fixture("seed-crawl-example.json");
    await ingestRecords([{ ...good, place_id: "10" }], deps(index));
    // an index that refuses one item of the bulk: the refused document keeps its previous version
    const refusing = Object.assign(Object.create(index), {
      bulkIndex: async (docs: { id: string; doc: object }[]) =>
        docs.map((d) =>
          d.id === "10"
            ? {
                id: d.id,
                status: 400,
                error: {
                  type: "mapper_parsing_exception",
                  reason: "failed to parse field [menus.price] of type [integer]",
                },
              }
            : { id: d.id, status: 201, result: "created" },
        ),
    });
    const report = await ingestRecords(
      [
        { ...good, place_id: "10", reviews: ["바뀐 리뷰"] },
        { ...good, place_id: "11" },
      ],
      { ...deps(index), index: refusing },
    );
    expect(report.rejected).toEqual([
      {
        index: 0,
        place_id: "10",
        field: "menus.price",
        reason: "mapper_parsing_exception: failed to parse field [menus.price] of type [integer]",
      },
    ]);
    expect((await index.mget<any>(["10"])).get("10").reviews).toEqual(good.reviews);
  });

  it("batches by count and by bytes, so a batch's state fits Step Functions", () => {
    const small = Array.from({ length: 60 }, (_, i) => ({ i }));
    expect(ingestBatches(small).map((b) => [b.firstIndex, b.items.length])).toEqual([
      [0, 25],
      [25, 25],
      [50, 10],
    ]);
    const big = Array.from({ length: 5 }, () => ({ reviews: ["가".repeat(20_000)] }));
    const batches = ingestBatches(big, { bytes: 150_000 });
    expect(batches.map((b) => b.items.length)).toEqual([2, 2, 1]);
    for (const b of batches) expect(Buffer.byteLength(JSON.stringify(b))).toBeLessThan(150_000);
  });

  it("refuses to write into an index another embedder built", async () => {
    const index = fresh();
    await index.ensureIndex({
      embedder: "bedrock:amazon.titan-embed-text-v2:0",
      dimension: 256,
      schema_version: 1,
    });
    await expect(ingestRecords([fixture("seed-crawl-example.json")], deps(index))).rejects.toThrow(
      /built with bedrock/,
    );
  });
});
