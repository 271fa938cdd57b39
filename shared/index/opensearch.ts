// OpenSearch adapter (Amazon OpenSearch Service domain, or a Serverless collection with service
// "aoss"): the official client with its SigV4 signer, sending the product's request bodies as they
// are. The client's own retries are off; this adapter retries 429, 5xx, timeouts and connection
// errors with backoff within the request's deadline, and retries a bulk's rejected items (per-item
// 429) once more. The index is created from the mapping on first write when absent; its `_meta`
// records which embedder built it.
import { Client, errors } from "@opensearch-project/opensearch";
import { AwsSigv4Signer } from "@opensearch-project/opensearch/aws-v3";
import { Deadline } from "../platform/deadline.ts";
import { backoff, retry, sleep } from "../platform/retry.ts";
import type { SearchBody } from "./dsl.ts";
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

export interface OpenSearchOptions {
  /** the domain or collection endpoint, e.g. https://search-dongne-xyz.ap-northeast-2.es.amazonaws.com */
  node: string;
  index: string;
  definition: IndexDefinition;
  /** when set, requests are SigV4-signed for this region */
  region?: string;
  /** "es" for a managed domain, "aoss" for OpenSearch Serverless */
  service?: "es" | "aoss";
  /** default: the AWS SDK's Node credential chain (the Lambda role in AWS) */
  getCredentials?: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>;
  timeoutMs?: number;
  /** attempts after the first for 429, 5xx, timeouts and connection errors */
  retries?: number;
  retryDelayMs?: number;
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

/** A try with less time than this left is not started (nor a wait that would leave less). */
const MIN_ATTEMPT_MS = 50;

export class OpenSearchIndex implements SearchIndex {
  readonly engine = "opensearch" as const;
  readonly indexName: string;
  private readonly client: Client;
  private cachedMeta: IndexMeta | null = null;

  constructor(private readonly opts: OpenSearchOptions) {
    this.indexName = opts.index;
    this.client = new Client({
      ...(opts.region
        ? AwsSigv4Signer({
            region: opts.region,
            service: opts.service ?? "es",
            ...(opts.getCredentials ? { getCredentials: opts.getCredentials } : {}),
          })
        : {}),
      node: opts.node,
      maxRetries: 0,
      requestTimeout: opts.timeoutMs ?? 10_000,
      resurrectStrategy: "none",
    });
  }

  private async request<T>(
    params: {
      method: string;
      path: string;
      body?: unknown;
      bulkBody?: unknown[];
      querystring?: Record<string, string>;
    },
    o: { deadline?: Deadline; ignore?: number[] } = {},
  ): Promise<{ status: number; body: T }> {
    const deadline = o.deadline ?? Deadline.none();
    return retry(
      async () => {
        try {
          const r = await this.client.transport.request(params as never, {
            requestTimeout: deadline.timeoutMs(this.opts.timeoutMs ?? 10_000),
            maxRetries: 0,
            ignore: o.ignore,
          });
          return { status: r.statusCode ?? 200, body: r.body as T };
        } catch (err) {
          throw this.classify(err);
        }
      },
      {
        attempts: 1 + (this.opts.retries ?? 2),
        // doubling up to 2 s, without jitter
        delayMs: backoff(this.opts.retryDelayMs ?? 200, 2000, () => 1),
        retryable: (err) => err instanceof SearchIndexError && err.retryable,
        deadline,
        reserveMs: MIN_ATTEMPT_MS,
        minAttemptMs: MIN_ATTEMPT_MS,
        spent: () => new SearchIndexError("timeout", "OpenSearch: the request's time budget is spent"),
      },
    );
  }

  /**
   * An administrative request (the deploy-time index setup: aliases, _reindex, _tasks, settings), signed
   * like every other; the status comes back as an answer, transport failures as a SearchIndexError.
   */
  readonly cluster: ClusterRequest = async ({ method, path, body, querystring }) => {
    try {
      const r = await this.client.transport.request({ method, path, body, querystring } as never, {
        requestTimeout: 60_000,
        maxRetries: 0,
        ignore: [400, 404, 409],
      });
      return { status: r.statusCode ?? 200, body: r.body as unknown };
    } catch (err) {
      throw this.classify(err);
    }
  };

  private classify(err: unknown): SearchIndexError {
    if (err instanceof errors.ResponseError) {
      const status = err.statusCode ?? 0;
      const body = err.body as { error?: { type?: string; reason?: string } | string } | undefined;
      const reason =
        typeof body?.error === "string"
          ? body.error
          : (body?.error?.reason ?? body?.error?.type ?? `HTTP ${status}`);
      const why =
        status === 429
          ? "rate_limit"
          : status >= 500
            ? "server"
            : status === 401 || status === 403
              ? "auth"
              : "bad_request";
      return new SearchIndexError(why, `OpenSearch ${status}: ${reason}`, status);
    }
    if (err instanceof errors.TimeoutError)
      return new SearchIndexError("timeout", "OpenSearch did not answer in time");
    if (err instanceof errors.ConnectionError || err instanceof errors.NoLivingConnectionsError)
      return new SearchIndexError("network", `OpenSearch unreachable: ${(err as Error).message}`);
    if (err instanceof SearchIndexError) return err;
    return new SearchIndexError("network", `OpenSearch request failed: ${(err as Error).message}`);
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
