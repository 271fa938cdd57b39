// The restaurant index: one mapping for OpenSearch and the local engine. Filters run on bigram
// sub-fields (standard tokenizer + cjk_bigram, which the local engine reproduces exactly), so a
// filter means the same thing in both engines; free text (reviews, description, summary, title) is
// also analysed with nori for keyword search in OpenSearch. The vector field is HNSW on the lucene
// engine (efficient filtering, cosine similarity) — see docs/restaurant-qa.md for the choice.
import type { IndexDefinition } from "../index/port.ts";
import { defaultOf } from "../platform/config-schema.ts";

/** 2: documents carry their kinds with every ancestor (issue 23) */
export const RESTAURANT_INDEX_SCHEMA_VERSION = 2;

/** HNSW graph parameters; the query side maps 002's num_candidates to k / ef_search. */
export const HNSW = { m: 16, ef_construction: 128 } as const;

const bigram = { type: "text", analyzer: "korean_bigram" } as const;
const keyword = { type: "keyword" } as const;

export function restaurantIndexDefinition(
  dimension: number,
  opts: { replicas?: number } = {},
): IndexDefinition {
  return {
    settings: {
      index: {
        knn: true,
        number_of_shards: 1,
        number_of_replicas: opts.replicas ?? defaultOf("OPENSEARCH_REPLICAS"),
      },
      analysis: {
        tokenizer: { korean_nori: { type: "nori_tokenizer", decompound_mode: "mixed" } },
        analyzer: {
          korean: { type: "custom", tokenizer: "korean_nori", filter: ["lowercase", "nori_readingform"] },
          korean_bigram: {
            type: "custom",
            tokenizer: "standard",
            filter: ["cjk_width", "lowercase", "cjk_bigram"],
          },
        },
      },
    },
    mappings: {
      dynamic: "strict",
      properties: {
        place_id: keyword,
        search_keyword: { type: "text", analyzer: "korean" },
        title: { type: "text", analyzer: "korean", fields: { ngram: bigram, raw: keyword } },
        address: { ...bigram, fields: { raw: keyword } },
        roadAddress: { ...bigram, fields: { raw: keyword } },
        lat: { type: "double" },
        lon: { type: "double" },
        location: { type: "geo_point" },
        category: { ...bigram, fields: { raw: keyword } },
        // the kinds its category, menus and name say, each with every kind above it (shared/places/kinds.ts)
        kinds: keyword,
        menus: {
          type: "nested",
          properties: {
            name: bigram,
            price: { type: "integer" },
            price_text: { type: "keyword", index: false },
          },
        },
        reviews: { type: "text", analyzer: "korean" },
        description: { type: "text", analyzer: "korean" },
        review_food: { ...bigram, fields: { raw: keyword } },
        convenience: keyword,
        atmosphere: keyword,
        occasion: keyword,
        features: keyword,
        summary: { type: "text", analyzer: "korean" },
        embedding: {
          type: "knn_vector",
          dimension,
          method: { name: "hnsw", engine: "lucene", space_type: "cosinesimil", parameters: HNSW },
        },
        map_url: { type: "keyword", index: false },
        collected_at: { type: "date" },
        synthetic: { type: "boolean" },
        enrichment: keyword,
        content_hash: keyword,
      },
    },
  };
}
