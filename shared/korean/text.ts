// Tokenizing Korean/English queries and peeling Korean particles off words.

export interface Token {
  text: string;
  start: number;
  end: number;
}

export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  const re = /[^\s,?!.~·()[\]{}"“”'’]+/g;
  for (let m = re.exec(query); m; m = re.exec(query)) {
    tokens.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}

/** Postpositions and place words that follow a location, longest first. */
export const TRAILERS = [
  "에서부터",
  "에서는",
  "에서도",
  "에서의",
  "으로부터",
  "까지의",
  "까지",
  "부터",
  "으로",
  "이랑",
  "하고",
  "사이에서",
  "에서",
  "사이에",
  "사이",
  "근처에서",
  "근처의",
  "근처에",
  "근처",
  "주변에서",
  "주변의",
  "주변에",
  "주변",
  "인근",
  "부근",
  "쪽에",
  "쪽",
  "앞에",
  "앞",
  "에는",
  "에",
  "의",
  "로",
  "랑",
  "와",
  "과",
  "을",
  "를",
  "이",
  "가",
  "은",
  "는",
  "도",
];

/** Words repeat across queries (근처, 카페, 강남역에서): their variants are kept, up to a bound. */
const VARIANTS = new Map<string, readonly { stem: string; particle: string }[]>();
const VARIANTS_MAX = 20_000;

/** The word and, one after another, what is left when trailing particles are peeled off. */
export function particleVariants(word: string): readonly { stem: string; particle: string }[] {
  const hit = VARIANTS.get(word);
  if (hit) return hit;
  if (VARIANTS.size >= VARIANTS_MAX) VARIANTS.clear();
  const out = peel(word);
  VARIANTS.set(word, out);
  return out;
}

/**
 * Whether the particle can follow this stem. The subject particle 이 comes only after a final consonant
 * (강남역이; after a vowel it is 가), so "팁싸마이" is a name ending in 이, not 팁싸마 with a particle. Only 이
 * is held to the rule: it is the one that ends names (치앙마이, 오이), while slips such as "역와" are common.
 */
function fitsStem(stem: string, particle: string): boolean {
  if (particle !== "이") return true;
  const last = stem.charCodeAt(stem.length - 1);
  if (last < 0xac00 || last > 0xd7a3) return true; // not a Hangul syllable: no rule to apply
  return (last - 0xac00) % 28 !== 0;
}

function peel(word: string): { stem: string; particle: string }[] {
  const out = [{ stem: word, particle: "" }];
  let current = word;
  let peeled = "";
  for (let round = 0; round < 2; round++) {
    const t = TRAILERS.find(
      (p) => current.length > p.length && current.endsWith(p) && fitsStem(current.slice(0, -p.length), p),
    );
    if (!t) break;
    current = current.slice(0, -t.length);
    peeled = t + peeled;
    out.push({ stem: current, particle: peeled });
  }
  return out;
}

/** Words that carry no kind of place: requests, hedges, the route/distance/trip vocabulary. */
export const FILLER = new Set(
  `추천 추천해 추천해줘 추천해주세요 추천좀 알려줘 알려주세요 찾아줘 찾아주세요 어디 어디야 어디가 좀 근처 주변 인근 부근 근방 가까운
   있는 있을까 있나요 좋은 괜찮은 맛있는 곳 곳이 곳을 데 데가 갈만한 해줘 주세요 하기 할 수 되는 가능한 요 가는 갈 길에 길 도중 사이
   이내 안 안에 내 거리 코스 일정 여행 짜줘 짜 계획 가고 싶어 싶은 먹고 마시고 먹을 하는 위한 중 지금 오늘 내일 주말 점심 저녁 아침 걸어서
   도보 차로 분 까지 에서 가다가 방향 경로 루트 하고 싶다 싶음 뭐 뭐가 뭐먹지 먹지 먹을까 갈까 가볼 만한 정도 쯤 정말 진짜 제일 가장
   유명한 인기 인기있는 핫한 핫플 요즘 near in around the a an best good find me show recommend please to from between and on way within
   of for some nice places place spot spots day days night nights trip itinerary itineraries with walk walking
   minutes minute mins min station stn 있어 있어요 있을까요 파는 파는곳 하는곳 장소 갈만한곳 가볼만한 데려갈 가기 좋은곳
   먹을만한 할만한 놀만한 놀 만한곳 보고 봐줘 찾고 싶어요`.split(/\s+/),
);

/** Nouns that put the word before them near a place ("X 근처"), spelled out so they also split "X근처Y". */
export const NEAR_NOUNS = ["근처", "주변", "인근", "부근", "근방"];

export const isHangul = (s: string) => /[가-힣ㄱ-ㅣ]/.test(s);
