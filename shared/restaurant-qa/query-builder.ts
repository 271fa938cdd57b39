// 002 §6 as OpenSearch request bodies — the same body goes to OpenSearch and to the local engine.
// kNN on the summary embedding with an efficient filter: the nearby circles (a union), cuisine and
// menu as alternatives (should, minimum 1) over menus.name (nested), review_food and category,
// every convenience as a term filter, a price as a nested range on menus.price — on the asked dish
// itself when a menu is asked (one nested query: name and price of the same item). Atmosphere and
// occasion are boosts: they only reorder, so they are applied to k = 100 candidates (002's
// num_candidates) before cutting to the answer's size — boosting five hits would change nothing.
import { satisfying } from "./vocabulary.ts";
import type { Query, SearchBody } from "../index/dsl.ts";
import { cuisineTerms, menuTerms } from "./food.ts";
import type { Circle } from "./geocode.ts";
import type { StructuredQuery } from "./structured-query.ts";
import type { RetrievalSettings } from "./config.ts";
import { kindOfWord } from "../places/kinds.ts";

/** Source fields a search returns: everything but the vector. */
import { hoursFeatures } from "./hours.ts";

export const SOURCE = { excludes: ["embedding"] };

/** The words a cuisine/menu condition accepts: cuisines with their dishes, menus with their synonyms. */
export function foodTerms(q: StructuredQuery): string[] {
  return [...new Set([...(q.cuisine ?? []).flatMap(cuisineTerms), ...(q.menu ?? []).flatMap(menuTerms)])];
}

/** Every word of the term in the field (an analysed text field). */
const matchAll = (field: string, term: string): Query => ({
  match: { [field]: { query: term, operator: "and" } },
});

/** A menu item named by one of the terms (inside the `menus` nested query). */
const menuNamed = (terms: readonly string[]): Query => ({
  bool: { should: terms.map((t) => matchAll("menus.name", t)), minimum_should_match: 1 },
});

export function foodFilter(q: StructuredQuery): Query | undefined {
  const terms = foodTerms(q);
  if (!terms.length) return undefined;
  // the asked kinds as nodes of the vocabulary: a document is indexed with its kinds and their ancestors,
  // so 고기 finds a 한우 place and 한정식 no 냉면 place
  const kinds = [
    ...new Set([...(q.cuisine ?? []), ...(q.menu ?? [])].flatMap((w) => kindOfWord(w)?.name ?? [])),
  ];
  return {
    bool: {
      // the document's own fields first, the nested menus last (the costlier clause)
      should: [
        ...(kinds.length ? [{ terms: { kinds } }] : []),
        ...terms.map((t) => matchAll("category", t)),
        ...terms.map((t) => matchAll("review_food", t)),
        { nested: { path: "menus", query: menuNamed(terms) } },
      ],
      minimum_should_match: 1,
    },
  };
}

/** A price condition as a range on menus.price (inside the `menus` nested query). */
function priceRange(price: NonNullable<StructuredQuery["price"]>): Query {
  return {
    range: {
      "menus.price": {
        ...(price.min !== undefined ? { gte: price.min } : {}),
        ...(price.max !== undefined ? { lte: price.max } : {}),
      },
    },
  };
}

/**
 * A price is tied to the dish when a menu is asked ("2만원 이하 삼겹살": a 삼겹살 at 20,000 or less,
 * not any item that cheap in a place that also sells 삼겹살): one nested query in which the same menu
 * item must match a dish asked and the price range. Without a menu the price is any item's.
 */
export function dishAtPrice(q: StructuredQuery): Query | undefined {
  if (!q.price || !q.menu?.length) return undefined;
  return {
    nested: {
      path: "menus",
      query: {
        bool: {
          filter: [menuNamed(foodTerms(q)), priceRange(q.price)],
        },
      },
      score_mode: "none",
    },
  };
}

export function hardFilters(q: StructuredQuery, circles: readonly Circle[]): Query[] {
  const filters: Query[] = [];
  if (circles.length)
    filters.push({
      bool: {
        should: circles.map((c) => ({
          geo_distance: { distance: `${Math.round(c.radiusM)}m`, location: { lat: c.lat, lon: c.lon } },
        })),
        minimum_should_match: 1,
      },
    });
  const dish = dishAtPrice(q);
  const food = dish ?? foodFilter(q);
  if (food) filters.push(food);
  // a narrower wording satisfies the asked one (발렛파킹 is parking)
  for (const c of q.convenience ?? [])
    filters.push(
      satisfying(c).length > 1
        ? { terms: { convenience: satisfying(c) } }
        : { term: { convenience: { value: c } } },
    );
  // opening hours: what the document says of its own (hours.ts); 24시간 also meets 늦게까지
  if (q.hours) filters.push({ terms: { features: hoursFeatures(q.hours) } });
  if (q.price && !dish)
    filters.push({ nested: { path: "menus", query: priceRange(q.price), score_mode: "none" } });
  return filters;
}

export function boosts(q: StructuredQuery, s: RetrievalSettings): Query[] {
  if (!s.boost) return [];
  return [
    ...(q.atmosphere ?? []).map((v) => ({ term: { atmosphere: { value: v, boost: s.boostWeight } } })),
    ...(q.occasion ?? []).map((v) => ({ term: { occasion: { value: v, boost: s.boostWeight } } })),
  ];
}

export function filteredKnnBody(
  vector: number[],
  q: StructuredQuery,
  circles: readonly Circle[],
  s: RetrievalSettings,
): SearchBody {
  const filters = hardFilters(q, circles);
  const k = Math.max(s.candidates, s.size);
  const knn: Query = {
    knn: {
      embedding: {
        vector,
        k,
        ...(filters.length ? { filter: { bool: { filter: filters } } } : {}),
        method_parameters: { ef_search: k },
      },
    },
  };
  const should = boosts(q, s);
  return { size: s.size, _source: SOURCE, query: should.length ? { bool: { must: [knn], should } } : knn };
}

/** 002's exact relation: the title, matched partially ("진대감" finds "마포진대감 본점"). */
export function titleBody(name: string, size = 20): SearchBody {
  return { size, _source: SOURCE, query: { match: { "title.ngram": { query: name, operator: "and" } } } };
}
