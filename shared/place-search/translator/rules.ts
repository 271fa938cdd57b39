// The rules-first offline Translator: query → translator_result, with a confidence the caller uses to
// decide whether an LLM should have a look. Deterministic, no I/O beyond the gazetteer loaded once.
// A pipeline of passes over one draft, each claiming what it reads of the query: places (places.ts),
// the kinds asked for (terms.ts), the words nothing read (words.ts), then the plan's shape here.
import { josa } from "es-hangul";
import type { StrategyType, TranslatedLocation, TranslatorResult } from "../schemas.ts";
import { hasConditions, parseConditions } from "./conditions.ts";
import { parseDetailIntent } from "./intents.ts";
import { parseDistance, parseTrip, TRAVEL_WORDS, type DistanceAsk, type TripAsk } from "./measures.ts";
import { QueryText, UNREAD_CONFIDENCE_CAP, type ReadSpan } from "../../places/query-terms.ts";
import { isHangul, tokenize } from "../../korean/text.ts";
import { repairQuery } from "../../places/query-repair.ts";
import { dedupe, PENALTY, type Draft } from "./draft.ts";
import { CALLER, isRegion, judgeGuessedPlaces, readPlaces, type PlacesRead } from "./places.ts";
import { contentOf, isFillerPiece, modifierOf, residualKeyword, topic } from "./words.ts";
import {
  kindTerms,
  readWords,
  TRIP_ROLE_BY_KIND,
  widenBroadKinds,
  withMoods,
  withOccasions,
  withPets,
  withRuledOut,
  withWishes,
  type Terms,
  type WordsRead,
} from "./terms.ts";
import { beyondLocalSearch, NO_LOCATION, noKindRecognised, ownPlace } from "../warnings.ts";

export interface RulesOutcome {
  result: TranslatorResult;
  confidence: number;
  warnings: string[];
  /** every word of the query with what it was read as */
  reading: ReadSpan[];
  /** the content words nothing read (each also named in a warning) */
  unread: string[];
}

/** A local search stops here: Kakao's radius cap is 20 km, Google's 50 km; travel 100 km. */
const MAX_DISTANCE_M = { radius: 50_000, travel: 100_000 } as const;
/** Longer trips are planned for this many days, with a warning (a month of places is no search). */
export const MAX_TRIP_DAYS = 14;

export const KAKAO_HINT =
  "카카오 API는 영업시간·평점·가격을 주지 않아요: 조건은 각 장소의 카카오맵 페이지에서 확인하세요";

/** The rules' pipeline: each pass claims what it reads of the query, in this order. */
export function translateWithRules(rawQuery: string): RulesOutcome {
  const d = startDraft(rawQuery);
  // conditions first, so "일요일에", "24시" or "평점 높은" are neither places nor keywords; then what
  // the user asks to know about a place ("리뷰 요약", "영업시간")
  const conditions = parseConditions(d.q);
  const detailKind = parseDetailIntent(d.q);
  const callerWords = d.q.take(CALLER, "caller").length > 0;
  const places = readPlaces(d, detailKind !== null);
  judgeGuessedPlaces(d, places);
  const { trip: written, distance } = readMeasures(d, places.locations);
  // "걸어서 10분 이내 빵집", "500m 안 카페": a distance from nowhere named is a distance from the caller
  const aroundUser = callerWords || (distance !== null && !places.locations.length);
  const words = readWords(d);
  const terms = [withMoods, withOccasions, withWishes, withRuledOut].reduce(
    (t, pass) => pass(words, t),
    kindTerms(words),
  );
  const trip = tripOf(d, written, places, words);
  const searched = withUnknownWords(d, words, terms, trip);
  const { reading, unread } = accountForEveryWord(d, searched);
  const final = widenBroadKinds(words, withPets(words, searched), trip);
  const distanceMode = strategyOf(places, trip, distance, aroundUser);
  const unknown = unknownPlace(d, unread, searched.keywords, places, aroundUser);
  if (unknown) askWhere(d, unknown, unread);
  else warnOfLocations(d, places.locations, aroundUser);
  const result = assemble(d, {
    conditions,
    detailKind,
    places,
    trip,
    distance,
    distanceMode,
    aroundUser,
    words,
    terms: final,
  });
  if (unknown) result.unknown_place = unknown;
  return {
    result,
    confidence: Math.max(0, Math.min(1, d.confidence)),
    warnings: d.warnings,
    reading,
    unread,
  };
}

