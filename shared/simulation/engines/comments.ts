// The offline engine's one-line reviews (004 step 4): said in the voice 004's table gives each
// generation (Z1/Z2: 존나, 개꿀맛, ㅋ, emoticons; Y: trendy and informative; X: courteous and careful;
// S: specific and serious), about what was eaten at this store (a dish from its menu, its price, what
// its card says of the place) and agreeing with the rating and the tags: an aspect is praised only
// when its tag was chosen (or it has no tag: cleanliness, a distinctive menu, seen from that
// perspective), a rating of 3 or less says what fell short from the visit's perspective and praises
// nothing. A comment is an opening, one or two remarks and a closing, each drawn from the voice's
// phrases, so the same store and voice rarely give the same words twice.
import { pick, type Rng } from "../../platform/random.ts";
import type { Persona, Store, TimeSlot } from "../types.ts";

/** `{name}` is the word, `{name|이/가}` the word with the particle its final consonant takes. */
export type Template = string;

export type Voice = "young" | "y" | "x" | "s";
export type Tone = "good" | "ok" | "bad";
/** The aspects a comment can speak of: the four tags, and two perspectives with no tag. */
export type Aspect = "맛" | "가성비" | "분위기" | "서비스" | "청결" | "메뉴";

export const voiceOf = (g: Persona["generation"]): Voice =>
  g === "Z1" || g === "Z2" ? "young" : g === "Y" ? "y" : g === "X" ? "x" : "s";

export const toneOf = (rating: number): Tone => (rating >= 4 ? "good" : rating === 3 ? "ok" : "bad");

/** 004's random perspective → the aspect it looks at. */
export const PERSPECTIVE_ASPECT: Record<string, Aspect> = {
  "맛/퀄리티": "맛",
  가성비: "가성비",
  "매장 분위기/인테리어": "분위기",
  "직원 서비스/친절도": "서비스",
  "매장 청결/위생": "청결",
  "특색있는 메뉴": "메뉴",
};

interface VoicePhrases {
  /** how a comment begins ("" : it begins with the remark) */
  open: Template[];
  /** a remark praising an aspect (only said when its tag was chosen, or it has none) */
  praise: Record<Aspect, Template[]>;
  /** a rating of 4 or 5 with no tag and no untagged perspective: the dish, without naming an aspect */
  general: Template[];
  /** a rating of 3: the aspect the visit looked at was ordinary */
  ordinary: Template[];
  /** a rating of 1 or 2: the aspect fell short */
  short: Template[];
  close: Record<Tone, Template[]>;
  /** how the parts are joined */
  join: string;
}

/*
 * Words a template may use: {dish} (a dish from the menu, or what such a shop serves), {note} (what
 * a person notices in that dish: its broth, its meat, its coffee), {price} (what it cost), {meal}
 * (아침, 점심, 저녁, 야식), {feature} (what the store's card says of the place), {aspect} (the
 * perspective's word), {store} (the store's name), and the verb's stems ({ate}: 먹었 or 마셨, …).
 */
