// The rules-first offline Translator: query → translator_result, with a confidence the caller uses to
// decide whether an LLM should have a look. Deterministic, no I/O beyond the gazetteer loaded once.
import type { KakaoCategoryCode } from "../categories.ts";
import type { LexEntry } from "../lexicon.ts";
import type { StrategyType, TranslatedLocation, TranslatorResult } from "../schemas.ts";
import { findLocations, type FoundLocation } from "./locations.ts";
import { parseDistance, parseTrip } from "./measures.ts";
import { isLexiconWord, matchLexicon, matchMoods, matchPets, matchReview, QueryText } from "./terms.ts";
import { isHangul, particleVariants, tokenize } from "./text.ts";

export interface RulesOutcome {
  result: TranslatorResult;
  confidence: number;
  warnings: string[];
}

const FILLER = new Set(
  `추천 추천해 추천해줘 추천해주세요 추천좀 알려줘 알려주세요 찾아줘 찾아주세요 어디 어디야 어디가 좀 근처 주변 인근 부근 근방 가까운
   있는 있을까 있나요 좋은 괜찮은 맛있는 곳 곳이 곳을 데 데가 갈만한 해줘 주세요 하기 할 수 되는 가능한 요 가는 갈 길에 길 도중 사이
   이내 안 안에 내 거리 코스 일정 여행 짜줘 짜 계획 가고 싶어 싶은 먹고 마시고 먹을 하는 위한 중 지금 오늘 내일 주말 점심 저녁 아침 걸어서
   도보 차로 분 까지 에서 가다가 방향 경로 루트 하고 싶다 싶음 뭐 뭐가 뭐먹지 먹지 먹을까 갈까 가볼 만한 정도 쯤 정말 진짜 제일 가장
   유명한 인기 인기있는 핫한 핫플 요즘 near in around the a an best good find me show recommend please to from between and on way within
   of for some nice places place spot spots`.split(/\s+/),
);

/** A local search stops here: Kakao's radius cap is 20 km, Google's 50 km; travel 100 km. */
const MAX_DISTANCE_M = { radius: 50_000, travel: 100_000 } as const;

const LOCATION_ROLE_CONNECTORS = /^(와|과|랑|이랑|하고)$/;

function dedupe<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

function toLocation(f: FoundLocation, role: TranslatedLocation["role"]): TranslatedLocation {
  return { name: f.name, query: f.query, role, kind: f.kind, country: f.country };
}

/** Decides route vs. single place from the particles and connecting words around the locations. */
function assignRoles(
  query: string,
  found: FoundLocation[],
): { locations: TranslatedLocation[]; route: boolean } {
  if (found.length >= 2) {
    const [a, b] = found;
    const between = a.end <= b.start ? query.slice(a.end, b.start) : "";
    const after = query.slice(b.end);
    const betweenWords =
      /사이|중간|between/i.test(query) &&
      (LOCATION_ROLE_CONNECTORS.test(a.particle) || /\band\b/i.test(between));
    const fromTo =
      (/^(에서|부터|에서부터)$/.test(a.particle) || /\bfrom\b/i.test(query.slice(0, a.start))) &&
      (/^(까지|으로|로)/.test(b.particle) ||
        /^\s*(가는|갈|가다가|오는|향하는|방향|까지)/.test(after) ||
        /가는 ?길|길에|도중|경로|루트|on the way/i.test(query) ||
        /\bto\b/i.test(between));
    const arrow = /→|->|⇒|～|~/.test(between);
    if (betweenWords || fromTo || arrow) {
      return { locations: [toLocation(a, "origin"), toLocation(b, "destination")], route: true };
    }
  }
  if (found.length === 0) return { locations: [], route: false };
  // several places without a route: the one the query searches around is the most specific one
  const rank = (f: FoundLocation) =>
    ({ station: 6, landmark: 5, dong: 4, unresolved: 4, foreign: 3, gu: 2, city: 1, province: 0 })[f.kind] +
    (/근처|주변|인근|부근|앞|에서|에$/.test(f.particle) ? 2 : 0);
  const center = [...found].sort((x, y) => rank(y) - rank(x))[0];
  return { locations: [toLocation(center, "center")], route: false };
}

function residualKeyword(q: QueryText): string[] {
  const words = q
    .leftovers()
    .map((w) => particleVariants(w).at(-1)!.stem)
    .filter((w) => w.length >= 2 && !FILLER.has(w.toLowerCase()) && !/\d/.test(w))
    .filter((w) => !/(하기|해서|하는|되는|했던|할까|인가|나요|까요|세요|줘|요|할|한|된|될)$/.test(w));
  return words.length ? [words.join(" ")] : [];
}

const TRIP_ROLE_BY_KIND: Partial<Record<LexEntry["kind"], string>> = {
  food: "맛집",
  drink: "맛집",
  cafe: "카페",
  attraction: "관광지",
  lodging: "숙박",
  activity: "관광지",
};

