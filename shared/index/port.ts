// The search-engine port: one index of JSON documents with a mapping, searched with OpenSearch
// request bodies. Adapters: OpenSearch through @opensearch-project/opensearch with SigV4
// (opensearch.ts) and an in-process engine that executes the same bodies (local-engine.ts).
import type { Deadline } from "../platform/deadline.ts";
import { DongneError } from "../platform/errors.ts";
import type { SearchBody } from "./dsl.ts";

/** What an index records about how its vectors were made (stored in the mapping's _meta). */
export interface IndexMeta {
  embedder: string;
  dimension: number;
  schema_version: number;
}

/** settings + mappings as OpenSearch's create-index API takes them; `_meta` is filled in by ensureIndex */
export interface IndexDefinition {
  settings: Record<string, unknown>;
  mappings: { properties: Record<string, FieldMapping>; dynamic?: "strict" | boolean };
}

export interface FieldMapping {
  type: string;
  analyzer?: string;
  index?: boolean;
  dimension?: number;
  method?: Record<string, unknown>;
  properties?: Record<string, FieldMapping>;
  fields?: Record<string, FieldMapping>;
}

export interface SearchHit<T> {
  id: string;
  score: number;
  source: T;
}

export interface SearchResult<T> {
  hits: SearchHit<T>[];
  total: number;
}

export interface BulkItemResult {
  id: string;
  status: number;
  /** what the write did ("created", "updated") when it succeeded */
  result?: string;
  error?: { type: string; reason: string };
}

export interface SearchIndex {
  readonly engine: "local" | "opensearch";
  readonly indexName: string;
  /** the index's metadata, or null when it does not exist yet */
  meta(): Promise<IndexMeta | null>;
  /** creates the index when absent; an existing one built with another embedder is an IndexMismatchError */
  ensureIndex(meta: IndexMeta): Promise<"created" | "exists">;
  /** whole-document writes by id: each document replaces the previous one at once or not at all */
  bulkIndex(docs: { id: string; doc: object }[], opts?: { deadline?: Deadline }): Promise<BulkItemResult[]>;
  search<T>(body: SearchBody, opts?: { deadline?: Deadline }): Promise<SearchResult<T>>;
  /** documents by id, with only `fields` of their source when given; absent ids are left out */
  mget<T>(ids: readonly string[], fields?: readonly string[]): Promise<Map<string, T>>;
  /** every distinct value of a keyword field (titles for exact-name recognition) */
  distinctValues(field: string): Promise<string[]>;
  count(): Promise<number>;
  /** persists buffered writes where the engine buffers them (the local engine's file) */
  flush?(): Promise<void>;
}

export type SearchIndexErrorReason =
  "mismatch" | "unsupported" | "bad_request" | "auth" | "rate_limit" | "server" | "timeout" | "network";

const TRANSIENT: readonly SearchIndexErrorReason[] = ["rate_limit", "server", "timeout", "network"];

/**
 * The index failed. A transient failure is the index's (upstream); any other is ours to fix — the
 * index built by another embedder, a query the local engine does not run, a request the cluster refused.
 */
export class SearchIndexError extends DongneError {
  constructor(
    readonly reason: SearchIndexErrorReason,
    message: string,
    readonly status?: number,
  ) {
    super(TRANSIENT.includes(reason) ? "upstream" : "internal", message);
  }
  get retryable(): boolean {
    return TRANSIENT.includes(this.reason);
  }
}

/** Checks that an index was built by the embedder about to query it (or write to it). */
export function checkMeta(
  indexName: string,
  found: IndexMeta,
  wanted: Pick<IndexMeta, "embedder" | "dimension">,
) {
  if (found.embedder !== wanted.embedder || found.dimension !== wanted.dimension) {
    throw new SearchIndexError(
      "mismatch",
      `index "${indexName}" was built with ${found.embedder} (${found.dimension} dimensions); this ` +
        `process embeds with ${wanted.embedder} (${wanted.dimension}). Vectors of two models are not ` +
        `comparable: re-ingest into a new index, or configure the embedder that built it.`,
    );
  }
}
