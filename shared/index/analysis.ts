// Text analysis for the in-process engine. Hangul runs become character bigrams (a one-syllable
// word stays a unigram), other runs lowercase words: what OpenSearch's standard tokenizer +
// cjk_bigram filter produce, so "삼겹살" finds "생삼겹살 1인분" in both engines. (Many embedded
// search libraries drop Hangul with their default tokenizer; this keeps every syllable.)

const RUNS = /[\p{L}\p{N}]+/gu;
const CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function bigramTokens(text: string): string[] {
  const out: string[] = [];
  for (const [run] of text.normalize("NFC").toLowerCase().matchAll(RUNS)) {
    // split a run where script changes ("2인분" → "2" + "인분"), as the standard tokenizer does
    for (const [part] of run.matchAll(
      /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|[^\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu,
    )) {
      if (!CJK.test(part)) {
        out.push(part);
        continue;
      }
      const chars = [...part];
      if (chars.length === 1) out.push(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
    }
  }
  return out;
}

/** The analyzers an index mapping may name, as the local engine runs them. */
export type LocalAnalyzer = (text: string) => string[];

export const LOCAL_ANALYZERS: Record<string, LocalAnalyzer> = {
  korean_bigram: bigramTokens,
  // nori has no JavaScript port: locally its fields are analysed with bigrams (docs/restaurant-qa.md)
  korean: bigramTokens,
  standard: (t) => [...t.normalize("NFC").toLowerCase().matchAll(RUNS)].map((m) => m[0]),
  keyword: (t) => [t],
};
