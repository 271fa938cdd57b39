// Food words: cuisines (002's 한식, 일식, 중식, 양식, 퓨전요리 …), the dishes that stand for them when a
// crawl has no category, menu synonyms from the place-search lexicon (돈까스 = 돈가스, 맥주집 = 맥주 =
// 호프), and the dish dictionary the rules enrichment reads reviews with (review_food).
import { LEXICON } from "../places/lexicon.ts";
import { squash } from "../korean/normalize.ts";
import { isNarrower, kindOfWord, narrowerWords } from "../places/kinds.ts";

interface Cuisine {
  value: string;
  /** how people write it */
  terms: string[];
  /** dishes that show a restaurant serves it, for documents without a category */
  dishes: string[];
}

export const CUISINES: Cuisine[] = [
  {
    value: "한식",
    terms: ["한식", "한식집", "한정식", "한국음식", "한국 음식"],
    dishes: [
      "국밥",
      "김치찌개",
      "된장찌개",
      "불고기",
      "비빔밥",
      "백반",
      "삼겹살",
      "갈비",
      "냉면",
      "칼국수",
      "해장국",
      "설렁탕",
      "보쌈",
      "족발",
      "곱창",
      "순댓국",
      "감자탕",
      "제육볶음",
      "찜닭",
    ],
  },
  {
    value: "일식",
    terms: ["일식", "일식집", "일본음식", "일본 음식", "일본식", "일본요리"],
    dishes: [
      "초밥",
      "스시",
      "사시미",
      "라멘",
      "우동",
      "소바",
      "돈가스",
      "돈까스",
      "가츠동",
      "규동",
      "텐동",
      "오마카세",
      "이자카야",
      "사케",
    ],
  },
  {
    value: "중식",
    terms: ["중식", "중국집", "중국음식", "중국 음식", "중화요리", "중식당"],
    dishes: [
      "짜장면",
      "짬뽕",
      "탕수육",
      "마라탕",
      "마라샹궈",
      "딤섬",
      "양꼬치",
      "깐풍기",
      "유린기",
      "볶음밥",
    ],
  },
  {
    value: "양식",
    terms: ["양식", "양식집", "서양음식", "서양 음식", "이탈리안", "경양식"],
    dishes: ["파스타", "피자", "스테이크", "리조또", "버거", "햄버거", "브런치", "샐러드", "감바스"],
  },
  { value: "분식", terms: ["분식", "분식집"], dishes: ["떡볶이", "김밥", "순대", "라볶이", "튀김", "어묵"] },
  {
    value: "아시아음식",
    terms: ["아시아음식", "아시아 음식", "동남아음식", "동남아 음식", "동남아", "아시안"],
    dishes: ["쌀국수", "팟타이", "커리", "카레", "분짜", "똠얌꿍", "나시고렝", "월남쌈", "반미"],
  },
  { value: "퓨전요리", terms: ["퓨전요리", "퓨전 요리", "퓨전"], dishes: [] },
];

const CUISINE_BY_TERM = new Map<string, string>();
for (const c of CUISINES) for (const t of c.terms) CUISINE_BY_TERM.set(squash(t), c.value);

/** "일식집" → 일식; undefined when the word is not a cuisine. */
export function canonicalCuisine(word: string): string | undefined {
  return CUISINE_BY_TERM.get(squash(word));
}

/** What a cuisine filter matches: its name (in a category or review_food) or one of its dishes. */
export function cuisineTerms(cuisine: string): string[] {
  const c = CUISINES.find((x) => x.value === cuisine);
  return c ? [c.value, ...c.dishes] : [cuisine];
}

/** word → the Hangul words of its lexicon entry, so a menu filter meets the way a menu is written */
const MENU_SYNONYMS = new Map<string, string[]>();
/** dishes, not venues (포장마차, 술집, 와인바) and not the bare word 고기: what review_food may hold */
const LEXICON_DISHES = new Set<string>();
for (const e of LEXICON) {
  if (e.generic || !["food", "drink", "cafe"].includes(e.kind)) continue;
  const words = [...e.keywords, ...e.terms.map((t) => t.replace(/^=/, ""))].filter(
    (w) => /^[가-힣]+$/.test(w) && w.length >= 2,
  );
  for (const w of words) {
    MENU_SYNONYMS.set(w, [...new Set([...(MENU_SYNONYMS.get(w) ?? []), ...words])]);
    if (!/(집|전문점|마차|포차|바|펍|호프)$/.test(w) && w !== "고기") LEXICON_DISHES.add(w);
  }
}

/** "돈까스" → [돈까스, 돈가스, 돈카츠]; a word the lexicon does not know stands for itself. */
export function menuTerms(menu: string): string[] {
  const w = squash(menu);
  // a broad kind accepts the kinds under it (고기: 삼겹살, 한우 …); a narrow one stays narrow
  const kind = kindOfWord(w);
  const narrower = kind ? narrowerWords(kind, MAX_KIND_TERMS) : [];
  // a lexicon synonym that names a broader kind (한식 beside 한정식) would widen a narrow filter
  const synonyms = (MENU_SYNONYMS.get(w) ?? []).filter((s) => {
    const broader = kindOfWord(s);
    return !kind || !broader || !isNarrower(kind, broader);
  });
  return [...new Set([w, ...synonyms, ...narrower])];
}

