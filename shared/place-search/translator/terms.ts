// The translator's kind passes: what kind of place the words ask for (context words, the lexicon,
// the vocabulary of kinds, moods, occasions, wishes, pets) and the keywords each adds to the search.
import type { KakaoCategoryCode } from "../../places/categories.ts";
import { LEXICON, type LexEntry } from "../../places/lexicon.ts";
import {
  matchContext,
  matchLexicon,
  matchMoods,
  matchPets,
  matchReview,
  matchKinds,
  matchKindPhrases,
  matchWishes,
} from "../../places/query-terms.ts";
import { isHangul } from "../../korean/text.ts";
import { GENERIC_WORD } from "../../places/generic-words.ts";
import {
  childrenFor,
  isNarrower,
  kindNamed,
  kindOfWord,
  readWish,
  type Kind,
  type WishReading,
} from "../../places/kinds.ts";
import { dedupe, type Draft } from "./draft.ts";
import type { TripAsk } from "./measures.ts";

/** At most this many kinds a wish adds to the search: each is a keyword search of its own. */
const WISH_KINDS = 3;
/** Children of a broad kind searched beside it, and the keywords a plan sends in all. */
const BROAD_CHILDREN = 2;
const MAX_KIND_KEYWORDS = 6;

/** A kind of the tree is searched by the Korean word typed, else by a Korean word of its node. */
function treeKeyword(m: { value: Kind; surface: string }): string {
  if (isHangul(m.surface)) return searchWord(m.value, m.surface);
  return koreanWordOf(m.value);
}

/**
 * A Korean word as searched: another way to say a node ("인도커리" of 인도음식, "이탈리안 레스토랑" of
 * 이탈리안) by the node's own name, which category paths and a provider's index hold; the node's name,
 * a part of a comma node (보쌈 of 족발,보쌈), a short form inside the name (글램핑 of 글램핑장: the
 * wider text) or a word narrower than any node as written.
 */
function searchWord(k: Kind, surface: string): string {
  const fold = (w: string) => w.replace(/\s+/g, "").toLowerCase();
  const [s, name] = [fold(surface), fold(k.name)];
  if (s === name || name.includes(s) || k.name.includes(",") || !k.words.some((w) => fold(w) === s))
    return surface;
  // the name and more: a shop word adds nothing (이탈리안 레스토랑), a dish word does (순대국 of 순대)
  if (s.startsWith(name)) return PLACE_WORD.test(s.slice(name.length)) ? k.name : surface;
  return k.name;
}

/** Words after a kind that name a place of it, nothing more ("레스토랑", "집", "전문점"). */
const PLACE_WORD = /^(레스토랑|restaurant|식당|집|전문점|가게|샵|하우스)$/;

/** A node's Korean word for a keyword: its name, or a part of a comma name ("육류,고기" → 육류). */
const koreanWordOf = (k: Kind): string => k.words.find((w) => isHangul(w) && !w.includes(",")) ?? k.name;

/** A kind before a clause is when, not what: "연극 끝나고 밥 먹을 곳" searches food, not theatres. */
const CLAUSE_NEXT = /^(?:끝나|보고|본\s?(?:후|뒤|다음)|하고\s?나|하기\s?전|전에|후에|다음에|마치고)/;

