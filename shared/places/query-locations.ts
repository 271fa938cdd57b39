// Finds the places a query names: gazetteer hits first (multi-word names too), then words that are
// shaped like places (~역, ~동, ~구, ~공원 …) or that stand for the user's own place (숙소, 집).
import { isQuestionWord, looksPredicate } from "../korean/word-class.ts";
import {
  isPlaceName,
  lookupPlace,
  lookupRomanizedStation,
  startsPlaceName,
  type GazetteerEntry,
  type LocationKind,
} from "../geo/gazetteer.ts";
import { haversine } from "../geo/haversine.ts";
import {
  districtHead,
  inRegions,
  placesNamed,
  type NamedPlace,
  regionInside,
  regionLabel,
  regionsNamed,
  resolveInArea,
} from "../geo/area-resolve.ts";

import { looksForeign } from "./foreign.ts";
import { kindOfWord } from "./kinds.ts";
import { isMenuToken } from "./menu-words.ts";
import { isKnownWord } from "../korean/segment.ts";
import { FILLER, NEAR_NOUNS, particleVariants, type Token } from "../korean/text.ts";

export interface FoundLocation {
  name: string;
  query: string;
  kind: LocationKind;
  country: string;
  /** character span in the query, particles included */
  start: number;
  end: number;
  /** the particles that followed the name (에서, 까지, 와 …) */
  particle: string;
  entry?: GazetteerEntry;
  /** not in the gazetteer: taken from the words around it (근처, 에서, 가는 길) and geocoded as written */
  fromContext?: true;
  /** named with a wider area it does not lie in ("부산 강남역"): the area, and where places of the name are */
  outside?: { area: string; place: string; elsewhere: string[] };
}

/** Words for the user's own place: geocoded as written, with a warning to give an address. */
const SELF_PLACES = new Set([
  "숙소",
  "우리집",
  "집",
  "회사",
  "사무실",
  "호텔",
  "여기",
  "현위치",
  "내위치",
  "현재위치",
  "학교",
  "동네",
  "우리동네",
  "거기",
  "이곳",
]);

const LOCATIVE =
  /^(에서|에서부터|부터|까지|근처|주변|인근|부근|앞|쪽|에|에서는|근처에|근처에서|주변에|주변에서)/;
const NEAR_WORDS = new Set([...NEAR_NOUNS, "앞", "쪽"]);
/** After a name, these make it the place a route starts from or goes to ("X에서 Y 가는 길에"). */
const ROUTE_NEXT = /^(가는|가다가|까지|방향|쪽으로|사이)/;

/** Place-shaped endings; the short administrative ones need context to count (운동 is not a dong). */
const STRONG_SUFFIX =
  /^[가-힣A-Za-z0-9]{1,14}(역|공원|터미널|공항|해수욕장|대학교|대학|시장|타워|궁|거리|마을|섬|항|해변|폭포|한옥마을|온천|아울렛|백화점|몰)$/;
// 시, 구, 군 and 도 are all in the vendored tables: only the units below them (legal dongs and villages
// outside Seoul) are guessed from their ending
const ADMIN_SUFFIX = /^[가-힣0-9]{1,10}(동|읍|면|리|\d가)$/;
const NOT_PLACES = new Set([
  "지역",
  "구역",
  "영역",
  "무역",
  "운동",
  "이동",
  "활동",
  "감동",
  "행동",
  "자동",
  "친구",
  "가구",
  "도구",
  "입구",
  "출구",
  "요구",
  "연구",
  "시도",
  "면",
  "리",
  "가",
  "도",
  "시",
  "구",
  "동",
  "역",
  "국수",
  "라면",
  "냉면",
  "짜장면",
  "짬뽕",
  "정도",
  "가까운",
  "분위기",
  "요리",
  "마리",
  "보리",
  "오리",
  "소리",
  "자리",
  "우리",
  "머리",
  "거리",
  "평가",
  "가격",
  "휴가",
  "야시장",
  "재래시장",
  "전통시장",
  "시장",
  "수산시장",
  "어시장",
  "맛집거리",
  "먹자골목",
]);