/** The words one kind filter may send: enough for a broad kind's branches, bounded for the query's size. */
const MAX_KIND_TERMS = 32;

/** Menu names as dishes: "양념게장정식+된장찌개(1인분)" → [양념게장정식, 양념게장, 된장찌개]. */
export function dishesOfMenuName(name: string): string[] {
  const out: string[] = [];
  for (const part of name.split(/[+&/]|\s와\s|\s및\s/)) {
    const base = part
      .replace(/\(.*?\)|\[.*?\]/g, "")
      .replace(/\d+\s*(인분|개|pcs|g|ml)\b/gi, "")
      .trim();
    if (base.length < 2 || !/[가-힣]/.test(base)) continue;
    out.push(base);
    const stem = base.replace(/\s?(정식|세트|set|스페셜|특|대|중|소)$/i, "").trim();
    if (stem !== base && stem.length >= 2) out.push(stem);
  }
  return [...new Set(out)];
}

/** Dishes the rules look for in reviews: the lexicon's foods and the cuisines' dishes. */
const DICTIONARY = [
  ...new Set([
    ...LEXICON_DISHES,
    ...CUISINES.flatMap((c) => c.dishes),
    ...[
      "모듬전",
      "김치전",
      "해물파전",
      "감자전",
      "동그랑땡",
      "계란말이",
      "제육볶음",
      "오징어볶음",
      "닭볶음탕",
      "갈치조림",
      "고등어구이",
      "생선구이",
      "양념게장",
      "간장게장",
      "된장찌개",
      "순두부찌개",
      "부대찌개",
      "만두",
      "수육",
      "육회",
      "물회",
      "비빔냉면",
      "물냉면",
      "잔치국수",
      "콩국수",
      "전복죽",
      "호박죽",
      "닭갈비",
      "닭한마리",
      "치킨",
      "통닭",
      "부침개",
      "빈대떡",
      "파전",
      "막걸리",
      "소주",
      "맥주",
      "하이볼",
      "와인",
      "커피",
      "디저트",
      "케이크",
    ],
  ]),
].filter((w) => w.length >= 2);

/** Any Hangul word ending like a dish (오리탕, 갈비찜, 해물볶음), minus words that only look like one. */
const DISH_SUFFIX = "(?:탕|찌개|구이|볶음|조림|찜|전골|덮밥|국수|냉면|무침)";
const DISH_SHAPE = new RegExp(
  `[가-힣]{1,5}${DISH_SUFFIX}(?![가-힣])|[가-힣]{1,5}${DISH_SUFFIX}(?=[은는이가을를도랑과와에의빼만])`,
  "gu",
);
const NOT_DISHES = /^(설탕|사탕|목욕탕|온탕|냉탕|대중탕|한탕|찜질|왕창)/;

const byLengthDown = (a: string, b: string) => b.length - a.length;
/** The dictionary, longest names first (a stable sort: names of a length keep their order). */
const DICTIONARY_LONGEST_FIRST = [...DICTIONARY].sort(byLengthDown);

/**
 * The names findDishes tries, longest first: the menu's dishes and the dictionary's, a name of a length
 * from the menu before one from the dictionary. The dictionary is sorted once; a record's menu (a few
 * names) is merged into it, not the whole list sorted again for every record.
 */
function longestFirst(menuDishes: readonly string[]): readonly string[] {
  if (!menuDishes.length) return DICTIONARY_LONGEST_FIRST;
  const menu = [...new Set(menuDishes)].sort(byLengthDown);
  const onMenu = new Set(menu);
  const out: string[] = [];
  let i = 0;
  for (const word of DICTIONARY_LONGEST_FIRST) {
    if (onMenu.has(word)) continue;
    while (i < menu.length && menu[i]!.length >= word.length) out.push(menu[i++]!);
    out.push(word);
  }
  return out.concat(menu.slice(i));
}

/**
 * Dishes a text mentions, in order of first mention: the dictionary, the restaurant's own menu
 * dishes, and dish-shaped words. Longer names win over the names inside them (양념게장정식 over 양념게장).
 */
export function findDishes(text: string, menuDishes: readonly string[] = []): string[] {
  const lower = text.normalize("NFC");
  const hits: { word: string; at: number }[] = [];
  const vocabulary = longestFirst(menuDishes);
  const taken: [number, number][] = [];
  const free = (s: number, e: number) => taken.every(([a, b]) => e <= a || s >= b);
  // dish-shaped words first: 갈비찜 is the dish, not 갈비
  for (const m of lower.matchAll(DISH_SHAPE)) {
    const at = m.index;
    if (NOT_DISHES.test(m[0]) || !free(at, at + m[0].length)) continue;
    taken.push([at, at + m[0].length]);
    hits.push({ word: m[0], at });
  }
  for (const word of vocabulary) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
      // a dictionary dish inside a longer word is that word's dish: 화덕피자, 뼈해장국
      let start = at;
      while (start > 0 && /[가-힣]/.test(lower[start - 1]!) && at - start < 3) start--;
      const whole = start < at && /[^가-힣]/.test(lower[start - 1] ?? " ") ? start : at;
      if (!free(whole, at + word.length)) continue;
      taken.push([whole, at + word.length]);
      hits.push({ word: lower.slice(whole, at + word.length), at: whole });
    }
  }
  return [...new Set(hits.sort((a, b) => a.at - b.at).map((h) => h.word))];
}