/** Numerals to digits, spacing restored, then typos: every later pass reads the repaired text. */
function startDraft(rawQuery: string): Draft {
  const repaired = repairQuery(rawQuery);
  const { text: query, corrections } = repaired;
  const d: Draft = {
    query,
    q: new QueryText(query, tokenize(query)),
    warnings: [],
    confidence: 1,
    ambiguous: repaired.ambiguous,
  };
  for (const c of corrections) {
    d.warnings.push(`${c.from} → ${josa(c.to, "으로/로")} 찾았어요`);
    d.confidence -= c.place ? PENALTY.placeCorrection : PENALTY.foodCorrection;
  }
  return d;
}

/** Distances and trip lengths, from what the conditions left ("내일 7시" is no travel time). */
function readMeasures(d: Draft, locations: TranslatedLocation[]) {
  const measured = d.q.unclaimed();
  const trip = locations.length ? parseTrip(measured) : null;
  const distance = parseDistance(measured);
  if (distance && distance.value > MAX_DISTANCE_M[distance.kind]) {
    d.warnings.push(beyondLocalSearch(distance.value, MAX_DISTANCE_M[distance.kind]));
    distance.value = MAX_DISTANCE_M[distance.kind];
  }
  // "5 minutes walk": the way there is no keyword (walk is also 산책)
  if (distance?.kind === "travel") d.q.take(TRAVEL_WORDS, "measure");
  return { trip, distance };
}

/** The trip's length: as written, or 001's third signal (a region with several kinds of place). */
function tripOf(
  d: Draft,
  written: TripAsk | null,
  { found, locations, route }: PlacesRead,
  words: WordsRead,
) {
  let trip = written;
  const rolesNamed = dedupe([
    ...words.named.map((m) => TRIP_ROLE_BY_KIND[m.value.kind]).filter((r): r is string => Boolean(r)),
    ...(words.generic ? ["맛집"] : []),
  ]);
  // a place to stay with anything else in a city or region is a trip too ("후쿠오카 맛집 숙소"); beside a
  // station or street it is a search ("강남역 맛집 호텔")
  const staying =
    rolesNamed.includes("숙박") && rolesNamed.length >= 2 && found.length === 1 && isRegion(found[0]!);
  if (!trip && !route && locations.length && (rolesNamed.length >= 3 || staying))
    trip = { days: 1, nights: 0 };
  if (trip && trip.days > MAX_TRIP_DAYS) {
    d.warnings.push(
      `${trip.days}일 여행은 ${MAX_TRIP_DAYS}일까지만 계획했어요: 나머지 일정은 나눠서 찾아 주세요`,
    );
    trip = { days: MAX_TRIP_DAYS, nights: MAX_TRIP_DAYS - 1 };
  }
  return trip;
}

/**
 * Where no kind was read: the unknown word before a generic one ("성수역 크로플 맛집"), else the words
 * nothing read, else food places (or cafés, with pets), said so.
 */
function withUnknownWords(d: Draft, words: WordsRead, t: Terms, trip: TripAsk | null): Terms {
  const { lex, specific, moods, occasions, generic, pets } = words;
  // a word nothing knows says more than a generic 맛집 beside it
  const onlyGeneric =
    t.keywords.length > 0 && !specific && !moods.length && lex.every((m) => m.value.generic);
  const modifier = onlyGeneric && !occasions.length && lex[0] ? modifierOf(d.q, lex[0]) : undefined;
  if (modifier) {
    d.confidence -= PENALTY.residualKeyword;
    return { ...t, keywords: [modifier], english: [modifier] };
  }
  if (t.keywords.length) return t;
  const residual = residualKeyword(d.q);
  if (residual.length) {
    d.confidence -= PENALTY.residualKeyword;
    if (residual[0]!.includes(" ")) d.confidence -= PENALTY.residualPhrase;
    return { ...t, keywords: residual, english: residual };
  }
  if (trip) return t;
  const keywords = pets ? ["카페"] : ["맛집"];
  // "신림 맛있는 곳" says food places; nothing at all says nothing
  if (!generic || pets) {
    d.warnings.push(noKindRecognised(keywords[0]!));
    d.confidence -= PENALTY.fallbackKeyword;
  }
  return {
    ...t,
    keywords,
    english: pets ? ["cafe"] : ["restaurants"],
    codes: [...t.codes, pets ? "CE7" : "FD6"],
  };
}

