// The OpenSearch query DSL subset the product emits, as types. The OpenSearch adapter sends these
// bodies as they are; the local engine executes the same bodies and refuses anything outside the
// subset, so a query that works locally is a query OpenSearch understands.

export interface KnnClause {
  vector: number[];
  /** candidates the graph search returns (OpenSearch's counterpart of the seed's num_candidates) */
  k: number;
  /** efficient filtering (lucene / faiss HNSW): applied during the search, not after it */
  filter?: Query;
  method_parameters?: { ef_search?: number };
}

export interface BoolQuery {
  must?: Query[];
  filter?: Query[];
  should?: Query[];
  must_not?: Query[];
  minimum_should_match?: number;
  boost?: number;
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

export type Query =
  | { bool: BoolQuery }
  | { knn: Record<string, KnnClause> }
  | { match: Record<string, { query: string; operator?: "and" | "or"; boost?: number }> }
  | { term: Record<string, { value: string | number | boolean; boost?: number }> }
  | { terms: Record<string, (string | number | boolean)[]> }
  | { range: Record<string, { gte?: number; lte?: number; gt?: number; lt?: number }> }
  | { nested: { path: string; query: Query; score_mode?: "avg" | "max" | "sum" | "none" } }
  | { geo_distance: { distance: string; location: GeoPoint } }
  | { ids: { values: string[] } }
  | { exists: { field: string } }
  | { match_all: Record<string, never> };

export interface SearchBody {
  size?: number;
  from?: number;
  query?: Query;
  _source?: boolean | { excludes?: string[]; includes?: string[] };
}

/** "3km", "1500m", "2.5 km", or a number of metres → metres. */
export function parseDistance(d: string | number): number {
  if (typeof d === "number") return d;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(km|m)?\s*$/i.exec(d);
  if (!m) throw new Error(`unsupported distance "${d}" (use m or km)`);
  return Number(m[1]) * (m[2]?.toLowerCase() === "km" ? 1000 : 1);
}
