// Korean-aware keyword matching for the embedded places: a query matches when each of its words is
// found in the place's name, category path or tags — directly, without spaces, or through the
// lexicon's synonyms (커피 ↔ 카페, 돈까스 ↔ 돈가스, 일식 ↔ 초밥/라멘 …).
import { LEXICON } from "../../places/lexicon.ts";
import { normalizeName } from "../../korean/normalize.ts";
import type { Place } from "../../places/place.ts";

/** word → the strings that count as that word, from the lexicon entry it belongs to */
const SYNONYMS = new Map<string, string[]>();
for (const entry of LEXICON) {
  const words = [...entry.terms.map((t) => t.replace(/^=/, "")), ...entry.keywords]
    .filter((w) => /[가-힣]/.test(w))
    .map(normalizeName);
  for (const w of words) SYNONYMS.set(w, [...new Set([...(SYNONYMS.get(w) ?? []), ...words])]);
}
/** words that mean "somewhere to eat" rather than a dish */
const FOOD_WORDS = new Set(["맛집", "음식점", "식당", "밥집"]);
const FILLER = new Set(["추천", "근처", "주변"]);

/** a place's normalized text, kept per place object (places are read-only once indexed) */
const TEXT = new WeakMap<Place, { hay: string; name: string }>();
export function textOf(p: Place): { hay: string; name: string } {
  let t = TEXT.get(p);
  if (!t) {
    const hay = normalizeName(
      [p.displayName, p.categoryName, p.categoryGroupName ?? "", ...(p.tags ?? [])].join(" "),
    );
    t = { hay, name: normalizeName(p.displayName) };
    TEXT.set(p, t);
  }
  return t;
}

/** 0 when the place does not match; higher is better (a name hit beats a category hit). */
export function matchScore(p: Place, query: string): number {
  return matcher(query)(p);
}

const wordsOf = (query: string) => query.split(/\s+/).map(normalizeName).filter(Boolean);

/** The query read once, for scoring many places (a search scans thousands). */
export function matcher(query: string): (p: Place) => number {
  const words = wordsOf(query);
  return (p) => scoreWords(p, words);
}

/**
 * What a matching place's text must contain: for each word that has to be found, the strings any one
 * of which will do (the word or a synonym). A place lacking all of one word's strings scores 0, so an
 * index of the places' text can rule it out unread. Empty when no word restricts (all filler).
 */
export function requiredText(query: string): string[][] {
  return wordsOf(query)
    .filter((w) => !FILLER.has(w) && !FOOD_WORDS.has(w))
    .map((w) => SYNONYMS.get(w) ?? [w]);
}

function scoreWords(p: Place, words: string[]): number {
  if (!words.length) return 0;
  const { hay, name } = textOf(p);
  let score = 0;
  for (const w of words) {
    if (FILLER.has(w)) continue;
    if (FOOD_WORDS.has(w)) {
      if (p.categoryCode !== "FD6") return 0;
      score += 1;
      continue;
    }
    const alts = SYNONYMS.get(w) ?? [w];
    if (name.includes(w)) score += 3;
    else if (hay.includes(w)) score += 2;
    else if (alts.some((a) => hay.includes(a))) score += 1;
    else return 0;
  }
  return score;
}

/** The words whose letters must be in a place's name for it to score best (all but fillers and food words). */
export const nameWords = (query: string): string[] =>
  wordsOf(query).filter((w) => !FILLER.has(w) && !FOOD_WORDS.has(w));

/** The highest score a place can have for the query: a name hit for every word (a food word counts 1). */
export function maxScore(query: string): number {
  return wordsOf(query).reduce((s, w) => s + (FILLER.has(w) ? 0 : FOOD_WORDS.has(w) ? 1 : 3), 0);
}

/** The category group a query's words require, when one does ("맛집": a restaurant, FD6). */
export const requiredCategory = (query: string): string | undefined =>
  wordsOf(query).some((w) => FOOD_WORDS.has(w)) ? "FD6" : undefined;
