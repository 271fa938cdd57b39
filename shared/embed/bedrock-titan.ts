// Amazon Bedrock Titan Text Embeddings V2 (multilingual, Korean included). Titan's InvokeModel takes
// one text per call, so a batch is many calls with a bounded number in flight, paced to a rate when one
// is set (BEDROCK_EMBED_RATE: the ingest job's lanes together keep to the account's quota); throttling
// and transient errors are retried with exponential backoff and jitter, a throttle waiting five times
// longer and slowing the pace (the SDK's own retries are off, so the two never multiply). Dimensions
// 512 with normalize: true — see docs/restaurant-qa.md.
import {
  BedrockRuntimeClient,
  InvokeModelCommand,
  BedrockRuntimeServiceException,
} from "@aws-sdk/client-bedrock-runtime";
import { z } from "zod";
import { mapLimit } from "../platform/concurrency.ts";
import { defaultOf } from "../platform/config-schema.ts";
import { Deadline } from "../platform/deadline.ts";
import { backoff, retry } from "../platform/retry.ts";
import { TITAN_V2_MODEL_ID, type TitanDimensions } from "../restaurant-qa/config.ts";
import { Pacer } from "./pacer.ts";
import { EmbedderError, type Embedder } from "./port.ts";

/** Titan V2 accepts at most 50,000 characters (8,192 tokens); summaries are far shorter. */
const MAX_INPUT_CHARS = 50_000;

const TitanResponse = z.object({
  embedding: z.array(z.number()),
  inputTextTokenCount: z.number().int().nonnegative(),
});

const RETRYABLE = new Set([
  "ThrottlingException",
  "ServiceUnavailableException",
  "ModelTimeoutException",
  "ModelNotReadyException",
  "InternalServerException",
]);

const transient = (name: string, status: number | undefined) =>
  RETRYABLE.has(name) || name === "AbortError" || name === "TimeoutError" || (status ?? 0) >= 500;

/** A try with less time than this left is not started (nor a wait that would leave less). */
const MIN_ATTEMPT_MS = 100;

export interface TitanOptions {
  region: string;
  modelId?: string;
  dimensions?: TitanDimensions;
  /** a proxy or, in tests, a fake Bedrock on loopback */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** calls in flight at once for one batch */
  concurrency?: number;
  /** attempts per text, the first included (default 6) */
  maxAttempts?: number;
  /** first backoff; doubled on each retry (a throttle's: five times this, up to 16 s) */
  baseDelayMs?: number;
  timeoutMs?: number;
  /** calls started a second at most (undefined: as fast as `concurrency` allows) */
  ratePerSecond?: number;
  /** the pacer's clock and wait (tests give fake ones) */
  pacer?: { now?: () => number; sleep?: (ms: number) => Promise<void> };
}

export class TitanEmbedder implements Embedder {
  readonly name: string;
  readonly dimension: number;
  readonly remote = true;
  /** input tokens billed so far (Titan charges per input token) */
  inputTokens = 0;
  private readonly client: BedrockRuntimeClient;
  private readonly modelId: string;
  private readonly pacer?: Pacer;

  constructor(private readonly opts: TitanOptions) {
    this.modelId = opts.modelId ?? TITAN_V2_MODEL_ID;
    this.dimension = opts.dimensions ?? defaultOf("BEDROCK_EMBED_DIMENSIONS");
    this.name = `bedrock:${this.modelId}`;
    this.client = new BedrockRuntimeClient({
      region: opts.region,
      endpoint: opts.endpoint,
      credentials: opts.credentials,
      maxAttempts: 1,
    });
    if (opts.ratePerSecond) this.pacer = new Pacer({ ratePerSecond: opts.ratePerSecond, ...opts.pacer });
  }

  async embed(texts: readonly string[], o: { deadline?: Deadline } = {}): Promise<number[][]> {
    const deadline = o.deadline ?? Deadline.none();
    return mapLimit(texts, this.opts.concurrency ?? 8, (t) => this.embedOne(t, deadline));
  }

  private async embedOne(text: string, deadline: Deadline): Promise<number[]> {
    let last = "";
    let throttled = false;
    const base = this.opts.baseDelayMs ?? 200;
    const [transientWait, throttleWait] = [backoff(base), backoff(base * 5, 16_000)];
    try {
      return await retry(
        async () => {
          if (this.pacer && !(await this.pacer.turn(deadline, MIN_ATTEMPT_MS)))
            throw new EmbedderError(`Bedrock ${this.modelId}: no turn left before the deadline`, true);
          try {
            const vector = await this.invoke(text, deadline.timeoutMs(this.opts.timeoutMs ?? 10_000));
            this.pacer?.succeeded();
            return vector;
          } catch (err) {
            if (err instanceof EmbedderError) throw err;
            const name = err instanceof BedrockRuntimeServiceException ? err.name : (err as Error).name;
            const status =
              err instanceof BedrockRuntimeServiceException ? err.$metadata.httpStatusCode : undefined;
            last = `${name}${status ? ` (${status})` : ""}`;
            throttled = name === "ThrottlingException" || status === 429;
            if (throttled) this.pacer?.throttled();
            if (!transient(name, status))
              throw new EmbedderError(`Bedrock ${this.modelId} refused the request: ${last}`, false);
            throw err;
          }
        },
        {
          attempts: this.opts.maxAttempts ?? 6,
          delayMs: (attempt) => (throttled ? throttleWait : transientWait)(attempt),
          retryable: (err) => !(err instanceof EmbedderError),
          deadline,
          reserveMs: MIN_ATTEMPT_MS,
          minAttemptMs: MIN_ATTEMPT_MS,
        },
      );
    } catch (err) {
      if (err instanceof EmbedderError) throw err;
      throw new EmbedderError(
        `Bedrock ${this.modelId} failed after retries: ${last || "time budget spent"}`,
        true,
      );
    }
  }

  /** One InvokeModel call; a response of the wrong shape is an EmbedderError (not retried). */
  private async invoke(text: string, timeoutMs: number): Promise<number[]> {
    const out = await this.client.send(
      new InvokeModelCommand({
        modelId: this.modelId,
        contentType: "application/json",
        accept: "application/json",
        body: JSON.stringify({
          inputText: text.slice(0, MAX_INPUT_CHARS) || " ",
          dimensions: this.dimension,
          // unit vectors: cosine similarity is a dot product, and scores compare across documents
          normalize: true,
        }),
      }),
      { abortSignal: AbortSignal.timeout(timeoutMs) },
    );
    const parsed = TitanResponse.safeParse(JSON.parse(new TextDecoder().decode(out.body)));
    if (!parsed.success || parsed.data.embedding.length !== this.dimension)
      throw new EmbedderError(
        `Bedrock ${this.modelId}: unexpected response (expected ${this.dimension} numbers)`,
        false,
      );
    this.inputTokens += parsed.data.inputTextTokenCount;
    return parsed.data.embedding;
  }
}
