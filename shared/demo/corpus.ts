// The embedded demo corpus: SYNTHETIC restaurant documents in 002's crawl format, generated
// deterministically for the demo places (or an imported store registry). Each restaurant first gets
// true attributes (conveniences from its place tags plus draws from its kind, an atmosphere, the
// occasions it suits, features), then text that reflects them: a menu with prices that fit its
// category, 3–8 reviews in everyday Korean that mention every true attribute (and sometimes deny
// one it lacks, "주차는 안 돼요"), a description. The truths are kept beside the records so tests
// and the benchmark can judge retrieval against what is really true, not against what the
// enrichment managed to read. Every record is `synthetic: true`.
import { josa } from "es-hangul";
import type { Place } from "../places/place.ts";
import { pick, rngFor, shuffle, type Rng } from "../platform/random.ts";
import type { CrawlRecordInput } from "../places/restaurant-crawl.ts";
import type { DemoKind } from "./kinds.ts";
import { DEMO_KINDS, menuOf, restaurantProfile } from "./kind-profiles.ts";

export const DEMO_CORPUS_SEED = 2026;
/** the date the demo "crawl" pretends to have happened */
export const DEMO_COLLECTED_AT = "2025-11-01";

export interface DemoTruth {
  place_id: string;
  title: string;
  /** the profile (DEMO_KINDS key) its menu and attributes were drawn from */
  kind: string;
  /** the kind of the vocabulary it is (a demo place's; none for an imported shop) */
  node?: string;
  cuisine: string | null;
  /** Naver-style category ("한식>국밥") */
  category: string;
  lat: number;
  lon: number;
  menus: { name: string; price: number | null }[];
  convenience: string[];
  atmosphere: string[];
  occasion: string[];
  features: string[];
}

export interface DemoCorpus {
  records: CrawlRecordInput[];
  truths: Map<string, DemoTruth>;
}

const TAG_TO = {
  convenience: {
    주차: "주차",
    포장: "포장",
    배달: "배달",
    예약: "예약",
    룸: "룸",
    애견동반: "반려동물",
    반려동물: "반려동물",
    펫: "반려동물",
  },
  occasion: { 단체석: "단체", 회식: "회식", 혼밥: "혼밥", 데이트: "데이트" },
  atmosphere: { 조용한: "조용한", 분위기: "로맨틱한", 넓은: "넓은 공간" },
  features: {
    가성비: "가성비",
    "24시": "24시간",
    늦게까지: "늦게까지",
    줄서는: "웨이팅",
    테라스: "테라스",
    루프탑: "루프탑",
  },
} as const;

