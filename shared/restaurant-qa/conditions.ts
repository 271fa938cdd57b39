// Does a document satisfy the structured query's hard conditions (002 §4: location, cuisine, menu,
// convenience — and the price when asked, on the asked dish itself when a menu is asked)? The grader
// uses it (a document that breaks one is irrelevant), the extractive answer uses it to say what
// holds, and the benchmark uses the same rules against the demo corpus's true attributes.
import { haversine } from "../geo/haversine.ts";
import type { Circle } from "./geocode.ts";
import { foodTerms } from "./query-builder.ts";
import type { StructuredQuery } from "./structured-query.ts";
import { squash } from "../korean/normalize.ts";
import { askedKind, fitOf } from "../places/kind-match.ts";
import { satisfying } from "./vocabulary.ts";
import { hoursPhrase, meetsHours } from "./hours.ts";

export interface Checkable {
  lat: number;
  lon: number;
  menus: readonly { name: string; price: number | null }[];
  review_food?: readonly string[];
  category?: string;
  title?: string;
  convenience: readonly string[];
  /** what the document says of itself beyond the fields: its hours among them (24시간, 늦게까지) */
  features?: readonly string[];
}

/**
 * The asked kind, a hard filter (002 §4), by the rule place search shows places by (kind-match.ts):
 * where the document has a category, a kind the vocabulary knows holds when the category is that kind
 * or narrower, or its name names it (a 닭갈비 house is no 중식 for its 볶음밥, a 전통주점 no 고깃집 for its
 * 수육); a dish narrower than its node, or a node with none under it, also holds when a menu item
 * names it (우육면 at a 딤섬 house). Words the vocabulary does not know, and documents without a category, are matched by the food
 * terms in menus, reviews and category as before.
 */
function ofAskedKind(d: Checkable, q: StructuredQuery, terms: readonly string[]): boolean {
  const words = [...(q.cuisine ?? []), ...(q.menu ?? [])];
  const asked = words.map(askedKind).filter((a) => a.kind);
  const texts = [...d.menus.map((m) => m.name), ...(d.review_food ?? []), d.category ?? ""].map(squash);
  const byTerms = () => terms.some((t) => texts.some((x) => x.includes(t)));
  if (!d.category || !asked.length) return byTerms();
  if (fitOf({ displayName: d.title ?? "", categoryName: d.category }, asked).fit === "match") return true;
  const menus = d.menus.map((m) => squash(m.name));
  if (
    asked.some(
      (a) =>
        (a.narrowTo !== undefined || !a.kind!.children.length) &&
        menus.some((m) => m.includes(squash(a.word))),
    )
  )
    return true;
  // words the vocabulary does not know keep the terms' reading
  const unknown = words.filter((w) => !askedKind(w).kind).map(squash);
  return unknown.length > 0 && unknown.some((t) => texts.some((x) => x.includes(t)));
}

/** Conditions that fail, in Korean words for the reason ([] = all hold). */
export function failedConditions(d: Checkable, q: StructuredQuery, circles: readonly Circle[]): string[] {
  const failed: string[] = [];
  if (
    circles.length &&
    !circles.some((c) => haversine({ lat: d.lat, lng: d.lon }, { lat: c.lat, lng: c.lon }) <= c.radiusM)
  )
    failed.push(`${circles.map((c) => c.name).join("/")} 반경 밖`);
  const terms = foodTerms(q).map(squash);
  if (terms.length && !ofAskedKind(d, q, terms))
    failed.push(`${[...(q.cuisine ?? []), ...(q.menu ?? [])].join("/")} 메뉴 없음`);
  for (const c of q.convenience ?? [])
    if (!satisfying(c).some((v) => d.convenience.includes(v))) failed.push(`${c} 정보 없음`);
  if (q.hours && !meetsHours(d.features ?? [], q.hours))
    failed.push(`${hoursPhrase(q.hours)} 곳이라는 정보 없음`);
  if (q.price) {
    const { min = 0, max = Number.POSITIVE_INFINITY } = q.price;
    // with a menu asked, the price is the dish's (as the search's nested query asks it)
    const dish = (m: Checkable["menus"][number]) =>
      !q.menu?.length || terms.some((t) => squash(m.name).includes(t));
    if (!d.menus.some((m) => m.price !== null && m.price >= min && m.price <= max && dish(m)))
      failed.push(q.menu?.length ? "가격 조건에 맞는 해당 메뉴 없음" : "가격 조건에 맞는 메뉴 없음");
  }
  return failed;
}
