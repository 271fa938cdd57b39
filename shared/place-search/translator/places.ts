// The translator's place passes: the places a query names, whether they make a route or a meeting
// point, the one a detail request asks about, and what a guessed place is taken to be.
import type { TranslatedLocation } from "../schemas.ts";
import { findLocations, isNamedRegion, liesIn, type FoundLocation } from "../../places/query-locations.ts";
import { isLexiconTerm, isLexiconWord } from "../../places/query-terms.ts";
import { FILLER } from "../../korean/text.ts";
import { PENALTY, type Draft } from "./draft.ts";
import { residualKeyword } from "./words.ts";

const LOCATION_ROLE_CONNECTORS = /^(와|과|랑|이랑|하고)$/;
const MEETING = /만나|중간\s?(?:지점|쯤|에서|에|정도)|가운데|halfway|meet/i;

function toLocation(f: FoundLocation, role: TranslatedLocation["role"]): TranslatedLocation {
  return { name: f.name, query: f.query, role, kind: f.kind, country: f.country };
}

/** Decides route vs. single place from the particles and connecting words around the locations. */
function assignRoles(
  query: string,
  found: FoundLocation[],
): { locations: TranslatedLocation[]; route: boolean } {
  // meeting halfway ("강남역과 홍대 중간에서 만나기 좋은 카페"): both places are centres, the search runs
  // around the middle of them, not along a drive from the first
  // a bare 중간 after two places joined by 와/과/랑/하고 ("강남역이랑 홍대 중간 카페") is the same
  const halfway = found.some(
    (a, i) =>
      LOCATION_ROLE_CONNECTORS.test(a.particle) &&
      found[i + 1] !== undefined &&
      /^\s*중간/.test(query.slice(found[i + 1]!.end)),
  );
  if (found.length >= 2 && (MEETING.test(query) || halfway)) {
    return { locations: found.slice(0, 4).map((f) => toLocation(f, "center")), route: false };
  }
  // the first pair, in order, that the particles and words around it make a route
  // in writing order first; then the other way ("남산타워 가는 길에 … 명동역에서")
  const pairs: [FoundLocation, FoundLocation][] = [];
  for (const [i, a] of found.entries()) for (const b of found.slice(i + 1)) pairs.push([a, b]);
  for (const [i, a] of found.entries()) for (const b of found.slice(i + 1)) pairs.push([b, a]);
  for (const [a, b] of pairs) {
    const between = a.end <= b.start ? query.slice(a.end, b.start) : "";
    const backwards = a.start > b.start;
    const after = query.slice(b.end);
    // "A와 B 사이", "A랑 B 중간", and "A B 사이" with the two written side by side before 사이
    const betweenWords =
      /사이|중간|between/i.test(query) &&
      (LOCATION_ROLE_CONNECTORS.test(a.particle) ||
        /\band\b/i.test(between) ||
        (!a.particle && !between.trim() && /^\s*(?:사이|중간)/.test(after)));
    const fromTo =
      (/^(에서|부터|에서부터)$/.test(a.particle) || /\bfrom\b/i.test(query.slice(0, a.start))) &&
      (/^(까지|으로|로)/.test(b.particle) ||
        /^\s*(가는|갈|가다가|오는|향하는|방향|까지)/.test(after) ||
        /가는 ?길|길에|도중|경로|루트|on the way/i.test(query) ||
        /\bto\b/i.test(between));
    const arrow = /→|->|⇒|～|~/.test(between);
    // backwards only from an explicit 에서 to a place followed by 가는
    if (backwards && !(/^(에서|부터)$/.test(a.particle) && /^\s*(가는|까지)/.test(after))) continue;
    if (betweenWords || fromTo || arrow) {
      return { locations: [toLocation(a, "origin"), toLocation(b, "destination")], route: true };
    }
  }
  // several places without a route: the one the query searches around is the most specific one
  const rank = (f: FoundLocation) =>
    ({ station: 6, landmark: 5, dong: 4, unresolved: 4, foreign: 3, gu: 2, city: 1, province: 0 })[f.kind] +
    (/근처|주변|인근|부근|앞|에서|에$/.test(f.particle) ? 2 : 0) +
    (/\b(near|around|in|at|by)\s*$/i.test(query.slice(0, f.start)) ? 2 : 0);
  const regions = found.filter(isNamedRegion);
  // two regions one inside the other (창원 진해: 진해구 in 창원시) are never weighed against each other:
  // the outer one holds the inner, and the inner one is the more specific
  const nested = (f: FoundLocation, r: FoundLocation) =>
    isNamedRegion(f) && (liesIn(r, f) || liesIn(f, r)) && !(liesIn(r, f) && liesIn(f, r));
  const inside = (f: FoundLocation) => regions.every((r) => r === f || liesIn(f, r) || nested(f, r));
  const innermost = (f: FoundLocation) =>
    isNamedRegion(f) ? regions.filter((r) => r !== f && liesIn(f, r) && !liesIn(r, f)).length * 0.1 : 0;
  const ranked = [...found].sort((x, y) => rank(y) + innermost(y) - rank(x) - innermost(x));
  // a place named with a city, gu or province is the one inside it or none ("제주시 … 국수" is never
  // 양평's 국수역): the most specific place inside; a place that lies only elsewhere, beside nothing
  // more specific than the region inside, is asked about (area_mismatch), never searched in its stead
  const center = ranked.find(inside);
  const far = ranked.find((f) => !inside(f));
  if (far && (!center || isNamedRegion(center))) {
    const region = regions.find((r) => !liesIn(far, r))!;
    far.outside = { area: region.name, place: far.name, elsewhere: [far.entry?.query ?? far.query] };
    return { locations: [toLocation(far, "center")], route: false };
  }
  if (!center) return { locations: [], route: false };
  return { locations: [toLocation(center, "center")], route: false };
}

