// How the OpenSearch adapter talks to the cluster: the official client with its SigV4 signer, its own
// retries off; this retries 429, 5xx, timeouts and connection errors with backoff within the request's
// deadline, and turns every failure into a SearchIndexError.
import { Client, errors } from "@opensearch-project/opensearch";
import { AwsSigv4Signer } from "@opensearch-project/opensearch/aws-v3";
import { Deadline } from "../platform/deadline.ts";
import { backoff, retry } from "../platform/retry.ts";
import { SearchIndexError } from "./port.ts";
import type { ClusterRequest } from "./versioned.ts";

export interface OpenSearchConnection {
  /** the domain or collection endpoint, e.g. https://search-dongne-xyz.ap-northeast-2.es.amazonaws.com */
  node: string;
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
}

export interface TransportRequest {
  method: string;
  path: string;
  body?: unknown;
  bulkBody?: unknown[];
  querystring?: Record<string, string>;
}

/** A try with less time than this left is not started (nor a wait that would leave less). */
const MIN_ATTEMPT_MS = 50;

export class OpenSearchTransport {
  private readonly client: Client;

  constructor(private readonly opts: OpenSearchConnection) {
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

  async request<T>(
    params: TransportRequest,
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
          throw classify(err);
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
      throw classify(err);
    }
  };
}

/** A failure of the client as a SearchIndexError, by what went wrong. */
function classify(err: unknown): SearchIndexError {
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
