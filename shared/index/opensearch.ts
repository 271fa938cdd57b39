// OpenSearch adapter (Amazon OpenSearch Service domain, or a Serverless collection with service
// "aoss"): the product's request bodies sent as they are, through the signed, retrying transport
// (opensearch-transport.ts); a bulk's rejected items (per-item 429) are retried once more. The index
// is created from the mapping on first write when absent; its `_meta` records which embedder built it.
import type { Deadline } from "../platform/deadline.ts";
import { sleep } from "../platform/retry.ts";
import type { SearchBody } from "./dsl.ts";
import {
  OpenSearchTransport,
  type OpenSearchConnection,
  type TransportRequest,
} from "./opensearch-transport.ts";
import type { ClusterRequest } from "./versioned.ts";
import {
  checkMeta,
  SearchIndexError,
  type BulkItemResult,
  type IndexDefinition,
  type IndexMeta,
  type SearchIndex,
  type SearchResult,
} from "./port.ts";

export interface OpenSearchOptions extends OpenSearchConnection {
  index: string;
  definition: IndexDefinition;
  /** writes wait until they are searchable (refresh=wait_for), so an ingest answer means "findable" */
  waitForRefresh?: boolean;
}

interface RawHit {
  _id: string;
  _score: number | null;
  _source?: unknown;
}

type BulkResponse = {
  errors: boolean;
  items: Record<
    string,
    { _id: string; status: number; result?: string; error?: { type: string; reason: string } }
  >[];
};

export class OpenSearchIndex implements SearchIndex {
  readonly engine = "opensearch" as const;
  readonly indexName: string;
  private readonly transport: OpenSearchTransport;
  private cachedMeta: IndexMeta | null = null;

  constructor(private readonly opts: OpenSearchOptions) {
    this.indexName = opts.index;
    this.transport = new OpenSearchTransport(opts);
    this.cluster = this.transport.cluster;
  }

  /**
   * An administrative request (the deploy-time index setup: aliases, _reindex, _tasks, settings), signed
   * like every other; the status comes back as an answer, transport failures as a SearchIndexError.
   */
  readonly cluster: ClusterRequest;

  private request<T>(params: TransportRequest, o: { deadline?: Deadline; ignore?: number[] } = {}) {
    return this.transport.request<T>(params, o);
  }

  private path(suffix = ""): string {
    return `/${encodeURIComponent(this.indexName)}${suffix}`;
  }

  async meta(): Promise<IndexMeta | null> {
    if (this.cachedMeta) return this.cachedMeta;
    const r = await this.request<Record<string, { mappings?: { _meta?: IndexMeta } }>>(
      { method: "GET", path: this.path("/_mapping") },
      { ignore: [404] },
    );
    if (r.status === 404) return null;
    const meta = Object.values(r.body)[0]?.mappings?._meta;
    if (!meta?.embedder || !meta.dimension)
      throw new SearchIndexError(
        "mismatch",
        `index "${this.indexName}" exists but was not created by dongne (no _meta)`,
      );
    this.cachedMeta = meta;
    return meta;
  }

  async ensureIndex(meta: IndexMeta): Promise<"created" | "exists"> {
    const found = await this.meta();
    if (found) {
      checkMeta(this.indexName, found, meta);
      return "exists";
    }
    const r = await this.request<{ error?: { type?: string } }>(
      {
        method: "PUT",
        path: this.path(),
        body: {
          settings: this.opts.definition.settings,
          mappings: { ...this.opts.definition.mappings, _meta: meta },
        },
      },
      // two writers creating the index at once: the loser sees resource_already_exists
      { ignore: [400] },
    );
    if (r.status === 400) {
      if (r.body.error?.type !== "resource_already_exists_exception")
        throw new SearchIndexError(
          "bad_request",
          `OpenSearch refused the index mapping: ${JSON.stringify(r.body.error)}`,
          400,
        );
      this.cachedMeta = null;
      const now = await this.meta();
      if (now) checkMeta(this.indexName, now, meta);
      return "exists";
    }
    this.cachedMeta = meta;
    return "created";
  }

