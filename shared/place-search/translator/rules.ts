// The rules-first offline Translator: query → translator_result, with a confidence the caller uses to
// decide whether an LLM should have a look. Deterministic, no I/O beyond the gazetteer loaded once.
import { josa } from "es-hangul";
import type { KakaoCategoryCode } from "../../places/categories.ts";
import { LEXICON, type LexEntry } from "../../places/lexicon.ts";
import type { StrategyType, TranslatedLocation, TranslatorResult } from "../schemas.ts";
import { hasConditions, parseConditions } from "./conditions.ts";
import { parseDetailIntent } from "./intents.ts";
import { findLocations, type FoundLocation } from "../../places/query-locations.ts";
import { parseDistance, parseTrip, TRAVEL_WORDS } from "./measures.ts";
import { isKnownWord } from "../../korean/segment.ts";
import {
  isLexiconTerm,
  isLexiconWord,
  matchContext,
  matchLexicon,
  matchMoods,
  matchPets,
  matchReview,
  matchKinds,
  matchWishes,
  QueryText,
  UNREAD_CONFIDENCE_CAP,
  type ReadSpan,
} from "../../places/query-terms.ts";
import { FILLER, isHangul, particleVariants, tokenize } from "../../korean/text.ts";
import { repairQuery } from "../../places/query-repair.ts";
import { GENERIC_WORD } from "../../places/generic-words.ts";
import { childrenFor, isNarrower, kindNamed, kindOfWord, readWish, type Kind } from "../../places/kinds.ts";

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

export const KAKAO_HINT =
  "카카오 API는 영업시간·평점·가격을 주지 않아요: 조건은 각 장소의 카카오맵 페이지(placeUrl)에서 확인하세요";

const LOCATION_ROLE_CONNECTORS = /^(와|과|랑|이랑|하고)$/;
const MEETING = /만나|중간\s?(?:지점|쯤|에서|에|정도)|가운데|halfway|meet/i;

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
  const [center] = [...found].sort((x, y) => rank(y) - rank(x));
  if (!center) return { locations: [], route: false };
  return { locations: [toLocation(center, "center")], route: false };
}

/** A city or province, at home or abroad (a foreign entry with a city of its own is a district in it). */
const isRegion = (f: FoundLocation) =>
  f.kind === "city" ||
  f.kind === "province" ||
  (f.kind === "foreign" && f.entry !== undefined && !f.entry.city);

const ON_THE_WAY = /(?:가는|오는|돌아오는|가던)\s?길(?:에|에서|목에)?|가다가|오다가/;

/**
 * Words for where the caller is: here, my surroundings, my position, home, work, where I stay. They are
 * not places to geocode ("회사" is nobody's address): with the request's location they mean it, without
 * one the answer asks where.
 */
const CALLER =
  /(?<![가-힣])(?:여기|이곳|이 ?근처|요 ?근처|내 ?주변|내 ?근처|내 ?위치|나의 ?위치|현재 ?위치|현위치|지금 ?위치|우리 ?집|우리 ?동네|집|회사|사무실)(?:에서부터|에서|서|에|의|로|으로|부터)?(?![가-힣])|\b(?:near me|around me|around here|nearby|my location|here)\b/gi;

const VERB_FORM = /(하기|해서|하는|되는|했던|할까|인가|나요|까요|세요|줘|요|할|한|된|될)$/;

/**
 * A predicate: one of the everyday verb and adjective stems a search query uses (있다, 하다, 가다,
 * 먹다 …) with its endings ("어디있지", "갔던", "가볼만한", "먹을래"): what the user does, not what is
 * searched.
 */
const PREDICATE =
  /(?:[있없]|하|해|했|되|돼|됐|가|갔|갈|가볼|와|왔|올|먹|마시|놀|찾|싶|모시|데려|데리)(?:어|아|지|니|냐|까|래|죠|요|다|줘|자|게|고|며|면|서|는|은|을|던|기|나|네|만한|ㄹ까)+\??$/;

/**
 * What nothing claimed, without particles. A query ends with what it searches, not with a locative: the
 * last word keeps its 에 or 의 (휘낭시에); nor with a subject, which needs a predicate after it: the query's
 * very last word keeps its 이 (감자옹심이; "팀호완이 어때" is 팀호완).
 */
