// The offline embedder: feature hashing of character n-grams, which works for Hangul without a
// tokenizer or a model (Korean words carry their meaning in syllables, and particles only add a
// syllable or two, so "주차되는" and "주차" share the bigram 주차). Words, syllable bigrams and trigrams
// are hashed into a fixed number of signed buckets, weighted sublinearly by count, and L2-normalised:
// deterministic, no network, same input → same vector on every machine.
import { hashString } from "../platform/random.ts";
import { normalize, type Embedder } from "./port.ts";

export const HASHED_EMBEDDER_NAME = "hashed-ngram-v1";

/** Feature weights: a whole word says more than a syllable pair, a single syllable very little. */
const WEIGHT = { word: 1.5, trigram: 1, bigram: 1, unigram: 0.25 } as const;

function words(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** feature → [weight of its kind, times seen] */
function features(text: string): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  const add = (f: string, w: number) => {
    const seen = out.get(f);
    if (seen) seen[1]++;
    else out.set(f, [w, 1]);
  };
  for (const word of words(text)) {
    add(`w:${word}`, WEIGHT.word);
    const chars = [...word];
    for (let i = 0; i < chars.length; i++) {
      add(`1:${chars[i]}`, WEIGHT.unigram);
      if (i + 1 < chars.length) add(`2:${chars[i]}${chars[i + 1]}`, WEIGHT.bigram);
      if (i + 2 < chars.length) add(`3:${chars[i]}${chars[i + 1]}${chars[i + 2]}`, WEIGHT.trigram);
    }
  }
  return out;
}

export class HashedNgramEmbedder implements Embedder {
  readonly name = HASHED_EMBEDDER_NAME;

  /** `dimension`: a power of two, so a bucket is the hash's low bits. */
  constructor(readonly dimension = 512) {
    if (!Number.isInteger(Math.log2(dimension))) throw new Error("dimension must be a power of two");
  }

  embedOne(text: string): number[] {
    const v = new Array<number>(this.dimension).fill(0);
    for (const [feature, [weight, count]] of features(text)) {
      const h = hashString(feature);
      const sign = h & 0x80000000 ? -1 : 1;
      // sublinear: a word said five times is not five times the evidence
      v[h & (this.dimension - 1)]! += sign * weight * (1 + Math.log(count));
    }
    return normalize(v);
  }

  async embed(texts: readonly string[]): Promise<number[][]> {
    return texts.map((t) => this.embedOne(t));
  }
}