  async bulkIndex(
    docs: { id: string; doc: object }[],
    o: { deadline?: Deadline } = {},
  ): Promise<BulkItemResult[]> {
    const results = new Map<string, BulkItemResult>();
    let pending = docs;
    // items the cluster pushed back (429) get one more round after a pause; other errors are final
    for (let round = 0; round < 2 && pending.length; round++) {
      if (round > 0) await sleep(this.opts.retryDelayMs ?? 200);
      // the index-scoped bulk API (POST /<index>/_bulk): the action lines name no index, so the
      // request touches only the index its path names — the path a least-privilege grant on
      // `<domain>/<index>/*` covers (a domain-wide /_bulk would need a grant on every index)
      const bulkBody = pending.flatMap(({ id, doc }) => [{ index: { _id: id } }, doc]);
      const r = await this.request<BulkResponse>(
        {
          method: "POST",
          path: this.path("/_bulk"),
          bulkBody,
          querystring: this.opts.waitForRefresh === false ? {} : { refresh: "wait_for" },
        },
        o,
      );
      const retry: typeof pending = [];
      r.body.items.forEach((item, i) => {
        const op = Object.values(item)[0]!;
        if (op.status === 429 && round === 0) retry.push(pending[i]!);
        else results.set(op._id, { id: op._id, status: op.status, result: op.result, error: op.error });
      });
      pending = retry;
    }
    return docs.map(
      (d) =>
        results.get(d.id) ?? {
          id: d.id,
          status: 500,
          error: { type: "missing", reason: "no answer for this item" },
        },
    );
  }

  async search<T>(body: SearchBody, o: { deadline?: Deadline } = {}): Promise<SearchResult<T>> {
    const r = await this.request<{ hits: { total?: { value: number } | number; hits: RawHit[] } }>(
      { method: "POST", path: this.path("/_search"), body },
      { ...o, ignore: [404] },
    );
    if (r.status === 404) return { hits: [], total: 0 };
    const total = r.body.hits.total;
    return {
      total: typeof total === "number" ? total : (total?.value ?? r.body.hits.hits.length),
      hits: r.body.hits.hits.map((h) => ({
        id: h._id,
        score: h._score ?? 0,
        source: (h._source ?? {}) as T,
      })),
    };
  }

  async mget<T>(ids: readonly string[], fields?: readonly string[]): Promise<Map<string, T>> {
    const out = new Map<string, T>();
    if (!ids.length) return out;
    const r = await this.request<{ docs: { _id: string; found?: boolean; _source?: T }[] }>(
      {
        method: "POST",
        path: this.path("/_mget"),
        body: { ids },
        querystring: fields ? { _source_includes: fields.join(",") } : { _source_excludes: "embedding" },
      },
      { ignore: [404] },
    );
    if (r.status === 404) return out;
    for (const d of r.body.docs) if (d.found && d._source) out.set(d._id, d._source);
    return out;
  }

  async distinctValues(field: string): Promise<string[]> {
    const out: string[] = [];
    let after: Record<string, string> | undefined;
    // a composite aggregation pages through every value, 1,000 at a time
    for (;;) {
      const r = await this.request<{
        aggregations?: { v: { buckets: { key: { v: string } }[]; after_key?: { v: string } } };
      }>(
        {
          method: "POST",
          path: this.path("/_search"),
          body: {
            size: 0,
            aggs: {
              v: {
                composite: {
                  size: 1000,
                  sources: [{ v: { terms: { field } } }],
                  ...(after ? { after } : {}),
                },
              },
            },
          },
        },
        { ignore: [404] },
      );
      const agg = r.body.aggregations?.v;
      if (!agg) return out;
      out.push(...agg.buckets.map((b) => b.key.v));
      if (!agg.after_key || agg.buckets.length === 0) return out;
      after = agg.after_key;
    }
  }

  async count(): Promise<number> {
    const r = await this.request<{ count: number }>(
      { method: "GET", path: this.path("/_count") },
      { ignore: [404] },
    );
    return r.status === 404 ? 0 : r.body.count;
  }
}