function leftoverStems(q: QueryText): string[] {
  const left = q.leftoverSpans();
  const end = q.text.replace(/[\s?!.]+$/, "").length;
  return left.map(({ text: w, end: e }, i) =>
    (i === left.length - 1 && /[에의]$/.test(w)) || (e === end && w.endsWith("이")) ? w : stemOf(w),
  );
}

const isContentWord = (w: string) => w.length >= 2 && !FILLER.has(w.toLowerCase()) && !/\d/.test(w);

/** The words nothing recognised, without particles, fillers, numbers or verb forms. */
function residualWords(q: QueryText): string[] {
  return leftoverStems(q).filter((w) => isContentWord(w) && !VERB_FORM.test(w));
}

/**
 * The content word of a piece nothing read: without its particle, and the noun of a verb form
 * ("낮술하기" → 낮술). The query's last word keeps a final 이 (감자옹심이) and 에/의 (휘낭시에).
 */
function contentOf(piece: string): string {
  const stem = /[이에의]$/.test(piece) && piece.length >= 3 ? piece : stemOf(piece);
  const noun = VERB_FORM.test(stem) ? stem.replace(VERB_FORM, "") : stem;
  // "힙한", "핫한": a one-syllable stem keeps its ending, or the word would vanish
  return noun.length >= 2 ? noun : stem;
}

/** A piece that carries nothing to read: a particle or ending, a number, a known word, a closed-list filler. */
const isFillerPiece = (piece: string): boolean => {
  const w = contentOf(piece);
  if (!isContentWord(w) || FILLER.has(piece) || isKnownWord(w)) return true;
  // a predicate alone, or after a filler ("어디있지"); after a noun ("크로플하기") the noun is the word
  const p = PREDICATE.exec(piece);
  if (!p) return false;
  const rest = piece.slice(0, p.index);
  return !rest || FILLER.has(rest) || !isContentWord(rest) || isKnownWord(rest);
};

/** 은/는 after a word, by its last syllable. */
const topic = (w: string) => josa(w, "은/는").slice(w.length);

const stemOf = (w: string) =>
  particleVariants(w)
    .filter((v) => v.stem.length >= 2)
    .at(-1)?.stem ?? w;

/**
 * The unknown word that modifies a generic one ("크로플 맛집"): a single noun written right before it.
 * A clause before it ("연극 끝나고 밥 먹을 곳") says when, not what.
 */
function modifierOf(q: QueryText, generic: { start: number }): string | undefined {
  const before = q.leftoverSpans().filter((s) => s.end <= generic.start);
  const last = before.at(-1);
  if (!last || q.text.slice(last.end, generic.start).trim()) return undefined;
  const word = stemOf(last.text);
  const clause = /(고|면서|면|서|러|려고|니까|는데)$/.test(word) || VERB_FORM.test(word);
  if (clause || !isContentWord(word)) return undefined;
  return word;
}

function residualKeyword(q: QueryText): string[] {
  const words = residualWords(q);
  // the schema's 60 characters: a long run of unknown words is cut at a word boundary
  const joined = words.join(" ");
  const keyword =
    joined.length <= 60 ? joined : joined.slice(0, 60).replace(/\s+\S*$/, "") || joined.slice(0, 60);
  return keyword ? [keyword] : [];
}

/** At most this many kinds a wish adds to the search: each is a keyword search of its own. */
const WISH_KINDS = 3;
/** Children of a broad kind searched beside it, and the keywords a plan sends in all. */
const BROAD_CHILDREN = 2;
const MAX_KIND_KEYWORDS = 6;

/** A kind of the tree is searched by the Korean word typed, else by a Korean word of its node. */
function treeKeyword(m: { value: Kind; surface: string }): string {
  if (isHangul(m.surface)) return m.surface;
  return koreanWordOf(m.value);
}

/** A node's Korean word for a keyword: its name, or a part of a comma name ("육류,고기" → 육류). */
const koreanWordOf = (k: Kind): string => k.words.find((w) => isHangul(w) && !w.includes(",")) ?? k.name;

/** A kind before a clause is when, not what: "연극 끝나고 밥 먹을 곳" searches food, not theatres. */
const CLAUSE_NEXT = /^(?:끝나|보고|본\s?(?:후|뒤|다음)|하고\s?나|하기\s?전|전에|후에|다음에|마치고)/;