export const PHRASES: Record<Voice, VoicePhrases> = {
  young: {
    open: [
      "{meal}으로 {dish} 조짐ㅋㅋ",
      "{store} 가봄ㅋ",
      "친구랑 {dish} {eat_for} 옴",
      "{dish} 땡겨서 옴ㅋ",
      "",
    ],
    praise: {
      맛: [
        "{dish} 존맛ㅋㅋ",
        "{dish} 개꿀맛 인정 😋",
        "{note} 미쳤다 진짜ㅋㅋ",
        "{dish|이/가} 존나 맛있음ㅋ",
      ],
      가성비: [
        "{price}에 이 정도면 개이득ㅋ",
        "가성비 미쳤음 👍",
        "{price}이면 혜자ㅋㅋ",
        "이 가격 실화? 💸",
      ],
      분위기: [
        "{feature}에서 사진 존잘 나옴 📸",
        "분위기 미쳤음✨",
        "사진 찍기 딱 좋음ㅋ",
        "인테리어 힙함 😎",
      ],
      서비스: ["사장님 개친절ㅋㅋ", "직원분들 존친절 🥹", "서비스 짱임 👍", "응대 빨라서 좋았음ㅋ"],
      청결: ["매장 깔끔해서 좋음ㅋ", "테이블 깨끗함 굿 ✨"],
      메뉴: ["{dish} 다른 데선 못 먹는 맛ㅋ", "메뉴 특이해서 재밌음ㅋㅋ 🤩"],
    },
    general: ["{dish} 괜찮았음ㅋ", "{meal} {dish} 굿👍", "{dish} {eat_and} 기분 좋아짐ㅋ 😊"],
    ordinary: ["{aspect|은/는} 그냥저냥ㅋ", "{dish|은/는} 쏘쏘", "평범 그 잡채ㅋ", "{aspect|은/는} 무난무난"],
    short: ["{aspect} 실화냐ㅋㅋ 😑", "{dish} 솔직히 별로임", "{aspect|이/가} 좀 아쉬웠음 💀", "돈 아까움ㅋ"],
    close: {
      good: ["재방문각 🔥", "또 갈 듯ㅋㅋ", "강추👍", "여긴 찐이다", "저장 완ㅋ"],
      ok: ["한 번쯤은 ㄱㅊ", "굳이 또 가진 않을 듯ㅋ", "딱 동네 맛ㅋ", ""],
      bad: ["비추ㅋ", "여긴 패스 🙅", "다신 안 감ㅋ", "ㅠㅠ"],
    },
    join: " ",
  },
  y: {
    open: [
      "{meal} 메뉴로 {dish|을/를} 주문했어요.",
      "{store} 방문 후기예요.",
      "{dish}({price}) {eat_try} 봤어요.",
      "{meal}에 들른 {store}.",
      "",
    ],
    praise: {
      맛: [
        "{dish} 맛이 깔끔하고 완성도 있어요.",
        "{note} 제대로라 만족스러웠어요.",
        "{dish|은/는} 재료가 신선한 게 느껴져요.",
      ],
      가성비: [
        "{price}에 양도 넉넉해서 가성비 좋아요.",
        "이 동네 시세 생각하면 합리적인 가격이에요.",
        "{price|으로/로} 이 퀄리티면 충분히 만족이에요.",
      ],
      분위기: [
        "{feature}에 앉았는데 분위기가 좋아서 사진 찍기 좋아요.",
        "인테리어가 감각적이라 머물기 좋았어요.",
        "분위기 맛집이에요, 데이트 코스로도 추천.",
      ],
      서비스: [
        "직원분들이 친절하고 응대가 빨라요.",
        "주문부터 서빙까지 매끄러웠어요.",
        "친절해서 기분 좋게 있다 왔어요.",
      ],
      청결: ["테이블이랑 매장이 깔끔하게 관리돼 있어요.", "위생 신경 쓴 게 보여서 좋았어요."],
      메뉴: [
        "{dish}처럼 다른 데서 보기 힘든 메뉴가 있어요.",
        "메뉴 구성이 독특해서 골라 먹는 재미가 있어요.",
      ],
    },
    general: [
      "{dish} 무난하게 맛있었어요.",
      "{meal}으로 {dish} 괜찮은 선택이었어요.",
      "전체적으로 만족한 한 끼였어요.",
    ],
    ordinary: [
      "{aspect|은/는} 평범한 편이에요.",
      "특별한 건 없지만 동네 한 끼로 괜찮아요.",
      "{dish|은/는} 기대한 만큼, 딱 그 정도예요.",
    ],
    short: [
      "{aspect|이/가} 기대 이하였어요.",
      "{price} 주고 {eat_to}엔 아쉬워요.",
      "{aspect} 쪽은 개선이 필요해 보여요.",
    ],
    close: {
      good: [
        "재방문 의사 있어요!",
        "망원동 가면 저장해 두세요 📌",
        "#망원동맛집 인정",
        "다음엔 다른 메뉴도 도전해 볼게요.",
      ],
      ok: ["한 번쯤 가볼 만해요.", "참고하세요.", "근처라면 무난한 선택이에요.", ""],
      bad: ["다른 곳 추천드려요.", "재방문은 글쎄요.", "참고하세요."],
    },
    join: " ",
  },
  x: {
    open: ["{meal}에 {dish|을/를} {ate}습니다.", "{store}에 들렀습니다.", "{dish|을/를} 주문했습니다.", ""],
    praise: {
      맛: ["{dish}의 간이 적당하고 맛이 좋았습니다.", "음식 맛이 정갈했습니다.", "{note} 괜찮았습니다."],
      가성비: ["{price} 정도로 가격도 합리적이었습니다.", "가격에 비해 양과 질이 괜찮았습니다."],
      분위기: ["매장이 차분하고 분위기가 좋았습니다.", "{feature}에 앉았는데 편안했습니다."],
      서비스: ["직원분들의 응대가 정중했습니다.", "주문한 음식이 빨리 나왔고 응대도 친절했습니다."],
      청결: ["매장이 깨끗하게 관리되고 있었습니다.", "식기와 테이블이 청결했습니다."],
      메뉴: ["{dish} 같은 메뉴는 다른 곳에서 보기 드뭅니다.", "메뉴에 이 집만의 특색이 있습니다."],
    },
    general: ["{dish} 맛있게 잘 {ate}습니다.", "전반적으로 만족스러웠습니다.", "{meal} 한 끼로 좋았습니다."],
    ordinary: [
      "전반적으로 무난했습니다.",
      "{aspect|은/는} 보통 수준이었습니다.",
      "{dish|은/는} 평범한 편이었습니다.",
    ],
    short: [
      "{aspect} 면에서 아쉬움이 있었습니다.",
      "다만 {aspect|은/는} 개선이 필요해 보입니다.",
      "{dish|은/는} 기대에 미치지 못했습니다.",
    ],
    close: {
      good: ["다음에도 방문하겠습니다.", "지인에게도 권할 만합니다.", "좋은 식사였습니다."],
      ok: ["재방문은 좀 더 생각해 보겠습니다.", "참고가 되었으면 합니다.", ""],
      bad: ["재방문은 어려울 것 같습니다.", "아쉬운 방문이었습니다."],
    },
    join: " ",
  },
  s: {
    open: [
      "{meal}에 {dish|을/를} {price} 주고 {ate}습니다.",
      "{store}에서 {dish|을/를} 시켰습니다.",
      "{dish|을/를} {ate}습니다.",
      "",
    ],
    praise: {
      맛: [
        "{note} 좋습니다.",
        "간이 세지 않고 재료 맛이 살아 있습니다.",
        "{dish|이/가} 정성스럽게 나옵니다.",
      ],
      가성비: ["{price}에 이만하면 값어치를 합니다.", "값이 적당하고 양도 충분합니다."],
      분위기: ["자리가 편하고 조용해서 이야기 나누기 좋았습니다.", "{feature}에 앉아 오래 있기 좋았습니다."],
      서비스: ["주인이 친절하게 응대해 주었습니다.", "일하는 분들이 손님을 세심하게 챙깁니다."],
      청결: ["주방과 식탁이 깨끗합니다.", "위생 상태가 믿음직합니다."],
      메뉴: ["{dish} 같은 메뉴는 다른 데서 잘 안 합니다.", "이 집만의 메뉴가 있습니다."],
    },
    general: ["{dish} 잘 {ate}습니다.", "{meal} 한 끼로 흡족했습니다.", "음식이 무난하고 좋았습니다."],
    ordinary: [
      "{aspect|은/는} 평범한 편입니다.",
      "{dish|은/는} 값에 비해 그저 그렇습니다.",
      "특별히 좋거나 나쁘지는 않습니다.",
    ],
    short: [
      "{aspect|이/가} 기대에 못 미쳤습니다.",
      "{dish|은/는} 제 입에는 맞지 않았습니다.",
      "{price|을/를} 받기에는 부족합니다.",
    ],
    close: {
      good: ["근처에 오면 또 들르겠습니다.", "가족과 다시 오려고 합니다.", "추천할 만합니다."],
      ok: ["급할 때 한 끼로는 괜찮습니다.", "한 번은 가 볼 만합니다.", ""],
      bad: ["다시 찾지는 않을 것 같습니다.", "권하기는 어렵습니다."],
    },
    join: " ",
  },
};