/** A number with its counter at the start of a word (5분거리, 10km, 2박, 3번출구, 1층): a measure, no name. */
const MEASURE_FIRST =
  /^\d+(?:\.\d+)?\s?(?:분|시간|초|km|㎞|킬로|키로|m|미터|박|일|원|번|층|호|차|개|명|인|대|시|살)|^\d+$/i;

function classifySuffix(stem: string, hasContext: boolean): LocationKind | undefined {
  // a guessed name never starts with a measure: "5분거리" is a distance, "3번출구" an exit
  if (NOT_PLACES.has(stem) || MEASURE_FIRST.test(stem)) return undefined;
  if (STRONG_SUFFIX.test(stem)) return stem.endsWith("역") ? "station" : "landmark";
  // the vendored tables hold every 시군구 and 읍면동: a word merely ending in 동/면/리 is a place only in context
  if (ADMIN_SUFFIX.test(stem) && hasContext) {
    const last = stem.at(-1);
    if (last === "동" || last === "가" || last === "읍" || last === "면" || last === "리") return "dong";
    if (last === "구") return "gu";
    if (last === "도") return "province";
    return "city";
  }
  return undefined;
}

function fromEntry(
  entry: GazetteerEntry,
  surface: string,
): Pick<FoundLocation, "name" | "query" | "kind" | "country" | "entry"> {
  return { name: surface, query: entry.query, kind: entry.kind, country: entry.country, entry };
}

/**
 * @param isTerm tells whether a word is a food/activity term, so 수산시장 or 짜장면 isn't taken for a place.
 */
export function findLocations(
  tokens: Token[],
  isTerm: (word: string) => boolean,
  isFree: (start: number, end: number) => boolean = () => true,
): FoundLocation[] {
  const found: FoundLocation[] = [];
  for (const [i, tok] of tokens.entries()) {
    if (!isFree(tok.start, tok.end)) continue;
    const hit = matchAt(tokens, i, isTerm, isFree);
    if (hit) found.push(hit.location);
  }
  return mergeNested(dropOverlaps(found));
}

/** A multi-word name already covers the words after its first: their own matches go. */
function dropOverlaps(found: FoundLocation[]): FoundLocation[] {
  const out: FoundLocation[] = [];
  for (const f of found) {
    const last = out.at(-1);
    if (!last || f.start >= last.end) out.push(f);
  }
  return out;
}