const TRIP_ROLE_BY_KIND: Partial<Record<LexEntry["kind"], string>> = {
  food: "맛집",
  drink: "맛집",
  cafe: "카페",
  attraction: "관광지",
  lodging: "숙박",
  activity: "관광지",
};

/**
 * The entry's own keywords, else the Korean word the user wrote, else the entry's first term. A dish
 * named more precisely than its entry (조개구이 in 해산물) is searched as written.
 */
function keywordsOf(m: { value: LexEntry; surface: string }): string[] {
  // a narrower kind than the entry's keyword is searched as itself (한정식 is no 한식, 평양냉면 no 냉면)
  const own = kindOfWord(m.surface);
  const entry = m.value.keywords[0] ? kindOfWord(m.value.keywords[0]) : undefined;
  if (own && entry && isHangul(m.surface) && isNarrower(own, entry)) return [m.surface];
  // more precise: not the keyword itself nor a place form of it (일식집 is 일식's)
  const precise =
    m.value.kind === "food" &&
    !m.value.generic &&
    /^[가-힣]{3,}$/.test(m.surface) &&
    !m.value.keywords.some((k) => m.surface.startsWith(k));
  if (precise) return [m.surface];
  if (m.value.keywords.length) return m.value.keywords;
  return [isHangul(m.surface) ? m.surface : (m.value.terms.find((t) => isHangul(t)) ?? m.surface)];
}

/** Abroad, a Korean dish is searched as written; other words by their English name. */
const ENTRY_OF = new Map<string, LexEntry>();
for (const e of LEXICON)
  for (const w of [...e.terms, ...e.keywords]) if (!ENTRY_OF.has(w)) ENTRY_OF.set(w, e);

function englishFor(keyword: string): string {
  const entry = ENTRY_OF.get(keyword);
  return !entry || entry.korean ? keyword : entry.en;
}