/**
 * What a person notices in the food of such a place (the subject of a remark about its taste), by the
 * words of the store's kind; the first that matches. Everyday Korean food vocabulary.
 */
const NOTES: [RegExp, string[]][] = [
  [/국수|냉면|칼국수|쌀국수|라멘|라면|우동|소바|짬뽕|짜장|자장|파스타|우육면/, ["국물이", "면발이", "면이"]],
  [/국밥|해장국|탕|찌개|전골|마라/, ["국물이", "국물 맛이", "건더기가"]],
  [/육류|고기|갈비|삼겹|한우|곱창/, ["고기가", "고기 질이", "굽기가"]],
  [/회|초밥|스시|수산/, ["회가", "생선이", "밥알이"]],
  [/치킨|통닭|돈가스|돈까스|카츠|튀김/, ["튀김옷이", "바삭함이", "양념이"]],
  [/커피|에스프레소|로스터/, ["커피 맛이", "원두 향이", "라떼가"]],
  [/베이커리|제과|빵|브레드/, ["빵이", "버터 향이", "식감이"]],
  [/디저트|빙수|케이크/, ["디저트가", "단맛이", "빙수가"]],
  [/분식|김밥|떡볶이/, ["떡볶이 양념이", "김밥이", "튀김이"]],
  [/피자|파스타|이탈리안/, ["소스가", "면 삶기가", "도우가"]],
  [/와인|맥주|호프|주점|이자카야|포차/, ["술이", "안주가", "곁들인 안주가"]],
];

