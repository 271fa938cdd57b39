// The local engine evaluates a query only on the documents its clauses' postings bound. The bound must
// never drop a match: over random documents and random queries of every clause kind, each document a
// clause matches lies within the clause's bound, and so a search equals a scan of every document.
import { describe, expect, it } from "vitest";
import type { Query } from "../../shared/index/dsl.ts";
import { flattenMapping, type Stored } from "../../shared/index/local-fields.ts";
import { Postings, QueryCompiler } from "../../shared/index/local-query.ts";
import { TimeSlice } from "../../shared/platform/concurrency.ts";
import type { FieldMapping } from "../../shared/index/port.ts";
import { mulberry32 } from "../../shared/platform/random.ts";

const PROPS: Record<string, FieldMapping> = {
  title: { type: "text", analyzer: "korean", fields: { ngram: { type: "text", analyzer: "korean_bigram" } } },
  tags: { type: "keyword" },
  rating: { type: "float" },
  location: { type: "geo_point" },
  menus: {
    type: "nested",
    properties: { name: { type: "text", analyzer: "korean_bigram" }, price: { type: "integer" } },
  },
  embedding: { type: "knn_vector", dimension: 3 },
};
const WORDS = ["삼겹살", "국밥", "파스타", "냉면", "칼국수", "본점", "망원", "합정", "시장"];
const TAGS = ["주차", "예약", "포장", "단체", "조용한"];

function world(seed: number) {
  const rng = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
  const docs = new Map<string, Stored>();
  for (let i = 0; i < 120; i++) {
    const v = [rng() - 0.5, rng() - 0.5, rng() - 0.5];
    const n = Math.hypot(...v) || 1;
    docs.set(`d${i}`, {
      source: {
        title: `${pick(WORDS)} ${pick(WORDS)}`,
        tags: TAGS.filter(() => rng() < 0.3),
        rating: Math.round(rng() * 50) / 10,
        location: { lat: 37.55 + rng() * 0.02, lon: 126.9 + rng() * 0.02 },
        menus: Array.from({ length: Math.floor(rng() * 4) }, () => ({
          name: pick(WORDS),
          price: 5000 + Math.floor(rng() * 20) * 1000,
        })),
      },
      vectors: new Map([["embedding", Float32Array.from(v.map((x) => x / n))]]),
    });
  }
  return { rng, pick, docs };
}

function randomQuery(rng: () => number, pick: <T>(xs: readonly T[]) => T, depth = 0): Query {
  const inMenu = (): Query =>
    rng() < 0.5
      ? { match: { "menus.name": { query: pick(WORDS), operator: "and" } } }
      : { range: { "menus.price": { lte: 5000 + Math.floor(rng() * 20) * 1000 } } };
  const leaves: (() => Query)[] = [
    () => ({ term: { tags: { value: pick(TAGS) } } }),
    () => ({ terms: { tags: TAGS.filter(() => rng() < 0.4) } }),
    () => ({
      match: { title: { query: `${pick(WORDS)} ${pick(WORDS)}`, operator: rng() < 0.5 ? "and" : "or" } },
    }),
    () => ({ match: { "title.ngram": { query: pick(WORDS) } } }),
    () => ({ range: { rating: { gte: Math.round(rng() * 50) / 10 } } }),
    () => ({ ids: { values: [`d${Math.floor(rng() * 120)}`, `d${Math.floor(rng() * 120)}`] } }),
    () => ({
      geo_distance: { distance: `${200 + Math.floor(rng() * 1500)}m`, location: { lat: 37.56, lon: 126.91 } },
    }),
    () => ({ exists: { field: "tags" } }),
    () => ({
      nested: {
        path: "menus",
        query: rng() < 0.5 ? inMenu() : { bool: { filter: [inMenu(), inMenu()] } },
        score_mode: "none",
      },
    }),
    // a parent field inside a nested query (OpenSearch matches nothing there; the bound must not care)
    () => ({
      nested: {
        path: "menus",
        query: { bool: { filter: [inMenu(), { term: { tags: { value: pick(TAGS) } } }] } },
      },
    }),
  ];
  if (depth >= 2 || rng() < 0.35) return pick(leaves)();
  const some = () => Array.from({ length: Math.floor(rng() * 3) }, () => randomQuery(rng, pick, depth + 1));
  const bool: Record<string, unknown> = {
    must: some(),
    filter: some(),
    should: some(),
    must_not: rng() < 0.3 ? some() : [],
  };
  if (rng() < 0.3) bool.minimum_should_match = Math.floor(rng() * 2);
  return { bool };
}

describe("the local engine's postings bounds", () => {
  it("never leave out a document a clause matches, over random queries of every kind", async () => {
    let bounded = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { rng, pick, docs } = world(seed);
      const fields = flattenMapping(PROPS);
      const postings = new Postings();
      for (let q = 0; q < 25; q++) {
        const filter = randomQuery(rng, pick);
        const compiler = new QueryCompiler(fields, docs, postings);
        const run = compiler.compile(filter, rng() < 0.5);
        if (run.level === "" && run.within) {
          bounded++;
          for (const [id, stored] of docs)
            if (run({ id, stored }) !== null)
              expect(run.within.has(id), `${id} matches ${JSON.stringify(filter)} outside its bound`).toBe(
                true,
              );
        }
        // kNN scores only the documents within its filter's bound: the same k as scoring every one
        const vector = [rng() - 0.5, rng() - 0.5, rng() - 0.5];
        const k = 1 + Math.floor(rng() * 30);
        const knnQuery = { knn: { embedding: { vector, k, filter } } };
        await compiler.prepareKnn(knnQuery, new TimeSlice());
        const knn = compiler.compile(knnQuery);
        const scan = [...docs]
          .filter(([id, stored]) => run({ id, stored }) !== null)
          .map(([id, stored]) => ({
            id,
            dot: stored.vectors.get("embedding")!.reduce((a, x, i) => a + x * vector[i]!, 0),
          }))
          .sort((a, b) => b.dot - a.dot || (a.id < b.id ? -1 : 1))
          .slice(0, k)
          .map((x) => x.id);
        const got = [...docs].filter(([id, stored]) => knn({ id, stored }) !== null).map(([id]) => id);
        expect(new Set(got)).toEqual(new Set(scan));
      }
    }
    // the check saw bounds, not only unbounded queries
    expect(bounded).toBeGreaterThan(300);
  });
});
