// What the translator's passes share: the query being read and claimed, the warnings and the
// confidence so far, and what each uncertainty costs.
import type { QueryText } from "../../places/query-terms.ts";

/** What each uncertainty costs the plan's confidence (calibrated on the evaluation set, see docs/translator.md). */
export const PENALTY = {
  noLocation: 0.4,
  residualKeyword: 0.3,
  fallbackKeyword: 0.3,
  englishNoLocation: 0.1,
  placeCorrection: 0.35,
  foodCorrection: 0.15,
  contextAnchor: 0.15,
  foreignGuess: 0.2,
  foreignAnchorGuess: 0.35,
  /** the keyword is several unknown words run together: the rules did not read the query */
  residualPhrase: 0.15,
  /** a content word the plan neither searches nor uses ("낮술하기", "관광"): something was not read */
  unreadWord: 0.15,
} as const;

export function dedupe<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

/** The query being read, what of it is claimed, and the warnings and confidence so far. */
export interface Draft {
  query: string;
  q: QueryText;
  warnings: string[];
  confidence: number;
  /** the repair guessed between readings (initials several words share) */
  ambiguous: boolean;
}