// long: the readings of a word tried in order, first that holds wins (to be split by reading)
function matchAt(
  tokens: Token[],
  i: number,
  isTerm: (word: string) => boolean,
  isFree: (start: number, end: number) => boolean,
): { location: FoundLocation; width: number } | undefined {
  const tok = tokens[i];
  if (!tok) return undefined;
  // "어디야", "몇시에", "언제까지": a question word is never a place
  if (isQuestionWord(tok.text)) return undefined;
  const hall = cityHall(tokens, i);
  if (hall) return hall;
  const nested = withinRegion(tokens, i, isTerm, isFree);
  if (nested) return nested;
  // multi-word names first ("여의도 한강공원", "british museum", "new york")
  const multi = startsPlaceName(tok.text);
  // a word the dictionary knows and no place is named by (근처, 카페, 추천해줘) is no place
  if (!multi && isKnownWord(tok.text) && !isPlaceName(tok.text)) return undefined;
  for (let width = multi ? Math.min(3, tokens.length - i) : 1; width >= 1; width--) {
    const last = tokens[i + width - 1]!; // width ≤ tokens.length - i
    const head = tokens.slice(i, i + width - 1).map((t) => t.text);
    for (const { stem, particle } of particleVariants(last.text)) {
      const words = [...head, stem];
      const surface = words.join(" ");
      const span = { start: tok.start, end: last.end, particle };
      const entry = lookupPlace(surface);
      if (
        entry &&
        width === 1 &&
        entry.kind === "station" &&
        isDish(stem) &&
        !termAsStation(tokens, i, stem, particle)
      )
        continue;
      if (entry && !(width === 1 && isTerm(stem) && entry.kind !== "station" && stem.length < 3)) {
        return { location: { ...fromEntry(entry, surface), ...span }, width };
      }
      if (width > 1) continue;
      const district = districtPlace(stem);
      if (district) return { location: { ...fromEntry(district, stem), ...span }, width };
      const next = tokens[i + 1]?.text ?? "";
      // "Samsung station", "Shinchon stn": a station romanized otherwise than the tables do
      // "Hwangnidan-gil": a street, quarter or dong by a loose spelling of the name its table writes
      if (/^[A-Za-z][A-Za-z'-]{2,}-(?:gil|ro|dong|ga)$/i.test(stem)) {
        const named = lookupRomanizedStation(stem);
        if (named) return { location: { ...fromEntry(named, stem), ...span }, width };
      }
      if (/^[A-Za-z][A-Za-z'-]{2,}$/.test(stem) && /^(station|stn\.?)$/i.test(next)) {
        const station = lookupRomanizedStation(stem);
        if (station) return { location: { ...fromEntry(station, stem), ...span }, width };
      }
      const nextStem = particleVariants(next).find((v) => NEAR_WORDS.has(v.stem))?.stem;
      // after its city or gu, a word ending in 동/읍/면/리 is a place in it ("천안 신부동")
      const hasContext =
        LOCATIVE.test(particle) ||
        nextStem !== undefined ||
        next.startsWith("에서") ||
        afterRegion(tokens, i);
      if (SELF_PLACES.has(stem) && hasContext) {
        return { location: { name: stem, query: stem, kind: "unresolved", country: "KR", ...span }, width };
      }
      // "난바역": a station of a foreign place the gazetteer knows
      const abroad = stem.endsWith("역") ? lookupPlace(stem.slice(0, -1)) : undefined;
      if (abroad && abroad.country !== "KR") {
        const query = `${abroad.en} Station${abroad.city ? `, ${abroad.city}` : ""}`;
        return {
          location: { name: stem, query, kind: "foreign", country: abroad.country, entry: abroad, ...span },
          width,
        };
      }
      if (!isTerm(stem)) {
        const kind = classifySuffix(stem, hasContext);
        // every Korean station is in the vendored tables: an unknown "X역" that does not read as Korean is abroad
        if (kind === "station" && looksForeign(stem.slice(0, -1))) {
          return {
            location: { name: stem, query: stem, kind: "foreign", country: "ZZ", fromContext: true, ...span },
            width,
          };
        }
        // right after its city, before the kind, a Hangul word nothing reads is a quarter of that city the
        // tables lack (대구 시지, 인천 차이나타운): a place to locate, or to say it could not be, never dropped
        // for a search of the whole city
        const quarter =
          afterRegion(tokens, i) &&
          /^[가-힣]{2,}$/.test(stem) &&
          // the rest of a hall cut from its city (제주시 | 청앞 of 제주시청앞) is no quarter
          !/^[시구군도]?청/.test(stem) &&
          // nor a verb's form before the kind (새로생긴, 요즘뜨는), nor a dish or offer menus write (무한리필)
          !/(는|던|긴|된|진)$/.test(stem) &&
          !isMenuToken(stem) &&
          !isKnownWord(stem) &&
          particleVariants(tokens[i + 1]?.text ?? "").some((v) => kindOfWord(v.stem) !== undefined);
        const guessedKind = kind ?? (quarter ? "landmark" : undefined);
        // a station the rail tables lack, named after the one dong of its name in the country (하단역 of
        // 하단동): searched round that dong, as a dong is
        const namesake = kind === "station" ? stationDong(stem) : undefined;
        if (namesake) {
          const entry: GazetteerEntry = { ...namesake, country: "KR", national: true };
          // named as what is searched (하단동), not as the station no table places
          const location = {
            name: namesake.name,
            query: namesake.query,
            kind: "dong" as const,
            country: "KR",
            entry,
          };
          return { location: { ...location, ...span }, width };
        }
        if (guessedKind) {
          const guessed = {
            name: stem,
            query: stem,
            kind: guessedKind,
            country: "KR",
            fromContext: true as const,
          };
          return { location: { ...guessed, ...span }, width };
        }
      }
    }
    // "먹고나서 근처에서": a word in a predicate's form is no name the context could point at
    if (width === 1 && !looksPredicate(tok.text)) {
      const anchor = contextAnchor(tokens, i, isTerm, isFree);
      if (anchor) return { location: anchor, width };
    }
  }
  return undefined;
}

/**
 * A station's bare name that is also a dish's or a restaurant kind's word (국수 of 국수역, the noodles; 오리): the station only where
 * the words around it make it a place (국수역, 국수 근처, 국수에서, after a region: 양평 국수); else the kind
 * ("고기국수 맛집", "국수 맛집").
 */
const isDish = (word: string) => kindOfWord(word)?.code === "FD6";

function termAsStation(tokens: Token[], i: number, stem: string, particle: string): boolean {
  if (stem.endsWith("역")) return true;
  const next = tokens[i + 1]?.text ?? "";
  const nearNext = particleVariants(next).some((v) => NEAR_WORDS.has(v.stem));
  return LOCATIVE.test(particle) || nearNext || next.startsWith("에서") || afterRegion(tokens, i);
}

/** The one dong of the country a station's name stands for (하단역: 사하구 하단동), else undefined. */
function stationDong(stem: string): NamedPlace | undefined {
  const dongs = placesNamed(stem).filter((p) => p.kind === "dong");
  return dongs.length === 1 ? dongs[0] : undefined;
}

/** 상무지구, 수완지구, 동탄신도시: the station, dong or landmark a development district is named after. */
function districtPlace(stem: string): GazetteerEntry | undefined {
  const head = districtHead(stem);
  if (!head) return undefined;
  for (const name of [head, `${head}동`, `${head}역`]) {
    const e = lookupPlace(name);
    if (e && e.country === "KR" && ["station", "dong", "landmark"].includes(e.kind)) return e;
  }
  return undefined;
}

const few = (names: string[]) => (names.length <= 3 ? names : []);

/** A word that may name a 시도 or 시군구 (checked before the hierarchy's tables are built for it). */
function mayBeRegion(word: string): boolean {
  if (/^[가-힣]{2,}$/.test(word) === false) return false;
  const kindOf = (w: string) => lookupPlace(w)?.kind;
  const region = (k: LocationKind | undefined) => k === "city" || k === "gu" || k === "province";
  return region(kindOf(word)) || region(kindOf(`${word}구`)) || region(kindOf(`${word}시`));
}

/** Shaped like a place a region holds (a station, a dong, a landmark the gazetteer knows), not a kind. */
const placeShaped = (stem: string) =>
  /[가-힣](역|동|읍|면|\d가)$/.test(stem) ||
  ["station", "dong", "landmark"].includes(lookupPlace(stem)?.kind ?? "");

/**
 * "강릉 교동", "해운대 송정", "대구 수성구 범어동", "관악구 신사동": region words, then a place the
 * administrative hierarchy puts inside them — the namesake there, not the best-known one. Left to the
 * gazetteer when its own reading of the name already lies inside (부산 서면). A place-shaped name with no
 * namesake inside the regions ("부산 강남역") is returned as `outside`: never moved into them silently.
 */
function withinRegion(
  tokens: Token[],
  i: number,
  isTerm: (word: string) => boolean,
  isFree: (start: number, end: number) => boolean,
): { location: FoundLocation; width: number } | undefined {
  const regions: string[] = [];
  for (let k = i; k < Math.min(i + 3, tokens.length - 1); k++) {
    const word = tokens[k]!.text;
    if (!isFree(tokens[k]!.start, tokens[k]!.end) || !mayBeRegion(word) || !regionsNamed(word).length) return;
    regions.push(word);
    const next = tokens[k + 1]!;
    if (!isFree(next.start, next.end)) continue;
    // 대구 수성구 …: one more region; a region word that lies elsewhere names the place of its name
    // inside the regions before it where there is one (대구 칠곡: 북구's 칠곡동, not 경북 칠곡군)
    if (
      mayBeRegion(next.text) &&
      (regionInside(next.text, regions) || !resolveInArea(regions, next.text)?.inside)
    )
      continue;
    for (const { stem, particle } of particleVariants(next.text)) {
      // a kind's word is no place (부산 카페), unless shaped like one (은행동 holds 은행, 대전 은행동 a dong)
      // a word that only holds a kind's letters (장유 holds 유) is the place of its name inside them
      const inside = () => !kindOfWord(stem) && resolveInArea(regions, stem)?.inside === true;
      if (isTerm(stem) && !placeShaped(stem) && !inside()) continue;
      const r = resolveInArea(regions, stem);
      // a name with no namesake inside is taken as that place only when shaped like one (송정역, 교동)
      if (!r || (!r.inside && !placeShaped(stem))) continue;
      const known = lookupPlace(stem);
      const name = [...regions, stem].join(" ");
      const span = { start: tokens[i]!.start, end: next.end, particle };
      const width = k - i + 2;
      if (r.inside && known && inRegions(known, r.regions)) {
        // the gazetteer's reading is inside: its own reading of the pair stands where it reads the region
        // words as regions (부산 서면); one it reads otherwise (송파 is 송파역 to it) would lose the place
        if (regions.every((w) => REGION_KINDS.has(lookupPlace(w)?.kind ?? "station"))) return;
        const location = { ...fromEntry(known, name), ...span };
        return { location, width };
      }
      if (!r.inside) {
        // a region word that is also a place of its own (종로 is 종로3가 to the gazetteer) before a known
        // place that does not lie in it is a list of two places ("건대 종로 서울대입구역"), not a contradiction
        if (known && regions.some((w) => !REGION_KINDS.has(lookupPlace(w)?.kind ?? "city"))) return;
        const outside = {
          area: regionLabel(r.regions),
          place: stem,
          // where the name's namesakes are, when few enough to name (중앙동 is in dozens of cities)
          elsewhere: few([...new Set(r.elsewhere.map((p) => p.query))]),
        };
        const kind = r.elsewhere[0]!.kind;
        return { location: { name, query: name, kind, country: "KR", outside, ...span }, width };
      }
      const p = r.place;
      const entry: GazetteerEntry = { ...p, country: "KR", national: true };
      return { location: { name, query: p.query, kind: p.kind, country: "KR", entry, ...span }, width };
    }
    return;
  }
  return;
}

/** A Korean 시도 or 시군구 the query names on its own ("제주시", "해운대구"), not a place guessed from its words. */
export const isNamedRegion = (f: FoundLocation): boolean =>
  f.country === "KR" && !f.fromContext && f.entry !== undefined && REGION_KINDS.has(f.kind);

/**
 * The place lies in the region the query names: by the administrative hierarchy (the 시도 or 시군구 its
 * point lies in), else within the distance a place written after a region may lie from its centre. A
 * place guessed from its words (no point of its own) is taken to be where it is said to be.
 */
export function liesIn(place: FoundLocation, region: FoundLocation): boolean {
  if (!place.entry || place.fromContext || !region.entry) return true;
  const named = regionsNamed(region.name);
  if (named.length) return named.some((r) => inRegions(place.entry!, [r]));
  return haversine(place.entry, region.entry) <= (NESTED_WITHIN_M[region.kind] ?? NESTED_WITHIN_DEFAULT_M);
}

const HALLS = new Set(["시청", "구청", "군청", "도청"]);
const HALL = /^([가-힣]{1,8}?)(시청|구청|군청|도청)$/;
const REGION_KINDS = new Set<LocationKind>(["city", "gu", "province"]);

/** The region a hall's name starts with: 세종 of 세종시청, 마포구 of 마포구청 (마포 alone is a station). */
function hallRegion(prefix: string, hall: string): GazetteerEntry | undefined {
  for (const name of [prefix, `${prefix}${hall[0]}`]) {
    const e = lookupPlace(name);
    if (e && e.country === "KR" && REGION_KINDS.has(e.kind)) return e;
  }
  return undefined;
}

/**
 * "세종시청", "수원 시청", "마포구청": a region and its 시청/구청/군청/도청 is that hall, never a station named
 * like it (Seoul's 시청역, 강남구청역). Taken from the gazetteer when it lists the hall (서울시청), else
 * geocoded as written.
 */
function cityHall(tokens: Token[], i: number): { location: FoundLocation; width: number } | undefined {
  const tok = tokens[i]!;
  const next = tokens[i + 1];
  let found: { name: string; width: number; particle: string } | undefined;
  // most words hold no hall: the region is looked up only when one follows
  const v =
    next && /^[시구군도]청/.test(next.text)
      ? particleVariants(next.text).find((x) => HALLS.has(x.stem))
      : undefined;
  if (v && hallRegion(tok.text, v.stem)) found = { name: tok.text + v.stem, width: 2, particle: v.particle };
  if (!found && /[시구군도]청/.test(tok.text)) {
    for (const { stem, particle } of particleVariants(tok.text)) {
      const m = HALL.exec(stem);
      if (m && hallRegion(m[1]!, m[2]!)) {
        found = { name: stem, width: 1, particle };
        break;
      }
    }
  }
  if (!found) return undefined;
  const last = tokens[i + found.width - 1]!;
  const span = { start: tok.start, end: last.end, particle: found.particle };
  const entry = lookupPlace(found.name);
  const location: FoundLocation =
    entry && entry.kind === "landmark"
      ? { ...fromEntry(entry, found.name), ...span }
      : { name: found.name, query: found.name, kind: "landmark", country: "KR", fromContext: true, ...span };
  return { location, width: found.width };
}

/**
 * A name the gazetteer lacks, taken from the words around it: before 근처/주변/앞, with 에서, or before
 * 가는/까지 in a route ("태종대 근처", "63빌딩에서 여의도역 가는 길에"). Geocoded as written.
 */
function contextAnchor(
  tokens: Token[],
  i: number,
  isTerm: (word: string) => boolean,
  isFree: (start: number, end: number) => boolean,
): FoundLocation | undefined {
  const tok = tokens[i];
  if (!tok) return undefined;
  const next = tokens[i + 1]?.text ?? "";
  // the last word is what the query searches for ("…근처 휘낭시에"), not where
  if (isTerm(tok.text) || isKnownWord(tok.text) || i === tokens.length - 1) return undefined;
  const nearNext = particleVariants(next).some((v) => NEAR_WORDS.has(v.stem));
  // a street after its city or gu ("광주 충장로", "성남 판교역로"): the whole word, 로 is no particle here
  const prev = lookupPlace(tokens[i - 1]?.text ?? "");
  if (prev && ["city", "gu", "province"].includes(prev.kind) && /[가-힣]{2,}(대로|로|길)$/.test(tok.text)) {
    return {
      name: tok.text,
      query: tok.text,
      kind: "landmark",
      country: prev.country,
      fromContext: true,
      start: tok.start,
      end: tok.end,
      particle: "",
    };
  }
  // "방콕 실롬 퀘사디아": after a city abroad, an unknown name before another unknown word is a district of
  // it (the later word is what is searched; "방콕 카오팟 맛집" names no district, nor does "방콕 팁싸마이
  // 리뷰", whose last word the request already took)
  const after = tokens[i + 1];
  const district =
    after !== undefined &&
    isFree(after.start, after.end) &&
    prev?.kind === "foreign" &&
    !prev.city &&
    isNameLike(next) &&
    !isTerm(next) &&
    !isKnownWord(next) &&
    !isPlaceName(next);
  for (const { stem, particle } of particleVariants(tok.text)) {
    const hasContext = LOCATIVE.test(particle) || nearNext || next.startsWith("에서") || district;
    // 로 ends a route only before a word of going ("강릉으로 가는"), else it may be a street's 로
    const routeEnd =
      ROUTE_NEXT.test(next) ||
      particle === "까지" ||
      (/^(으로|로)$/.test(particle) && /^(가는|가다가|향하는)/.test(next));
    if (!(hasContext || routeEnd) || !isNameLike(stem) || isTerm(stem) || isKnownWord(stem)) continue;
    // a name that does not read as Korean ("스미냑 근처", "우붓에서") is taken for a place abroad, as an
    // unknown "X역" is: a guess, which the plan's confidence says (rules.ts)
    const foreign = /^[가-힣]+$/.test(stem) && looksForeign(stem);
    return {
      name: stem,
      query: stem,
      kind: foreign ? "foreign" : "landmark",
      country: foreign ? "ZZ" : "KR",
      fromContext: true,
      start: tok.start,
      end: tok.end,
      particle,
    };
  }
  return undefined;
}

function afterRegion(tokens: Token[], i: number): boolean {
  const prev = tokens[i - 1]?.text;
  return prev !== undefined && ["city", "gu", "province"].includes(lookupPlace(prev)?.kind ?? "");
}

/** A word that can be a place name the gazetteer lacks (태종대, 스미냑): not a request, number or filler. */
function isNameLike(stem: string): boolean {
  return (
    stem.length >= 2 &&
    /^[가-힣A-Za-z0-9]+$/.test(stem) &&
    !/^\d/.test(stem) &&
    !FILLER.has(stem.toLowerCase()) &&
    !NOT_PLACES.has(stem) &&
    !/(하기|하는|좋은|있는|되는|먹을|갈만한|싶은|요일|시간)$/.test(stem)
  );
}

/**
 * How far from its region's centre a place written after the region may lie and still be read as inside
 * it: a gu is a few km across; a city's centre can be tens of km from its edge (제주시 to 성산 is 38 km).
 */
const NESTED_WITHIN_DEFAULT_M = 30_000;
const NESTED_WITHIN_M: Partial<Record<LocationKind, number>> = {
  gu: 30_000,
  dong: 30_000,
  city: 40_000,
  province: 150_000,
};

/**
 * "마포구 망원동", "교토 기요미즈데라": a region followed by a place inside it is one location, named
 * by the specific part and geocoded with both.
 */
function mergeNested(found: FoundLocation[]): FoundLocation[] {
  const out: FoundLocation[] = [];
  for (const found_ of found) {
    const prev = out.at(-1);
    // after a Korean region ("하남 스타필드 근처"), a name guessed foreign from its sound is in that region
    const loc: FoundLocation =
      prev?.country === "KR" && found_.fromContext && found_.country === "ZZ"
        ? { ...found_, country: "KR", kind: found_.name.endsWith("역") ? "station" : "landmark" }
        : found_;
    const adjacent = prev && prev.particle === "" && loc.start - prev.end <= 1;
    // a dong is broad for a landmark in it ("익선동 한옥거리"), not for another dong or a station
    const broad =
      prev &&
      (["city", "province", "gu", "foreign"].includes(prev.kind) ||
        (prev.kind === "dong" && loc.kind === "landmark"));
    const inside =
      prev &&
      (prev.kind === "foreign"
        ? loc.fromContext ||
          (loc.kind === "foreign" &&
            loc.entry?.city !== undefined &&
            prev.entry?.en !== undefined &&
            (loc.entry.city === prev.entry.en || loc.country === prev.country))
        : loc.country === "KR" && loc.kind !== "city" && loc.kind !== "province");
    // "세종 시청": a namesake far from the region (Seoul's 시청역) is not inside it
    const near =
      !prev?.entry ||
      !loc.entry ||
      prev.country !== "KR" ||
      haversine(prev.entry, loc.entry) <= (NESTED_WITHIN_M[prev.kind] ?? NESTED_WITHIN_DEFAULT_M);
    if (prev && adjacent && broad && inside && near) {
      // a place the gazetteer lacks is geocoded as written, with its region as context ("스미냑, Bali")
      const abroad = prev.kind === "foreign";
      const query = abroad
        ? loc.fromContext
          ? `${loc.query}, ${prev.entry?.en ?? prev.query}`
          : loc.query
        : `${prev.name} ${loc.entry?.kind === "dong" ? loc.name : loc.query}`;
      const merged = abroad && loc.fromContext ? { kind: "foreign" as const, country: prev.country } : {};
      out[out.length - 1] = { ...loc, ...merged, name: `${prev.name} ${loc.name}`, query, start: prev.start };
      continue;
    }
    // "대전 강남": a Korean region written right before a place the gazetteer puts far outside it is asked
    // about (the answer says the place is not in the region), never silently searched at the place alone
    if (prev && adjacent && broad && inside && !near && prev.kind !== "foreign" && loc.entry) {
      const outside = { area: prev.name, place: loc.name, elsewhere: [loc.entry.query] };
      out[out.length - 1] = {
        ...loc,
        name: `${prev.name} ${loc.name}`,
        query: `${prev.name} ${loc.name}`,
        start: prev.start,
        outside,
      };
      continue;
    }
    out.push(loc);
  }
  return out;
}