export const TRIP_ROLE_BY_KIND: Partial<Record<LexEntry["kind"], string>> = {
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
  // another way to say a kind is searched by the kind's name (인도커리 → 인도음식)
  const word = own && isHangul(m.surface) ? searchWord(own, m.surface) : m.surface;
  if (own && entry && isHangul(m.surface) && isNarrower(own, entry)) return [word];
  // a word that is a kind of its own, not the entry's (브런치카페 is a 브런치 place, not any 카페)
  if (own && entry && isHangul(m.surface) && own !== entry && !isNarrower(entry, own)) return [word];
  if (word !== m.surface) return [word];
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

/** The words for what is searched: kinds, dishes, moods, occasions and wishes. */
export interface WordsRead {
  kinds: ReturnType<typeof matchContext>;
  occasions: ReturnType<typeof matchContext>;
  generic: boolean;
  pets: boolean;
  reviews: string[];
  /** lexicon matches searched (generic ones dropped beside a specific kind or a mood) */
  lex: ReturnType<typeof matchLexicon>;
  /** every lexicon match, generic ones too (they still name a trip's roles) */
  named: ReturnType<typeof matchLexicon>;
  treeKinds: ReturnType<typeof matchKinds>;
  specific: boolean;
  moods: ReturnType<typeof matchMoods>;
  wishes: WishReading[];
}

/** What the plan searches for, in Korean and abroad. */
export interface Terms {
  keywords: string[];
  english: string[];
  codes: KakaoCategoryCode[];
  activities: string[];
}

/** Numbers and the words around them are not keywords. */
const MEASURE_WORDS =
  /\d+(?:\.\d+)?\s*(?:minutes?|mins?|hours?|nights?|days?|km|㎞|킬로미터|킬로|키로|m|미터|분|시간|박|일|원|번\s*출구)?/gi;

/** What kind of place is searched: context words, praise, pets, reviews, the lexicon, kinds, moods, wishes. */
export function readWords(d: Draft): WordsRead {
  const { q, query } = d;
  // words that change the kind (동물병원, 소아과) or say what the place is for (뒤풀이, 회식, 공부)
  const context = matchContext(q);
  const kinds = context.filter((c) => c.value.role === "kind");
  const occasions = context.filter((c) => c.value.role === "occasion");
  for (const m of query.matchAll(MEASURE_WORDS)) q.claim(m.index, m.index + m[0].length, "measure");
  // praise and requests ("맛집", "추천", "유명한"): never a keyword beside a kind; alone, food places
  const generic = q.take(GENERIC_WORD, "filler").length > 0;
  const pets = matchPets(q).length > 0;
  const reviews = [...matchReview(q).map((r) => r.value), ...context.flatMap((c) => c.value.review)];
  // kinds written in two words first ("craft beer", "중앙아시아 음식"): the longest reading wins
  const phrases = matchKindPhrases(q);
  // the compound is the dish: 돼지국밥 is a 국밥 named more precisely, searched as written
  const named = q.compounds(matchLexicon(q).map((m) => q.compound(m)));
  // kinds the lexicon has no entry for, from the vocabulary of kinds (세탁소, 소품샵, 텐동)
  // (only where something is left to read: most queries are read whole by then)
  const leftToRead = q.leftovers().some((w) => w.length >= 2);
  const treeKinds = [
    ...phrases,
    ...(leftToRead ? q.compounds(matchKinds(q).map((m) => q.compound(m))) : []),
  ].filter((m) => !CLAUSE_NEXT.test(query.slice(m.end).trimStart()));
  const specific =
    kinds.length > 0 ||
    treeKinds.length > 0 ||
    named.some((m) => ["food", "drink", "cafe", "place"].includes(m.value.kind) && !m.value.generic);
  // "이탈리안 레스토랑", "한식 음식점": beside a kind, a word for any food place adds nothing to the
  // search (it still names a role of a trip: "군산 볼거리 먹거리 카페")
  const moods = specific ? [] : matchMoods(q);
  // occasions, weather and activities ("비 오는 날", "아이랑", "해장"): they ask for kinds
  const wishes = matchWishes(q).map((m) => readWish(m.value));
  const lex = specific || moods.length ? named.filter((m) => !m.value.generic) : named;
  return { kinds, occasions, generic, pets, reviews, lex, named, treeKinds, specific, moods, wishes };
}

/**
 * "wine bar", "cocktail bar", "디저트 카페": a kind written before a broader one it lies under is the
 * kind asked; the broader word is its head, not a second kind to search (술집 beside 와인바 would
 * show any bar). The broader match is dropped where the two are side by side.
 */
function withoutHeads<T extends { start: number; end: number; value: LexEntry; surface: string }>(
  lex: T[],
): T[] {
  const kindOf = (m: T) => keywordsOf(m).map((k) => kindOfWord(k))[0];
  return lex.filter((m, i) => {
    const before = lex[i - 1];
    if (!before || m.start - before.end > 1) return true;
    const [narrow, broad] = [kindOf(before), kindOf(m)];
    return !(narrow && broad && isNarrower(narrow, broad));
  });
}

/** The keywords, English keywords and categories of the kinds read. */
export function kindTerms({ kinds, lex: all, treeKinds }: WordsRead): Terms {
  const lex = withoutHeads(all);
  return {
    keywords: dedupe([
      ...kinds.flatMap((c) => c.value.keywords),
      ...lex.flatMap(keywordsOf),
      ...treeKinds.map(treeKeyword),
    ]),
    english: dedupe([
      ...kinds.flatMap((c) => c.value.en),
      ...lex.flatMap((m) => (m.value.korean ? keywordsOf(m) : [m.value.en])),
      // a dish typed in Korean is searched as written abroad too (분짜); a category by its English name
      ...treeKinds.map((m) =>
        isHangul(m.surface) && (!m.value.children.length || m.surface !== m.value.name)
          ? m.surface
          : (m.value.en ?? treeKeyword(m)),
      ),
    ]),
    codes: dedupe([
      ...kinds.flatMap((c) => c.value.codes),
      ...lex.flatMap((m) => m.value.codes),
      ...treeKinds.flatMap((m) => (m.value.code ? [m.value.code] : [])),
    ]),
    activities: dedupe(lex.filter((m) => m.value.kind === "activity").flatMap(keywordsOf)),
  };
}

/** A mood ("분위기 좋은") asks for its dishes, at food places. */
export function withMoods({ moods }: WordsRead, t: Terms): Terms {
  let { keywords, english } = t;
  const codes = [...t.codes];
  for (const mood of moods) {
    keywords = dedupe([...keywords, ...mood.value.keywords]);
    english = dedupe([...english, ...mood.value.keywords.map(englishFor)]);
    if (!codes.includes("FD6")) codes.push("FD6");
  }
  return { ...t, keywords, english, codes };
}

/** An occasion names the kind of place only when nothing more specific did ("회식하기 좋은 삼겹살집" keeps 삼겹살). */
export function withOccasions({ specific, moods, occasions }: WordsRead, t: Terms): Terms {
  if (specific || moods.length) return t;
  let { keywords, english } = t;
  const codes = [...t.codes];
  for (const o of occasions) {
    keywords = dedupe([
      ...keywords.filter((k) => !["맛집", "음식점"].includes(k) || o.value.keywords.includes(k)),
      ...o.value.keywords,
    ]);
    english = dedupe([...english, ...o.value.en]);
    for (const c of o.value.codes) if (!codes.includes(c)) codes.push(c);
  }
  return { ...t, keywords, english, codes };
}

/** A wish names the kinds when nothing else did ("우천시 가볼만한 곳" → indoor places). */
export function withWishes({ specific, moods, occasions, wishes }: WordsRead, t: Terms): Terms {
  if (specific || moods.length || occasions.length || !wishes.length) return t;
  const asked = dedupe(wishes.flatMap((w) => w.kinds)).slice(0, WISH_KINDS);
  const codes = [...t.codes];
  for (const k of asked) if (k.code && !codes.includes(k.code)) codes.push(k.code);
  return {
    ...t,
    keywords: dedupe([
      ...t.keywords.filter((k) => !["맛집", "음식점", "관광지"].includes(k)),
      ...asked.map((k) => koreanWordOf(k)),
    ]),
    english: dedupe([...t.english.filter((k) => k !== "restaurants"), ...asked.map((k) => k.en ?? k.name)]),
    codes,
  };
}

/** A wish rules out the kinds it excludes. */
export function withRuledOut({ wishes }: WordsRead, t: Terms): Terms {
  const ruledOut = new Set(wishes.flatMap((w) => w.wish.notKinds ?? []));
  return ruledOut.size
    ? { ...t, keywords: t.keywords.filter((k) => !ruledOut.has(kindOfWord(k)?.name ?? k)) }
    : t;
}

/** With pets: the word as written when it is Korean ("애견동반 브런치"), else its Korean keyword ("cafe" → 카페). */
export function withPets({ pets, lex }: WordsRead, t: Terms): Terms {
  if (!pets) return t;
  const surface = lex[0]?.surface;
  const base = (surface && isHangul(surface) ? surface : undefined) ?? t.keywords[0] ?? "카페";
  return {
    ...t,
    keywords: dedupe([
      `애견동반 ${base}`,
      `펫 ${base}`,
      ...t.keywords.filter((k) => k !== base).map((k) => `애견동반 ${k}`),
    ]).slice(0, 4),
    english: t.english.map((k) => `dog friendly ${k}`),
  };
}

/**
 * A broad kind under a cuisine (고기, 해물, 국수) is searched with a few of its children too: Kakao's
 * keyword search matches words, and 고기 alone misses the 삼겹살 place that never writes it (bounded:
 * each word is a provider call). Only the kinds the user typed: a mood's or an occasion's dishes are
 * chosen already.
 */
export function widenBroadKinds({ lex, treeKinds }: WordsRead, t: Terms, trip: TripAsk | null): Terms {
  // a trip's roles are chosen already
  if (trip) return t;
  const typed = new Set([...lex.flatMap(keywordsOf), ...treeKinds.map(treeKeyword)]);
  const broad = t.keywords
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
  return { ...t, keywords: dedupe([...t.keywords, ...broad]).slice(0, MAX_KIND_KEYWORDS) };
}