/** The entry's own keywords, else the Korean word the user wrote, else the entry's first term. */
function keywordsOf(m: { value: LexEntry; surface: string }): string[] {
  if (m.value.keywords.length) return m.value.keywords;
  return [isHangul(m.surface) ? m.surface : (m.value.terms.find((t) => isHangul(t)) ?? m.surface)];
}

export function translateWithRules(rawQuery: string): RulesOutcome {
  const query = rawQuery.normalize("NFC").trim();
  const tokens = tokenize(query);
  const warnings: string[] = [];
  const q = new QueryText(query, tokens);

  const found = findLocations(tokens, isLexiconWord);
  for (const f of found) q.claim(f.start, f.end);
  const { locations, route } = assignRoles(query, found);

  const trip = locations.length ? parseTrip(query) : null;
  const distance = parseDistance(query);
  if (distance && distance.value > MAX_DISTANCE_M[distance.kind]) {
    warnings.push(
      `${distance.value} m is beyond what a local search covers; using ${MAX_DISTANCE_M[distance.kind]} m`,
    );
    distance.value = MAX_DISTANCE_M[distance.kind];
  }
  // numbers and the words around them are not keywords
  for (const m of query.matchAll(
    /\d+(?:\.\d+)?\s*(?:km|㎞|킬로미터|킬로|키로|m|미터|분|시간|박|일|minutes?|mins?|hours?)?/gi,
  )) {
    q.claim(m.index, m.index + m[0].length);
  }

  const pets = matchPets(q).length > 0;
  const reviews = matchReview(q);
  let lex = matchLexicon(q);
  const moods = lex.some((m) => ["food", "drink"].includes(m.value.kind) && !m.value.generic)
    ? []
    : matchMoods(q);
  if (moods.length) lex = lex.filter((m) => !m.value.generic);

  let keywords = dedupe(lex.flatMap(keywordsOf));
  let english = dedupe(lex.map((m) => m.value.en));
  const codes = dedupe(lex.flatMap((m) => m.value.codes)) as KakaoCategoryCode[];
  const activities = dedupe(lex.filter((m) => m.value.kind === "activity").flatMap(keywordsOf));
  for (const mood of moods) {
    keywords = dedupe([...keywords, ...mood.value.keywords]);
    english = dedupe([...english, ...mood.value.en]);
    if (!codes.includes("FD6")) codes.push("FD6");
  }

  let confidence = 1;
  if (keywords.length === 0) {
    const residual = residualKeyword(q);
    if (residual.length) {
      keywords = residual;
      english = residual;
      confidence -= 0.3;
    } else if (!trip) {
      keywords = pets ? ["카페"] : ["맛집"];
      english = pets ? ["cafe"] : ["restaurants"];
      codes.push(pets ? "CE7" : "FD6");
      warnings.push(`no kind of place recognised in the query; searching "${keywords[0]}"`);
      confidence -= 0.3;
    }
  }

  if (pets) {
    const base = lex[0]?.surface ?? keywords[0] ?? "카페";
    keywords = dedupe([
      `애견동반 ${base}`,
      `펫 ${base}`,
      ...keywords.filter((k) => k !== base).map((k) => `애견동반 ${k}`),
    ]).slice(0, 4);
    english = english.map((k) => `dog friendly ${k}`);
  }

  let distanceMode: StrategyType = route ? "route" : "radius";
  if (trip) distanceMode = "multi_point";
  else if (!route && distance?.kind === "travel" && locations.length) distanceMode = "point_travel";

  if (locations.length === 0) {
    warnings.push("no location recognised in the query: the search is not limited to an area");
    confidence -= 0.4;
  }
  for (const l of locations.filter((l) => l.kind === "unresolved")) {
    warnings.push(
      `"${l.name}" is your own place: the plan geocodes it as written; give its address for an exact search`,
    );
  }
  if (!isHangul(query) && locations.length === 0) confidence -= 0.1;

  const provider = locations.some((l) => l.country !== "KR") ? "google" : "kakao";
  const tripRoles = trip
    ? dedupe([
        "관광지",
        "맛집",
        "카페",
        ...lex.map((m) => TRIP_ROLE_BY_KIND[m.value.kind]).filter((r): r is string => Boolean(r)),
        ...(trip.nights > 0 ? ["숙박"] : []),
      ])
    : [];

  const result: TranslatorResult = {
    search_keywords: keywords.slice(0, 12),
    category_codes: dedupe(codes).slice(0, 6),
    review_check_keywords: dedupe(reviews.map((r) => r.value)).slice(0, 10),
    distanceMode,
    distanceThreshold: distanceMode === "point_travel" ? distance!.value : null,
    travelMode: distanceMode === "point_travel" ? distance!.mode : null,
    requires_distance_filter: distanceMode === "point_travel",
    radius: distance?.kind === "radius" ? distance.value : null,
    provider,
    tags: { pets, activities },
    locations,
    days: trip?.days ?? null,
    nights: trip?.nights ?? null,
    trip_roles: tripRoles,
    english_keywords: english.slice(0, 12),
  };
  return { result, confidence: Math.max(0, Math.min(1, confidence)), warnings };
}
