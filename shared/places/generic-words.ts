// Words that praise or ask without naming a kind of place: "맛집", "추천", "괜찮은", "유명한", "best". Beside
// a kind ("성수 수제버거 맛집 추천") they add nothing a search can use, and as keywords they pull in
// whatever shop has 맛집 in its name; alone ("신림 맛있는 곳") they mean food places, in the order the
// provider ranks them. A closed list, matched with its endings (유명한/유명하고/유명해), so the reading
// of a query accounts for them as fillers.

/** Stems that take an adjective's or verb's ending (유명 + 한, 괜찮 + 은, 뜨 + 는, 잘하 + 는). */
const PRAISE_STEMS = [
  "유명",
  "괜찮",
  "맛있",
  "맛난",
  "인기있",
  "인기많",
  "인기 많",
  "핫하",
  "핫한",
  "뜨",
  "잘하",
];

/** Whole words. */
const PRAISE_WORDS = [
  "맛집",
  "찐맛집",
  "존맛",
  "존맛탱",
  "JMT",
  "jmt",
  "찐",
  "인기",
  "핫플",
  "핫플레이스",
  "베스트",
  "최고",
  "추천",
  "추천해",
  "추천해줘",
  "추천해주세요",
  "추천좀",
  "알려줘",
  "알려주세요",
  "best",
  "good",
  "great",
  "top",
  "popular",
  "famous",
  "recommended",
  "recommend",
  // a craving, and where-is as chat writes it
  "어디있음",
  "어디있어",
  "땡긴다",
  "땡겨",
  "땡기는",
  "당긴다",
];

/**
 * The same requests in chat initials: 추천 (ㅊㅊ), 고고 (ㄱㄱ, ㄱㄱㅆ), 어디 (ㅇㄷ). Written as a tail of
 * another word too ("광안리횟집ㄱㄱ"); never read as initials of a place or a dish (ㅊㅊ is no 춘천).
 */
export const GENERIC_INITIALS: ReadonlySet<string> = new Set(["ㅊㅊ", "ㄱㄱ", "ㄱㄱㅆ", "ㅇㄷ"]);

const ENDINGS = "(?:은|는|한|해|하고|하다|하던|던|고|아|어|요|음|다)?";
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every generic word in a query, with its ending: claim them before kinds are read. */
export const GENERIC_WORD = new RegExp(
  [
    ...PRAISE_WORDS.map((w) => [w, `(?<![가-힣A-Za-z])${esc(w)}(?![A-Za-z])`]),
    ...PRAISE_STEMS.map((w) => [w, `(?<![가-힣])${esc(w)}${ENDINGS}(?=\\s|$|[?!.,])`]),
    ...[...GENERIC_INITIALS].map((w) => [w, `(?<![ㄱ-ㅎ])${esc(w)}(?![ㄱ-ㅎ])`]),
  ]
    // the longest first: "추천해주세요" before "추천", "인기 많은" before "인기"
    .sort((a, b) => b[0]!.length - a[0]!.length)
    .map(([, re]) => re)
    .join("|"),
  "g",
);