/** What a shop of this kind serves when its card lists no menu (a café's coffee, a bakery's bread). */
const SERVED: [RegExp, string[]][] = [
  [/베이커리|제과|빵|브레드/, ["소금빵", "크루아상", "앙버터", "식빵"]],
  [/디저트|빙수/, ["빙수", "조각 케이크", "크로플"]],
  [/커피|카페|에스프레소|로스터/, ["아메리카노", "카페라테", "콜드브루", "바닐라라테"]],
];

/** Dishes one drinks: their verbs are 마시다, not 먹다. */
const DRINK =
  /라테|라떼|아메리카노|콜드브루|커피|에스프레소|맥주|와인|하이볼|막걸리|소주|사케|에이드|주스|쉐이크|셰이크|스무디|티$|차$|500cc/;
const EAT = { ate: "먹었", eat_for: "먹으러", eat_and: "먹고", eat_try: "먹어", eat_to: "먹기" };
const DRINK_VERBS = { ate: "마셨", eat_for: "마시러", eat_and: "마시고", eat_try: "마셔", eat_to: "마시기" };

const MEAL: Record<TimeSlot, string> = { "07:00": "아침", "12:00": "점심", "18:00": "저녁", "22:00": "야식" };

/** A store card's keywords that describe the place (not what it sells), as the place one sits in. */
const PLACES: Record<string, string> = {
  뷰: "뷰 좋은 창가",
  루프탑: "루프탑",
  테라스: "테라스",
  넓은: "넓은 홀",
  조용한: "조용한 구석 자리",
  룸: "룸",
  창가: "창가",
  야외: "야외 자리",
  아늑한: "아늑한 자리",
};
const placesOf = (store: Store) => store.keywords.flatMap((k) => (PLACES[k] ? [PLACES[k]] : []));

/** A price as it is said: 12,500 → "1만 3천 원", 9,000 → "9천 원" (to the nearest thousand). */
export const spokenPrice = (price: number) => {
  const n = Math.round(price / 1_000) * 1_000;
  if (n < 1_000) return `${price.toLocaleString("ko-KR")}원`;
  const man = Math.floor(n / 10_000);
  const rest = (n % 10_000) / 1_000;
  if (!man) return `${rest}천 원`;
  return rest ? `${man}만 ${rest}천 원` : `${man}만 원`;
};