// ---- review sentences: each true attribute is said one of several ways, so the reviews read like
// people and not like a form (and the rules enrichment has to cope with paraphrase)
const SAY: Record<string, string[]> = {
  주차: [
    "건물 뒤에 주차장이 있어서 차 가지고 오기 편해요.",
    "주차 가능해서 부모님 모시고 오기 좋았어요.",
    "전용 주차장이 있어서 주차 걱정 없어요.",
  ],
  포장: [
    "포장해서 집에서 먹어도 맛있어요.",
    "포장 주문도 금방 나와요.",
    "테이크아웃 가능해서 자주 이용해요.",
  ],
  배달: ["배달로도 자주 시켜 먹어요.", "배달 시켜도 식지 않고 와요.", "배달앱으로 주문했는데 빨리 왔어요."],
  예약: [
    "예약하고 가면 기다리지 않아요.",
    "전화 예약 가능해서 편했어요.",
    "캐치테이블로 예약하고 방문했어요.",
  ],
  룸: ["룸이 따로 있어서 편하게 이야기 나눴어요.", "개별룸이 있어서 모임하기 좋아요.", "안쪽에 룸이 있어요."],
  반려동물: [
    "애견동반 가능해서 강아지랑 같이 갔어요.",
    "반려견 데리고 들어갈 수 있어요.",
    "강아지랑 같이 들어갈 수 있어서 좋았어요.",
  ],
  고기구워줌: [
    "직원분이 고기를 직접 구워주셔서 편해요.",
    "고기 구워주시니까 대화에 집중할 수 있어요.",
    "사장님이 고기를 다 구워주세요.",
  ],
  콜키지: ["콜키지 프리라 와인 들고 가기 좋아요.", "콜키지 가능해서 좋아하는 와인 챙겨갔어요."],
  유아의자: ["아기의자가 있어서 아이 데리고 가기 편했어요.", "유아 의자랑 아기 식기도 챙겨주세요."],
  조용한: [
    "조용해서 대화하기 좋아요.",
    "분위기가 차분하고 조용해요.",
    "조용한 편이라 이야기 나누기 좋았어요.",
  ],
  시끌벅적한: [
    "늘 시끌벅적하고 활기찬 분위기예요.",
    "손님이 많아서 북적북적해요.",
    "왁자지껄한 분위기라 신나요.",
  ],
  로맨틱한: [
    "조명이 은은하고 분위기 있는 곳이에요.",
    "분위기 좋고 로맨틱해요.",
    "무드 있는 인테리어가 예뻐요.",
  ],
  이국적인: [
    "인테리어가 이국적이라 외국에 온 것 같아요.",
    "현지 느낌 물씬 나는 가게예요.",
    "이국적인 분위기가 좋아요.",
  ],
  색다른: ["인테리어가 독특하고 색다른 느낌이에요.", "이색적인 분위기라 사진 찍기 좋아요."],
  아늑한: ["아늑하고 편안한 공간이에요.", "작지만 아늑해서 자꾸 생각나요."],
  쾌적한: ["매장이 깔끔하고 쾌적해요.", "청결하고 쾌적해서 좋았어요."],
  "넓은 공간": ["매장이 넓어서 여유롭게 먹었어요.", "공간이 넓고 테이블 간격도 넉넉해요."],
  고급스러운: ["인테리어가 고급스럽고 격식 있어요.", "고급진 분위기라 특별한 날 오기 좋아요."],
  레트로한: ["레트로한 인테리어가 정겨워요.", "옛날 감성 가득한 가게예요."],
  캐주얼한: ["캐주얼한 분위기라 부담 없이 들르기 좋아요.", "편안한 분위기에서 가볍게 먹기 좋아요."],
  "뷰가 좋은": ["창밖 경치가 좋아서 뷰 맛집이에요.", "야경이 보여서 분위기 최고예요."],
  회식: ["팀 회식으로 왔는데 다들 만족했어요.", "회식 장소로 딱이에요.", "부서 회식 때마다 와요."],
  단체: ["단체석이 있어서 여럿이 가기 좋아요.", "단체 손님도 받아줘요."],
  데이트: ["데이트 코스로 추천해요.", "여자친구랑 데이트하러 왔어요.", "연인이랑 오기 좋은 곳이에요."],
  혼밥: ["혼밥하기 편한 자리가 있어요.", "혼자 와서 먹기 좋아요.", "1인석이 있어서 혼밥하기 좋아요."],
  가족: ["부모님 모시고 가족 외식했어요.", "아이들이랑 가족끼리 오기 좋아요.", "온 가족이 다 만족했어요."],
  모임: ["동창 모임 장소로 좋았어요.", "친목 모임 하기 좋아요."],
  술자리: ["술 한잔하기 좋은 곳이에요.", "2차로 오기 딱 좋아요.", "안주가 맛있어서 술이 술술 들어가요."],
  점심식사: ["점심시간에 직장인들이 많이 와요.", "점심 먹으러 자주 와요."],
  기념일: ["기념일에 왔는데 특별한 날 분위기 나요.", "생일 저녁으로 다녀왔어요."],
  접대: ["거래처 손님 모시고 가기 좋아요.", "상견례 장소로도 손색없어요."],
  친구: ["친구들이랑 수다 떨기 좋아요.", "친구랑 가볍게 오기 좋아요."],
  가성비: ["가격이 착해서 가성비 최고예요.", "양에 비해 저렴해요."],
  "24시간": ["24시간 영업이라 언제든 갈 수 있어요."],
  늦게까지: ["새벽까지 영업해서 좋아요.", "늦게까지 해서 야식으로 좋아요."],
  웨이팅: ["웨이팅이 있어서 일찍 가는 걸 추천해요.", "줄 서서 먹는 집이에요."],
  테라스: ["테라스 자리가 있어서 날 좋을 때 최고예요."],
  루프탑: ["루프탑 자리에서 먹으니 기분 좋아요."],
  친절한: ["사장님이 친절하세요.", "직원분들이 모두 친절해요."],
  "양이 많은": ["양이 많아서 배불러요.", "푸짐하게 주세요."],
  노포: ["30년 넘은 노포라 맛이 깊어요.", "오래된 집이라 단골이 많아요."],
};
const DENY: Record<string, string[]> = {
  주차: ["주차는 안 돼서 대중교통 추천해요.", "주차 공간이 없어서 근처 공영주차장에 댔어요."],
  반려동물: ["반려동물 출입은 안 돼요.", "애견동반은 불가예요."],
  예약: ["예약은 안 받아서 현장 대기만 돼요."],
  룸: ["룸은 없어요."],
  배달: ["배달은 안 하고 매장에서만 먹을 수 있어요."],
};
const TASTE = [
  "정말 맛있어요",
  "진짜 맛있었어요",
  "기대 이상이었어요",
  "또 먹고 싶어요",
  "간이 딱 좋아요",
  "최고였어요",
];
const OPENERS = [
  "",
  "",
  "퇴근길에 들렀어요.",
  "지인 추천으로 방문했어요.",
  "재방문했어요.",
  "처음 와봤어요.",
  "동네 단골집이에요.",
];
const CLOSERS = [
  "",
  "",
  "또 올게요!",
  "재방문 의사 있어요.",
  "추천합니다.",
  "다음엔 다른 메뉴도 먹어볼게요.",
];
const EXTRA_FEATURES = ["친절한", "양이 많은", "가성비", "노포"];