/** A city or province, at home or abroad (a foreign entry with a city of its own is a district in it). */
export const isRegion = (f: FoundLocation) =>
  f.kind === "city" ||
  f.kind === "province" ||
  (f.kind === "foreign" && f.entry !== undefined && !f.entry.city);

const ON_THE_WAY = /(?:가는|오는|돌아오는|가던)\s?길(?:에|에서|목에)?|가다가|오다가/;

/**
 * Words for where the caller is: here, my surroundings, my position, home, work, where I stay. They are
 * not places to geocode ("회사" is nobody's address): with the request's location they mean it, without
 * one the answer asks where.
 */
export const CALLER =
  /(?<![가-힣])(?:여기|이곳|이 ?근처|요 ?근처|내 ?주변|내 ?근처|내 ?위치|나의 ?위치|현재 ?위치|현위치|지금 ?위치|우리 ?집|우리 ?동네|집|회사|사무실)(?:에서부터|에서|서|에|의|로|으로|부터)?(?![가-힣])|\b(?:near me|around me|around here|nearby|my location|here)\b/gi;

/** The places a query names, and how they relate. */
export interface PlacesRead {
  found: FoundLocation[];
  locations: TranslatedLocation[];
  route: boolean;
  /** the one place a detail request asks about */
  detailPlace: string | null;
}

/** The places named, the one asked about, and whether they make a route. */
export function readPlaces(d: Draft, detail: boolean): PlacesRead {
  const { q, query } = d;
  const found = findLocations(q.tokens, isLexiconWord, (s, e) => q.isFree(s, e));
  for (const f of found) q.claim(f.start, f.end, "place");
  // "부산역 가는길 맛집": the way there is the route, never what is searched
  if (found.length) q.take(ON_THE_WAY, "place");
  // the one place asked about: what is left before any lexicon match, unless it is only kinds (카페)
  const asked = detail ? residualKeyword(q)[0] : undefined;
  const detailPlace =
    asked && asked.split(/\s+/).some((w) => !isLexiconTerm(w) && !FILLER.has(w)) ? asked : null;
  const { locations, route } = assignRoles(query, found);
  // "A랑 B 중간 맛집": the middle is where, not what
  if (locations.length >= 2) q.take(/중간\s?(?:지점|쯤|정도)?(?:에서|에)?|가운데(?:에서|에)?/, "place");
  return { found, locations, route, detailPlace };
}

/**
 * Places read from the words around them (근처, 에서), not the gazetteer: beside a place the gazetteer
 * knows in Korea a foreign-sounding guess is Korean too (스타필드 with 하남); else abroad, or as written.
 */
export function judgeGuessedPlaces(d: Draft, { found, locations }: PlacesRead): void {
  const abroad = locations.find((l) => l.country !== "KR" && l.country !== "ZZ");
  const home = found.some((f) => f.country === "KR" && !f.fromContext);
  for (const f of found) {
    const l = locations.find((x) => x.name === f.name);
    if (!l || !f.fromContext) continue;
    if (l.country === "ZZ" && home && !abroad) {
      l.country = "KR";
      l.kind = l.name.endsWith("역") ? "station" : "landmark";
    }
    if (l.country === "ZZ") {
      l.country = abroad?.country ?? "ZZ";
      const station = l.name.endsWith("역");
      d.warnings.push(
        station
          ? `"${l.name}"은 국내 역 목록에 없어 해외 역으로 보고 Google에서 찾아요`
          : `"${l.name}"은 국내 지명 같지 않아 해외 지명으로 보고 Google에서 찾아요`,
      );
      // a station's name is a stronger sign than any word before 근처
      d.confidence -= station ? PENALTY.foreignGuess : PENALTY.foreignAnchorGuess;
    } else {
      d.warnings.push(`"${l.name}"은 내장 지명 사전에 없어 적힌 그대로 찾아요`);
      d.confidence -= PENALTY.contextAnchor;
    }
  }
}
