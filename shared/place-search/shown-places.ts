// What an answer shows, before it is sorted and paged: only places of the kind asked for (the vocabulary
// of kinds, shared/places/kind-match.ts) and, where the query named a wider area ("관악구 신사동",
// "대구 수성구 범어동"), only places inside it (shared/geo/area-resolve.ts). Places of a near kind are kept
// apart: when too few of the asked kind were found they follow as `alternatives`, never in `places`.
import { josa } from "es-hangul";
import { addressInRegions, resolvePhrase, type Region } from "../geo/area-resolve.ts";
import { askedKind, fitOf, type AskedKind } from "../places/kind-match.ts";
import type { Place } from "../places/place.ts";
import type { PlanResponse } from "./schemas.ts";

/** Fewer places of the asked kind than this, and the answer says so and offers the near kinds. */
export const FEW_OF_KIND = 3;
/** Near places offered at most. */
const MAX_ALTERNATIVES = 5;

export interface Sorted {
  /** of the asked kind, inside the named area */
  places: Place[];
  /** of a near kind, inside the named area */
  near: Place[];
  /** the kinds near places are of ("칵테일바", "술집") */
  nearKinds: string[];
  /** the kinds asked, as the check read them; null where no check applies */
  asked: AskedKind[] | null;
  /** the wider area the query named, when it named one */
  regions: Region[] | null;
  outside: number;
}

/**
 * The kinds a plan asks for, when a check applies: not for a trip (roles, not kinds), nor a question
 * about one named place (its keyword is a name).
 */
export function askedKinds(plan: PlanResponse): AskedKind[] | null {
  const tr = plan.translator_result;
  if (plan.strategy_type === "multi_point" || tr.detail_request?.place) return null;
  const keywords = tr.search_keywords.filter(Boolean);
  return keywords.length ? keywords.map(askedKind) : null;
}

/**
 * The city or province the query named before its place ("안산" of "안산 중앙동", "대구" of "대구 수성구
 * 범어동"), as the hierarchy reads it: a place across its border is in another city, however near. A
 * district named (관악구 of "관악구 신사동") says which namesake is meant; the radius around it is the area
 * (001), across a district's border or not.
 */
export function namedRegions(plan: PlanResponse): Region[] | null {
  const center = plan.translator_result.locations.find((l) => l.role === "center");
  if (!center || center.country !== "KR") return null;
  const r = resolvePhrase(center.name);
  const cities = r?.inside ? r.regions.filter((g) => !/구$/.test(g.sigungu)) : [];
  return cities.length ? cities : null;
}

/** Places of the asked kind inside the named area; those of a near kind apart; the rest left out. */
export function sortOut(places: Place[], plan: PlanResponse): Sorted {
  const asked = askedKinds(plan);
  const regions = namedRegions(plan);
  const inside = regions ? places.filter((p) => addressInRegions(p, regions)) : places;
  const outside = places.length - inside.length;
  if (!asked) return { places: inside, near: [], nearKinds: [], asked, regions, outside };
  const kept: Place[] = [];
  const near: Place[] = [];
  const nearKinds = new Set<string>();
  const byKeyword = new Map(asked.map((a) => [a.word, a]));
  for (const p of inside) {
    // a place is checked against the kind its own search asked for (000: 출처 표시), else against all
    const own = p.keyword !== undefined ? byKeyword.get(p.keyword) : undefined;
    const against = own ? [own] : asked;
    // a word the vocabulary does not know (a brand, a client's own keyword) gives no kind to check by:
    // the provider's match stands (a provider matches menus and tags a name need not show)
    if (against.some((a) => !a.kind)) {
      kept.push(p);
      continue;
    }
    const f = fitOf(p, against);
    if (f.fit === "match") kept.push(p);
    else if (f.fit === "near") {
      near.push(p);
      nearKinds.add(kindLabel(f.kind ?? p.detailCategory ?? ""));
    }
  }
  return { places: kept, near, nearKinds: [...nearKinds].filter(Boolean), asked, regions, outside };
}

/** "족발,보쌈" → "족발·보쌈", as a person reads a kind. */
const kindLabel = (k: string) => k.replace(/,/g, "·");

/** The near places offered: only when the asked kind is scarce, the nearest first, a few. */
export function alternativesOf(s: Sorted, shown: number, near: Place[] = s.near): Place[] {
  if (!s.asked || shown >= FEW_OF_KIND || !near.length) return [];
  const d = (p: Place) => p.distance ?? p.distanceFromCenter ?? Number.MAX_SAFE_INTEGER;
  return [...near].sort((a, b) => d(a) - d(b)).slice(0, MAX_ALTERNATIVES);
}

/** A places-left-out warning: the wider area named keeps its own places only. */
export const outsideWarning = (s: Sorted) =>
  s.outside && s.regions
    ? [`${s.regions.map((r) => r.name).join(" ")} 밖의 ${s.outside}곳은 빼고 보여 드려요`]
    : [];

/** The kinds asked, as the first sentence names them ("와인바", "카페, 전시관"). */
export const askedLabel = (keywords: string[]) => keywords.map(kindLabel).join(", ");

/**
 * The answer's first sentence: what was found where, or plainly that the asked kind was not (or only a
 * few were), and that near kinds follow apart.
 */
export function summaryOf(a: {
  /** null: no area was named, the search was not limited to one */
  where: string | null;
  total: number;
  keywords: string[];
  alternatives: Place[];
  nearKinds: string[];
  checked: boolean;
  empty?: string;
  trip?: { destination: string; days: number };
}): string {
  const label = askedLabel(a.keywords) || "장소";
  const kinds = a.nearKinds.slice(0, 3).join(", ");
  const alt = a.alternatives.length
    ? ` ${kinds ? `가까운 종류(${kinds})` : "비슷한 곳"} ${a.alternatives.length}곳을 따로 보여 드려요.`
    : "";
  if (a.trip) return `${a.trip.destination} ${a.trip.days}일 일정에 ${a.total}곳을 넣었어요.`;
  if (a.where === null)
    return a.total
      ? `지역을 알아보지 못해 지역을 한정하지 않고 찾은 ${label} ${a.total}곳이에요.`
      : `${a.empty ?? `지역을 알아보지 못해 ${josa(label, "을/를")} 찾지 못했어요`}.`;
  if (a.total === 0) {
    if (!a.alternatives.length)
      return `${a.empty ?? `${a.where}에서 ${josa(label, "을/를")} 찾지 못했어요`}.`;
    return `${a.where}에서 ${josa(label, "을/를")} 찾지 못했어요.${alt}`;
  }
  if (a.checked && a.total < FEW_OF_KIND)
    return `${a.where}에서 ${josa(label, "은/는")} ${a.total}곳만 찾았어요.${alt}`;
  return `${a.where}에서 ${label} ${a.total}곳을 찾았어요.`;
}
