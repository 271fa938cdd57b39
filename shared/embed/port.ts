// The embedder port: text → unit vectors of a fixed dimension. Adapters: Amazon Bedrock Titan Text
// Embeddings V2 in AWS (bedrock-titan.ts) and a deterministic hashed n-gram embedder offline
// (hashed-ngrams.ts). An index remembers which embedder built it (name + dimension), so a query is
// never embedded by another model than the documents it is compared with.
import type { Deadline } from "../platform/deadline.ts";
import { DongneError } from "../platform/errors.ts";

export interface EmbedderInfo {
  /** stable identifier of the model and its settings ("hashed-ngram-v1", "bedrock:amazon.titan-embed-text-v2:0") */
  name: string;
  dimension: number;
}

export interface Embedder extends EmbedderInfo {
  /**
   * Each text is a call to a service (Bedrock: one InvokeModel per text): what a batch costs is
   * network round trips, not CPU, so work inside one request's deadline is bounded by it.
   */
  readonly remote?: boolean;
  /** One L2-normalised vector per text, in order. */
  embed(texts: readonly string[], opts?: { deadline?: Deadline }): Promise<number[][]>;
}

/** The embedder failed for good (after its retries): callers answer without vectors and say so. */
export class EmbedderError extends DongneError {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super("upstream", message);
  }
}

/** Dot product; on unit vectors, the cosine similarity. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
  return s;
}

/** Scales a vector to unit length in place (a zero vector stays zero). */
export function normalize<T extends number[] | Float32Array>(v: T): T {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}