/**
 * Every word accounted for: what nothing read is named, and the plan is not sure of itself; a word
 * searched as written (an unknown kind) is unread too, since nothing says what kind it is.
 */
function accountForEveryWord(d: Draft, { keywords }: Terms) {
  const reading = d.q.reading(isFillerPiece);
  const unread = dedupe(reading.filter((r) => r.role === "unread").map((r) => contentOf(r.text)));
  const searched = new Set(keywords.flatMap((k) => k.split(" ")));
  for (const w of unread)
    d.warnings.push(
      searched.has(w)
        ? `‘${w}’${topic(w)} 모르는 말이라 적힌 그대로 찾았어요`
        : `‘${w}’${topic(w)} 이해하지 못해 빼고 찾았어요`,
    );
  if (unread.some((w) => !searched.has(w))) d.confidence -= PENALTY.unreadWord;
  // initials that several words share, or two consonants only, are a guess: not sure
  if (unread.length || d.ambiguous) d.confidence = Math.min(d.confidence, UNREAD_CONFIDENCE_CAP);
  return { reading, unread };
}

/**
 * A word written in Revised Romanization syllable by syllable (dongseongro, songjeong): an onset, a
 * vowel, a final. A lowercase Latin word is taken for a Korean place's name only so ("cozy", "vegan"
 * are not).
 */
const ROMANIZED =
  /^(?:(?:kk|tt|pp|ss|jj|ch|g|n|d|r|m|b|s|j|k|t|p|h)?(?:yae|yeo|wae|ae|ya|eo|ye|wa|oe|yo|wo|we|wi|yu|eu|ui|a|e|o|u|i)(?:ng|k|n|t|l|m|p)?)+$/;

/** The endings of a verb or adjective ("배고픈데", "가는", "해줘용"): such a word is no place's name. */
const INFLECTED = /(데|서|던|게|요|용|죠|줘|까|니|고|다|하는|하기)$/;

/**
 * A word nothing read, written where a place goes, when no place is named ("가디 국밥", "pasta near
 * Zorba"): the query's first word, in Hangul and before something else, or a capitalised Latin word
 * (a lowercase one written as romanized Korean) first or after near/in/at/around. The answer asks which place is meant (planner.ts), never answering
 * with places from anywhere as if they were near it. The word as written: a street keeps its 로 or 길.
 */
function unknownPlace(
  d: Draft,
  unread: string[],
  keywords: string[],
  { found }: PlacesRead,
  aroundUser: boolean,
): string | undefined {
  if (found.length || aroundUser) return undefined;
  const searched = new Set(keywords.flatMap((k) => k.split(" ")));
  const tokens = d.q.tokens;
  for (const w of unread) {
    const tok = tokens.find((t) => t.text.startsWith(w));
    if (!tok || searched.has(w) || INFLECTED.test(w)) continue;
    const first = tok === tokens[0];
    const afterNear = /\b(?:near|in|at|around|by)\s+$/i.test(d.query.slice(0, tok.start));
    const hangul = /^[가-힣]{2,}$/.test(w) && first && tokens.length > 1;
    const latin =
      (/^[A-Z][a-z]{3,}$/.test(w) && (first || afterNear)) ||
      (/^[a-z]{5,}$/.test(w) && (first || afterNear) && tokens.length > 1 && ROMANIZED.test(w));
    if (!hangul && !latin) continue;
    return /^(로|길)$/.test(tok.text.slice(w.length)) ? tok.text : w;
  }
  return undefined;
}