/** A dish of the store (its menu, or what such a shop serves) and its price. */
function dishOf(rng: Rng, store: Store): { dish: string; price: number } {
  const menus = (store.menus ?? []).filter((m) => m.name.trim());
  if (menus.length) {
    const m = pick(rng, menus);
    // "생삼겹살(1인분)" is said "생삼겹살"
    return { dish: m.name.replace(/\s*\([^)]*\)\s*$/, ""), price: m.price ?? store.avg_price };
  }
  const kind = `${store.detail ?? ""} ${store.category} ${store.name}`;
  const served = SERVED.find(([re]) => re.test(kind))?.[1];
  return { dish: served ? pick(rng, served) : (store.detail ?? store.category), price: store.avg_price };
}

const noteOf = (rng: Rng, store: Store, dish: string) => {
  // the dish says it first (a 뼈해장국 has no noodles, whatever else its house serves); then the house
  const notes = (NOTES.find(([re]) => re.test(dish)) ??
    NOTES.find(([re]) => re.test(`${store.detail ?? ""} ${store.category}`)))?.[1];
  return notes ? pick(rng, notes) : "맛이";
};

export interface CommentInput {
  generation: Persona["generation"];
  store: Store;
  slot: TimeSlot;
  rating: number;
  tags: readonly string[];
  /** 004's random perspective of the visit */
  perspective: string;
}

/** The aspects a comment may praise: the chosen tags, and the perspective when it has no tag. */
export function praisable(tags: readonly string[], perspective: string): Aspect[] {
  const aspect = PERSPECTIVE_ASPECT[perspective];
  const out = tags.filter((t): t is Aspect => t in PHRASES.y.praise);
  if (aspect && (aspect === "청결" || aspect === "메뉴") && !out.includes(aspect)) out.push(aspect);
  return out;
}

/** The parts of a comment, before they are filled. */
export function commentParts(rng: Rng, input: CommentInput): Template[] {
  const phrases = PHRASES[voiceOf(input.generation)];
  // a store whose card says nothing of the place is not praised for a view it may not have
  const placeSaid = placesOf(input.store).length > 0;
  const sayable = (ts: Template[]) => (placeSaid ? ts : ts.filter((t) => !t.includes("{feature")));
  const tone = toneOf(input.rating);
  const parts = [pick(rng, phrases.open)];
  if (tone === "good") {
    const aspects = praisable(input.tags, input.perspective);
    // one or two remarks, the perspective's aspect first when it is among them
    const first = PERSPECTIVE_ASPECT[input.perspective];
    const ordered = [...aspects].sort((a, b) => Number(b === first) - Number(a === first) || rng() - 0.5);
    const said = ordered.slice(0, aspects.length > 1 && rng() < 0.6 ? 2 : 1);
    if (!said.length) parts.push(pick(rng, phrases.general));
    for (const a of said) parts.push(pick(rng, sayable(phrases.praise[a])));
  } else parts.push(pick(rng, tone === "ok" ? phrases.ordinary : phrases.short));
  parts.push(pick(rng, phrases.close[tone]));
  return parts.filter(Boolean);
}

/** The words a comment's templates are filled with, for this visit. */
export function commentWords(rng: Rng, input: CommentInput): Record<string, string> {
  const { dish, price } = dishOf(rng, input.store);
  const features = placesOf(input.store);
  return {
    ...(DRINK.test(dish) ? DRINK_VERBS : EAT),
    store: input.store.name,
    dish,
    note: noteOf(rng, input.store, dish),
    price: spokenPrice(price),
    meal: MEAL[input.slot],
    feature: features.length ? pick(rng, features) : "",
    aspect: ASPECT_WORDS[PERSPECTIVE_ASPECT[input.perspective] ?? "맛"],
  };
}

/** How each aspect is named in a sentence. */
export const ASPECT_WORDS: Record<Aspect, string> = {
  맛: "맛",
  가성비: "가성비",
  분위기: "분위기",
  서비스: "서비스",
  청결: "청결",
  메뉴: "메뉴",
};