const won = (n: number) => `${n.toLocaleString("en-US")}원`;
const round500 = (n: number) => Math.round(n / 500) * 500;

function draw(rng: Rng, pool: readonly string[], min: number, max: number): string[] {
  const n = min + Math.floor(rng() * (max - min + 1));
  return shuffle(rng, [...pool]).slice(0, n);
}

function truthOf(p: Place, r: Restaurant, rng: Rng): DemoTruth {
  const kind = DEMO_KINDS[r.kind]!;
  const tags = p.tags ?? [];
  const fromTags = (map: Record<string, string>) =>
    tags.map((t) => map[t]).filter((x): x is string => Boolean(x));
  const convenience = new Set(fromTags(TAG_TO.convenience));
  for (const [value, chance] of kind.convenience) if (rng() < chance) convenience.add(value);
  const atmosphere = new Set([...fromTags(TAG_TO.atmosphere), ...draw(rng, kind.atmosphere, 1, 2)]);
  // lively and calm are opposites: keep whichever the kind drew first
  if (atmosphere.has("조용한") && atmosphere.has("시끌벅적한"))
    atmosphere.delete(kind.atmosphere[0] === "조용한" ? "시끌벅적한" : "조용한");
  const occasion = new Set([...fromTags(TAG_TO.occasion), ...draw(rng, kind.occasion, 1, 2)]);
  const features = new Set([
    ...fromTags(TAG_TO.features),
    ...(rng() < 0.5 ? [pick(rng, EXTRA_FEATURES)] : []),
  ]);
  // the kind's signature dishes always, then a draw of the profile's others
  const menu = menuOf(r.kind, r.signature);
  const others = menu.slice(r.signature.length).map((m) => m[0]);
  const size = Math.min(9, menu.length);
  const items = [
    ...r.signature.map((m) => m[0]),
    ...draw(rng, others, Math.max(0, Math.min(5, size) - r.signature.length), size - r.signature.length),
  ];
  const menus = menu
    .filter(([name]) => items.includes(name))
    .map(([name, lo, hi]) => ({ name, price: round500(lo + rng() * (hi - lo)) }));
  const path = p.categoryName.replace(/^음식점 > /, "").split(" > ");
  return {
    place_id: p.id,
    title: p.displayName,
    kind: r.kind,
    ...(r.node ? { node: r.node } : {}),
    cuisine: kind.cuisine,
    category: path.join(">"),
    lat: p.lat,
    lon: p.lng,
    menus,
    convenience: [...convenience],
    atmosphere: [...atmosphere],
    occasion: [...occasion],
    features: [...features],
  };
}

function priceText(rng: Rng, price: number, kind: DemoKind): string {
  const r = rng();
  if (kind.marketPrice && r < 0.15) return "시가";
  if (r < 0.03) return "변동";
  if (r < 0.06) return `${won(price)}~${won(price + 5000)}`;
  return won(price);
}

