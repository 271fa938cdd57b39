// The offline enrichment (002 §5.2 without a model): review_food from a dish dictionary, the
// restaurant's own menu names and dish-shaped words; convenience, atmosphere, occasion and features
// from the canonical vocabulary, negation-aware. Each review is one vote: a value two reviews
// confirm and one denies is kept; a value as often denied as confirmed is not.
import { dishesOfMenuName, findDishes } from "./food.ts";
import { findMentions, VOCAB_FIELDS, type VocabField } from "./vocabulary.ts";

export interface Enrichment {
  review_food: string[];
  convenience: string[];
  atmosphere: string[];
  occasion: string[];
  features: string[];
}

export interface EnrichmentInput {
  reviews: readonly string[];
  description: string;
  menus: readonly { name: string }[];
}

/** review_food stays a keyword list, not a menu copy */
const MAX_FOODS = 20;

export function enrichWithRules(input: EnrichmentInput): Enrichment {
  const texts = [...input.reviews, input.description].filter((t) => t.trim());
  const votes = new Map<string, { field: VocabField; value: string; score: number; first: number }>();
  let order = 0;
  for (const text of texts) {
    const seen = new Map<string, boolean>();
    for (const m of findMentions(text)) {
      const key = `${m.field}:${m.value}`;
      // within one text, a denial outweighs a passing mention ("주차 돼요? 아니요, 주차는 안 돼요")
      seen.set(key, (seen.get(key) ?? true) && !m.negated);
      if (!votes.has(key)) votes.set(key, { field: m.field, value: m.value, score: 0, first: order++ });
    }
    for (const [key, positive] of seen) votes.get(key)!.score += positive ? 1 : -1;
  }
  const out: Enrichment = { review_food: [], convenience: [], atmosphere: [], occasion: [], features: [] };
  for (const v of [...votes.values()].sort((a, b) => a.first - b.first)) {
    if (v.score > 0) out[v.field].push(v.value);
  }
  const menuDishes = input.menus.flatMap((m) => dishesOfMenuName(m.name));
  out.review_food = findDishes(texts.join("\n"), menuDishes).slice(0, MAX_FOODS);
  return out;
}

export { VOCAB_FIELDS };