export function translateWithRules(rawQuery: string): RulesOutcome {
  const warnings: string[] = [];
  let confidence = 1;
  // numerals to digits, spacing restored, then typos: every later step reads the repaired text
  const repaired = repairQuery(rawQuery);
  const { text: query, corrections } = repaired;
  for (const c of corrections) {
    warnings.push(`${c.from} → ${josa(c.to, "으로/로")} 찾았어요`);
    confidence -= c.place ? PENALTY.placeCorrection : PENALTY.foodCorrection;
  }
  const tokens = tokenize(query);
  const q = new QueryText(query, tokens);

  // conditions first, so "일요일에", "24시" or "평점 높은" are neither places nor keywords; then what
  // the user asks to know about a place ("리뷰 요약", "영업시간")
  const conditions = parseConditions(q);
  const detailKind = parseDetailIntent(q);
  let aroundUser = q.take(CALLER, "caller").length > 0;
  const found = findLocations(tokens, isLexiconWord, (s, e) => q.isFree(s, e));
  for (const f of found) q.claim(f.start, f.end, "place");
  // "부산역 가는길 맛집": the way there is the route, never what is searched
  if (found.length) q.take(ON_THE_WAY, "place");
  // the one place asked about: what is left before any lexicon match, unless it is only kinds (카페)
  const asked = detailKind ? residualKeyword(q)[0] : undefined;
  const detailPlace =
    asked && asked.split(/\s+/).some((w) => !isLexiconTerm(w) && !FILLER.has(w)) ? asked : null;
  const { locations, route } = assignRoles(query, found);
  // "A랑 B 중간 맛집": the middle is where, not what
  if (locations.length >= 2) q.take(/중간\s?(?:지점|쯤|정도)?(?:에서|에)?|가운데(?:에서|에)?/, "place");
  const abroad = locations.find((l) => l.country !== "KR" && l.country !== "ZZ");
  // beside a place the gazetteer knows in Korea, a foreign-sounding guess is Korean too (스타필드 with 하남)
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
      warnings.push(
        station
          ? `"${l.name}"은 국내 역 목록에 없어 해외 역으로 보고 Google에서 찾아요`
          : `"${l.name}"은 국내 지명 같지 않아 해외 지명으로 보고 Google에서 찾아요`,
      );
      // a station's name is a stronger sign than any word before 근처
      confidence -= station ? PENALTY.foreignGuess : PENALTY.foreignAnchorGuess;
    } else {
      warnings.push(`"${l.name}"은 내장 지명 사전에 없어 적힌 그대로 찾아요`);
      confidence -= PENALTY.contextAnchor;
    }
  }

  // distances and trip lengths from what the conditions left ("내일 7시" is no travel time)
  const measured = q.unclaimed();
  let trip = locations.length ? parseTrip(measured) : null;
  const distance = parseDistance(measured);
  // "걸어서 10분 이내 빵집", "500m 안 카페": a distance from nowhere named is a distance from the caller
  if (distance && !locations.length) aroundUser = true;
  if (distance && distance.value > MAX_DISTANCE_M[distance.kind]) {
    warnings.push(
      `${distance.value} m is beyond what a local search covers; using ${MAX_DISTANCE_M[distance.kind]} m`,
    );
    distance.value = MAX_DISTANCE_M[distance.kind];
  }
  // "5 minutes walk": the way there is no keyword (walk is also 산책)
  if (distance?.kind === "travel") q.take(TRAVEL_WORDS, "measure");
  // words that change the kind (동물병원, 소아과) or say what the place is for (뒤풀이, 회식, 공부)
  const context = matchContext(q);
  const kinds = context.filter((c) => c.value.role === "kind");
  const occasions = context.filter((c) => c.value.role === "occasion");
  // numbers and the words around them are not keywords
  for (const m of query.matchAll(
    /\d+(?:\.\d+)?\s*(?:minutes?|mins?|hours?|nights?|days?|km|㎞|킬로미터|킬로|키로|m|미터|분|시간|박|일|원|번\s*출구)?/gi,
  )) {
    q.claim(m.index, m.index + m[0].length, "measure");
  }

  // praise and requests ("맛집", "추천", "유명한"): never a keyword beside a kind; alone, food places
  const generic = q.take(GENERIC_WORD, "filler").length > 0;
  const pets = matchPets(q).length > 0;
  const reviews = [...matchReview(q).map((r) => r.value), ...context.flatMap((c) => c.value.review)];
  // the compound is the dish: 돼지국밥 is a 국밥 named more precisely, searched as written
  let lex = q.compounds(matchLexicon(q).map((m) => q.compound(m)));
  // kinds the lexicon has no entry for, from the vocabulary of kinds (세탁소, 소품샵, 텐동)
  // (only where something is left to read: most queries are read whole by then)
  const leftToRead = q.leftovers().some((w) => w.length >= 2);
  const treeKinds = (leftToRead ? q.compounds(matchKinds(q).map((m) => q.compound(m))) : []).filter(
    (m) => !CLAUSE_NEXT.test(query.slice(m.end).trimStart()),
  );
  const specific =
    kinds.length > 0 ||
    treeKinds.length > 0 ||
    lex.some((m) => ["food", "drink", "cafe", "place"].includes(m.value.kind) && !m.value.generic);
  // "이탈리안 레스토랑", "한식 음식점": beside a kind, a word for any food place adds nothing to the
  // search (it still names a role of a trip: "군산 볼거리 먹거리 카페")
  const named = lex;
  if (specific) lex = lex.filter((m) => !m.value.generic);
  const moods = specific ? [] : matchMoods(q);
  // occasions, weather and activities ("비 오는 날", "아이랑", "해장"): they ask for kinds
  const wishes = matchWishes(q).map((m) => readWish(m.value));
  if (moods.length) lex = lex.filter((m) => !m.value.generic);

  let keywords = dedupe([
    ...kinds.flatMap((c) => c.value.keywords),
    ...lex.flatMap(keywordsOf),
    ...treeKinds.map(treeKeyword),
  ]);
  let english = dedupe([
    ...kinds.flatMap((c) => c.value.en),
    ...lex.flatMap((m) => (m.value.korean ? keywordsOf(m) : [m.value.en])),
    // a dish typed in Korean is searched as written abroad too (분짜); a category by its English name
    ...treeKinds.map((m) =>
      isHangul(m.surface) && (!m.value.children.length || m.surface !== m.value.name)
        ? m.surface
        : (m.value.en ?? treeKeyword(m)),
    ),
  ]);
  const codes: KakaoCategoryCode[] = dedupe([
    ...kinds.flatMap((c) => c.value.codes),
    ...lex.flatMap((m) => m.value.codes),
    ...treeKinds.flatMap((m) => (m.value.code ? [m.value.code] : [])),
  ]);
  const activities = dedupe(lex.filter((m) => m.value.kind === "activity").flatMap(keywordsOf));
  for (const mood of moods) {
    keywords = dedupe([...keywords, ...mood.value.keywords]);
    english = dedupe([...english, ...mood.value.keywords.map(englishFor)]);
    if (!codes.includes("FD6")) codes.push("FD6");
  }
  // an occasion names the kind of place only when nothing more specific did ("회식하기 좋은 삼겹살집" keeps 삼겹살)
  if (!specific && !moods.length) {
    for (const o of occasions) {
      keywords = dedupe([
        ...keywords.filter((k) => !["맛집", "음식점"].includes(k) || o.value.keywords.includes(k)),
        ...o.value.keywords,
      ]);
      english = dedupe([...english, ...o.value.en]);
      for (const c of o.value.codes) if (!codes.includes(c)) codes.push(c);
    }
  }

  // a wish names the kinds when nothing else did ("우천시 가볼만한 곳" → indoor places), and rules out
  // the kinds it excludes
  if (!specific && !moods.length && !occasions.length && wishes.length) {
    const asked = dedupe(wishes.flatMap((w) => w.kinds)).slice(0, WISH_KINDS);
    keywords = dedupe([
      ...keywords.filter((k) => !["맛집", "음식점", "관광지"].includes(k)),
      ...asked.map((k) => koreanWordOf(k)),
    ]);
    english = dedupe([...english.filter((k) => k !== "restaurants"), ...asked.map((k) => k.en ?? k.name)]);
    for (const k of asked) if (k.code && !codes.includes(k.code)) codes.push(k.code);
  }
  const ruledOut = new Set(wishes.flatMap((w) => w.wish.notKinds ?? []));
  if (ruledOut.size) keywords = keywords.filter((k) => !ruledOut.has(kindOfWord(k)?.name ?? k));

  // 001's third trip signal: a region with several kinds of place is a trip, not a radius search
  const rolesNamed = dedupe([
    ...named.map((m) => TRIP_ROLE_BY_KIND[m.value.kind]).filter((r): r is string => Boolean(r)),
    ...(generic ? ["맛집"] : []),
  ]);
  // a place to stay with anything else in a city or region is a trip too ("후쿠오카 맛집 숙소"); beside a
  // station or street it is a search ("강남역 맛집 호텔")
  const staying =
    rolesNamed.includes("숙박") && rolesNamed.length >= 2 && found.length === 1 && isRegion(found[0]!);
  if (!trip && !route && locations.length && (rolesNamed.length >= 3 || staying))
    trip = { days: 1, nights: 0 };
  if (trip && trip.days > MAX_TRIP_DAYS) {
    warnings.push(
      `${trip.days}일 여행은 ${MAX_TRIP_DAYS}일까지만 계획했어요: 나머지 일정은 나눠서 찾아 주세요`,
    );
    trip = { days: MAX_TRIP_DAYS, nights: MAX_TRIP_DAYS - 1 };
  }

  // "성수역 크로플 맛집": a word nothing knows says more than a generic 맛집 beside it
  const onlyGeneric = keywords.length > 0 && !specific && !moods.length && lex.every((m) => m.value.generic);
  const modifier = onlyGeneric && !occasions.length && lex[0] ? modifierOf(q, lex[0]) : undefined;
  if (modifier) {
    keywords = [modifier];
    english = [modifier];
    confidence -= PENALTY.residualKeyword;
  }
  if (keywords.length === 0) {
    const residual = residualKeyword(q);
    if (residual.length) {
      keywords = residual;
      english = residual;
      confidence -= PENALTY.residualKeyword;
      if (residual[0]!.includes(" ")) confidence -= PENALTY.residualPhrase;
    } else if (!trip) {
      keywords = pets ? ["카페"] : ["맛집"];
      english = pets ? ["cafe"] : ["restaurants"];
      codes.push(pets ? "CE7" : "FD6");
      // "신림 맛있는 곳" says food places; nothing at all says nothing
      if (!generic || pets) {
        warnings.push(`no kind of place recognised in the query; searching "${keywords[0]}"`);
        confidence -= PENALTY.fallbackKeyword;
      }
    }
  }

  // every word accounted for: what nothing read is named, and the plan is not sure of itself; a word
  // searched as written (an unknown kind) is unread too, since nothing says what kind it is
  const reading = q.reading(isFillerPiece);
  const unread = dedupe(reading.filter((r) => r.role === "unread").map((r) => contentOf(r.text)));
  const searched = new Set(keywords.flatMap((k) => k.split(" ")));
  for (const w of unread)
    warnings.push(
      searched.has(w)
        ? `‘${w}’${topic(w)} 모르는 말이라 적힌 그대로 찾았어요`
        : `‘${w}’${topic(w)} 이해하지 못해 빼고 찾았어요`,
    );
  if (unread.some((w) => !searched.has(w))) confidence -= PENALTY.unreadWord;
  // initials that several words share, or two consonants only, are a guess: not sure
  if (unread.length || repaired.ambiguous) confidence = Math.min(confidence, UNREAD_CONFIDENCE_CAP);

  if (pets) {
    // the word as written when it is Korean ("애견동반 브런치"), else its Korean keyword ("cafe" → 카페)
    const surface = lex[0]?.surface;
    const base = (surface && isHangul(surface) ? surface : undefined) ?? keywords[0] ?? "카페";
    keywords = dedupe([
      `애견동반 ${base}`,
      `펫 ${base}`,
      ...keywords.filter((k) => k !== base).map((k) => `애견동반 ${k}`),
    ]).slice(0, 4);
    english = english.map((k) => `dog friendly ${k}`);
  }

  // a broad kind under a cuisine (고기, 해물, 국수) is searched with a few of its children too: Kakao's keyword search
  // matches words, and 고기 alone misses the 삼겹살 place that never writes it (bounded: each word is a
  // provider call)
  if (!trip) {
    // only the kinds the user typed: a mood's or an occasion's dishes are chosen already
    const typed = new Set([...lex.flatMap(keywordsOf), ...treeKinds.map(treeKeyword)]);
    const broad = keywords
      .filter((k) => typed.has(k))
      .flatMap((k) => {
        const node = kindOfWord(k);
        // widened only where the children's names do not hold the word: a search for 국밥 finds 돼지국밥
        // places by itself, one for 고기 no 삼겹살 place
        return node &&
          node.path.length >= 3 &&
          node.children.length >= 3 &&
          !node.children.some((c) => c.includes(k))
          ? childrenFor(node, BROAD_CHILDREN).map((c) => koreanWordOf(kindNamed(c) ?? node))
          : [];
      });
    keywords = dedupe([...keywords, ...broad]).slice(0, MAX_KIND_KEYWORDS);
  }

  let distanceMode: StrategyType = route ? "route" : "radius";
  if (trip) distanceMode = "multi_point";
  else if (!route && distance?.kind === "travel" && (locations.length || aroundUser))
    distanceMode = "point_travel";

  if (locations.length === 0 && !aroundUser) {
    warnings.push("no location recognised in the query: the search is not limited to an area");
    confidence -= PENALTY.noLocation;
  }
  for (const l of locations.filter((l) => l.kind === "unresolved")) {
    warnings.push(
      `"${l.name}" is your own place: the plan geocodes it as written; give its address for an exact search`,
    );
  }
  if (!isHangul(query) && locations.length === 0) confidence -= PENALTY.englishNoLocation;

  const provider = locations.some((l) => l.country !== "KR") ? "google" : "kakao";
  const needsData =
    conditions.open_at !== null || conditions.sort_by !== null || conditions.max_price !== null;
  if (provider === "kakao" && needsData) warnings.push(KAKAO_HINT);
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
    review_check_keywords: dedupe(reviews).slice(0, 10),
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
    ...(hasConditions(conditions) ? { conditions } : {}),
    ...(detailKind ? { detail_request: { kind: detailKind, place: detailPlace } } : {}),
    ...(aroundUser && !locations.length ? { around_user: true } : {}),
    ...(wishes.length
      ? { wishes: wishes.map((w) => ({ name: w.wish.name, kinds: w.kinds.map((k) => k.name) })) }
      : {}),
  };
  return { result, confidence: Math.max(0, Math.min(1, confidence)), warnings, reading, unread };
}