function reviewsOf(t: DemoTruth, rng: Rng): string[] {
  const foodSentences = t.menus.map(
    (m) => `${josa(m.name.replace(/\(.*\)$/, ""), "이/가")} ${pick(rng, TASTE)}.`,
  );
  const said = [...t.convenience, ...t.atmosphere, ...t.occasion, ...t.features]
    .filter((v) => SAY[v])
    .map((v) => pick(rng, SAY[v]!));
  const denied = Object.keys(DENY)
    .filter((v) => !t.convenience.includes(v) && rng() < 0.2)
    .map((v) => pick(rng, DENY[v]!));
  const count = 3 + Math.floor(rng() * 6);
  const reviews: string[][] = Array.from({ length: count }, () => []);
  const facts = shuffle(rng, [...said, ...denied]);
  facts.forEach((s, i) => reviews[i % count]!.push(s));
  shuffle(rng, foodSentences).forEach((s, i) => {
    if (i < count || rng() < 0.3) reviews[i % count]!.push(s);
  });
  // a review that drew no sentence (more reviews than facts and dishes, and an empty opener and
  // closer) would be an empty string: it says something about one of the dishes instead
  const aboutADish = () => {
    const dish = t.menus.length ? pick(rng, t.menus).name.replace(/\(.*\)$/, "") : "음식";
    return `${josa(dish, "이/가")} ${pick(rng, TASTE)}.`;
  };
  return reviews.map((sentences) =>
    [pick(rng, OPENERS), ...(sentences.length ? shuffle(rng, sentences) : [aboutADish()]), pick(rng, CLOSERS)]
      .filter(Boolean)
      .join(" "),
  );
}

function descriptionOf(t: DemoTruth, area: string, rng: Rng): string {
  const signature = t.menus[0]?.name.replace(/\(.*\)$/, "") ?? "요리";
  const lines = [
    `${area}에 있는 ${t.node ?? t.category.split(">").at(-1)} 전문점 ${t.title}입니다.`,
    `대표 메뉴 ${josa(signature, "을/를")} 정성껏 준비합니다.`,
  ];
  // a dated promotion, as real descriptions have: answers must not present it as current
  if (rng() < 0.1) lines.push(`2025년 8월 31일까지 ${signature} 20% 할인 행사를 진행합니다.`);
  return lines.join("\n");
}

/** A restaurant of the corpus: its place, its profile and, for a demo place, its kind and signature dishes. */
export interface Restaurant {
  place: Place;
  /** the profile (DEMO_KINDS key) */
  kind: string;
  node?: string;
  signature: [string, number, number][];
}

/** Restaurants among the places: FD6 food places a profile covers (kind-profiles.ts). */
export function restaurantPlaces(places: readonly Place[]): Restaurant[] {
  const out: Restaurant[] = [];
  for (const p of places) {
    if (p.categoryCode !== "FD6") continue;
    const r = restaurantProfile(p);
    if (r && DEMO_KINDS[r.key]) out.push({ place: p, kind: r.key, node: r.node, signature: r.signature });
  }
  return out;
}

export interface Bounds {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** The greater Seoul area (Seoul, and the metro lines' stations into Gyeonggi such as 판교). */
export const SEOUL_METRO: Bounds = { south: 37.33, north: 37.72, west: 126.76, east: 127.19 };

export function generateDemoCorpus(
  places: readonly Place[],
  opts: { seed?: number; bounds?: Bounds; limit?: number } = {},
): DemoCorpus {
  const b = opts.bounds ?? SEOUL_METRO;
  const seed = opts.seed ?? DEMO_CORPUS_SEED;
  const records: CrawlRecordInput[] = [];
  const truths = new Map<string, DemoTruth>();
  for (const r of restaurantPlaces(places)) {
    const p = r.place;
    if (p.lat < b.south || p.lat > b.north || p.lng < b.west || p.lng > b.east) continue;
    if (opts.limit !== undefined && records.length >= opts.limit) break;
    const kind = DEMO_KINDS[r.kind]!;
    const rng = rngFor(seed, p.id);
    const t = truthOf(p, r, rng);
    const words = p.formattedAddress.split(" ");
    // "서울 마포구 망원동 12-3" → 마포구 망원동, "경기 성남시 수정구 태평동 855" → 수정구 태평동: the district and
    // dong before the lot (an imported registry's address may end otherwise: then its first words)
    const lot = /^\d+(-\d+)?$/.test(words.at(-1) ?? "");
    const area =
      (lot && words.length >= 3 ? words.slice(-3, -1) : words.slice(1, 3)).join(" ") || (words[0] ?? "");
    truths.set(t.place_id, t);
    records.push({
      place_id: p.id,
      search_keyword: `${p.displayName} ${area}`,
      title: p.displayName,
      address: p.formattedAddress,
      roadAddress: p.roadAddress ?? "",
      mapx: String(Math.round(p.lng * 1e7)),
      mapy: String(Math.round(p.lat * 1e7)),
      menus: t.menus.map((m) => ({
        name: m.name,
        price: m.price === null ? null : priceText(rng, m.price, kind),
      })),
      reviews: reviewsOf(t, rng),
      description: descriptionOf(t, area, rng),
      category: t.category,
      collected_at: DEMO_COLLECTED_AT,
      synthetic: true,
    });
  }
  return { records, truths };
}