/** The place is asked for: its word was not dropped to search everywhere, so no warning says it was. */
function askWhere(d: Draft, word: string, unread: string[]): void {
  const dropped = unread
    .filter((w) => word.startsWith(w))
    .map((w) => `‘${w}’${topic(w)} 이해하지 못해 빼고 찾았어요`);
  d.warnings = d.warnings.filter((w) => !dropped.includes(w));
  // no place was read: as unsure as a query without one (with a key, the model may know the word)
  d.confidence -= PENALTY.noLocation;
}

function strategyOf(
  { locations, route }: PlacesRead,
  trip: TripAsk | null,
  distance: DistanceAsk | null,
  aroundUser: boolean,
): StrategyType {
  if (trip) return "multi_point";
  if (route) return "route";
  if (distance?.kind === "travel" && (locations.length || aroundUser)) return "point_travel";
  return "radius";
}

/** No place and no caller: nothing limits the area; a place of one's own is geocoded as written. */
function warnOfLocations(d: Draft, locations: TranslatedLocation[], aroundUser: boolean): void {
  if (locations.length === 0 && !aroundUser) {
    d.warnings.push(NO_LOCATION);
    d.confidence -= PENALTY.noLocation;
  }
  for (const l of locations.filter((l) => l.kind === "unresolved")) {
    d.warnings.push(ownPlace(l.name));
  }
  if (!isHangul(d.query) && locations.length === 0) d.confidence -= PENALTY.englishNoLocation;
}

/** The translator_result of what the passes read (and Kakao's hint where it lacks the data asked for). */
function assemble(
  d: Draft,
  r: {
    conditions: ReturnType<typeof parseConditions>;
    detailKind: ReturnType<typeof parseDetailIntent>;
    places: PlacesRead;
    trip: TripAsk | null;
    distance: DistanceAsk | null;
    distanceMode: StrategyType;
    aroundUser: boolean;
    words: WordsRead;
    terms: Terms;
  },
): TranslatorResult {
  const { conditions, detailKind, places, trip, distance, distanceMode, aroundUser, words, terms } = r;
  const { locations } = places;
  const provider = locations.some((l) => l.country !== "KR") ? "google" : "kakao";
  const needsData =
    conditions.open_at !== null || conditions.sort_by !== null || conditions.max_price !== null;
  if (provider === "kakao" && needsData) d.warnings.push(KAKAO_HINT);
  const travel = distanceMode === "point_travel";
  return {
    search_keywords: terms.keywords.slice(0, 12),
    category_codes: dedupe(terms.codes).slice(0, 6),
    review_check_keywords: dedupe(words.reviews).slice(0, 10),
    distanceMode,
    distanceThreshold: travel ? distance!.value : null,
    travelMode: travel ? distance!.mode : null,
    requires_distance_filter: travel,
    radius: distance?.kind === "radius" ? distance.value : null,
    provider,
    tags: { pets: words.pets, activities: terms.activities },
    locations,
    days: trip?.days ?? null,
    nights: trip?.nights ?? null,
    trip_roles: trip ? tripRoles(words, trip) : [],
    english_keywords: terms.english.slice(0, 12),
    ...(hasConditions(conditions) ? { conditions } : {}),
    ...(detailKind ? { detail_request: { kind: detailKind, place: places.detailPlace } } : {}),
    ...(aroundUser && !locations.length ? { around_user: true } : {}),
    ...areaMismatch(places),
    ...(words.wishes.length
      ? { wishes: words.wishes.map((w) => ({ name: w.wish.name, kinds: w.kinds.map((k) => k.name) })) }
      : {}),
  };
}

/** A place named with a wider area it does not lie in: the answer asks instead of searching elsewhere. */
function areaMismatch({ found }: PlacesRead): Pick<TranslatorResult, "area_mismatch"> {
  const o = found.find((f) => f.outside)?.outside;
  return o ? { area_mismatch: { ...o, elsewhere: o.elsewhere.slice(0, 5) } } : {};
}

/** A trip's roles: sights, food and cafés always; what the query names; a place to stay past one day. */
const tripRoles = ({ lex }: WordsRead, trip: TripAsk): string[] =>
  dedupe([
    "관광지",
    "맛집",
    "카페",
    ...lex.map((m) => TRIP_ROLE_BY_KIND[m.value.kind]).filter((r): r is string => Boolean(r)),
    ...(trip.nights > 0 ? ["숙박"] : []),
  ]);
