// The demo place set: SYNTHETIC shops generated deterministically from a seed on the real geography
// (stations, dong centroids, Korean regions). Busy station areas get more restaurants, cafés and bars;
// residential dongs more convenience stores, pharmacies, clinics and academies; travel regions get
// sights and lodging. Every place is marked synthetic and its URL is on a reserved .invalid domain,
// so nobody mistakes one for a real shop.
import { allGazetteerEntries, type GazetteerEntry } from "../geo/gazetteer.ts";
import { haversine } from "../geo/haversine.ts";
import { KAKAO_CATEGORIES, type KakaoCategoryCode } from "../places/categories.ts";
import type { Place } from "../places/place.ts";
import { hashString as hash, mulberry32, pick } from "../platform/random.ts";

export const DEMO_SEED = 20_261_122;
export const DEMO_URL_BASE = "https://demo.dongne.invalid/places/";

interface Kind {
  code: KakaoCategoryCode;
  /** Kakao-style category path below the group ("한식 > 국밥") */
  path: string;
  /** what goes in the name ("국밥", "커피") */
  words: string[];
  suffixes: string[];
  /** attributes reviews would mention, some of which each place gets */
  tags: string[];
  price: [number, number];
}

const k = (
  code: KakaoCategoryCode,
  path: string,
  words: string[],
  suffixes: string[],
  tags: string[],
  price: [number, number],
): Kind => ({
  code,
  path,
  words,
  suffixes,
  tags,
  price,
});

const EAT_TAGS = ["주차", "단체석", "룸", "혼밥", "포장", "배달", "예약", "가성비", "24시", "조용한"];
const CAFE_TAGS = [
  "콘센트",
  "와이파이",
  "조용한",
  "넓은",
  "테라스",
  "루프탑",
  "애견동반",
  "디저트",
  "주차",
  "뷰",
];
const BAR_TAGS = ["단체석", "룸", "분위기", "테라스", "예약", "늦게까지"];

export const KINDS = {
  gukbap: k(
    "FD6",
    "한식 > 국밥",
    ["국밥", "순댓국", "돼지국밥"],
    ["집", "", " 본점"],
    EAT_TAGS,
    [9000, 12000],
  ),
  haejang: k(
    "FD6",
    "한식 > 해장국",
    ["해장국", "뼈해장국", "선지해장국"],
    ["", "집"],
    [...EAT_TAGS, "24시"],
    [9000, 12000],
  ),
  baekban: k(
    "FD6",
    "한식 > 한식뷔페",
    ["백반", "가정식", "기사식당"],
    ["", "집", "식당"],
    EAT_TAGS,
    [8000, 11000],
  ),
  juk: k("FD6", "한식 > 죽", ["죽", "전복죽"], ["", "이야기", "집"], EAT_TAGS, [9000, 14000]),
  noodle: k(
    "FD6",
    "한식 > 국수",
    ["칼국수", "잔치국수", "냉면", "막국수"],
    ["", "집", " 본점"],
    EAT_TAGS,
    [8000, 13000],
  ),
  bbq: k(
    "FD6",
    "한식 > 육류,고기",
    ["삼겹살", "갈비", "고깃집", "숯불구이", "한우"],
    ["", " 본점", "집"],
    ["주차", "단체석", "룸", "예약", "회식"],
    [15000, 35000],
  ),
  gopchang: k(
    "FD6",
    "한식 > 곱창,막창",
    ["곱창", "막창", "대창"],
    ["", "집"],
    ["단체석", "늦게까지"],
    [15000, 25000],
  ),
  jokbal: k(
    "FD6",
    "한식 > 족발,보쌈",
    ["족발", "보쌈"],
    ["", "집"],
    ["포장", "배달", "단체석"],
    [25000, 40000],
  ),
  chicken: k("FD6", "치킨", ["치킨", "통닭"], ["", "집", " 호프"], ["포장", "배달", "맥주"], [18000, 25000]),
  bunsik: k(
    "FD6",
    "분식",
    ["떡볶이", "김밥", "분식"],
    ["", "집", "나라"],
    ["혼밥", "포장", "가성비"],
    [4000, 9000],
  ),
  sushi: k(
    "FD6",
    "일식 > 초밥,롤",
    ["스시", "초밥", "오마카세"],
    ["", " 다이닝"],
    ["예약", "조용한", "룸"],
    [15000, 60000],
  ),
  ramen: k("FD6", "일식 > 일본식라면", ["라멘", "멘야", "라멘야"], [""], ["혼밥", "줄서는"], [9000, 14000]),
  donkatsu: k("FD6", "일식 > 돈까스", ["돈가스", "카츠"], ["", " 전문점"], ["혼밥", "가성비"], [9000, 15000]),
  udon: k("FD6", "일식 > 우동,소바", ["우동", "소바"], ["", "집"], ["혼밥", "가성비"], [8000, 12000]),
  izakaya: k("FD6", "술집 > 일본식주점", ["이자카야", "사케"], ["", " 바"], BAR_TAGS, [20000, 40000]),
  chinese: k(
    "FD6",
    "중식 > 중국요리",
    ["반점", "짬뽕", "중화요리", "짜장"],
    ["", "각"],
    ["배달", "단체석", "룸"],
    [8000, 25000],
  ),
  mala: k("FD6", "중식 > 마라탕", ["마라탕", "마라"], ["", " 전문점"], ["혼밥"], [10000, 15000]),
  pasta: k(
    "FD6",
    "양식 > 이탈리안",
    ["파스타", "트라토리아", "비스트로"],
    ["", " 키친"],
    ["데이트", "분위기", "예약"],
    [16000, 30000],
  ),
  pizza: k("FD6", "양식 > 피자", ["피자"], ["", " 하우스"], ["포장", "배달"], [18000, 30000]),
  burger: k("FD6", "양식 > 햄버거", ["버거", "수제버거"], ["", " 하우스"], ["혼밥", "포장"], [9000, 16000]),
  brunch: k(
    "FD6",
    "양식 > 브런치",
    ["브런치", "팬케이크"],
    ["", " 키친"],
    ["분위기", "테라스"],
    [14000, 22000],
  ),
  pho: k("FD6", "아시아음식 > 베트남음식", ["쌀국수", "포"], ["", " 하우스"], ["혼밥"], [10000, 14000]),
  thai: k("FD6", "아시아음식 > 태국음식", ["팟타이", "타이"], [" 키친", ""], ["분위기"], [13000, 20000]),
  curry: k("FD6", "아시아음식 > 인도음식", ["커리", "카레"], ["", " 하우스"], ["혼밥"], [11000, 16000]),
  seafood: k(
    "FD6",
    "한식 > 해물,생선 > 회",
    ["횟집", "활어회", "수산"],
    ["", " 본점"],
    ["단체석", "룸", "주차"],
    [30000, 60000],
  ),
  pub: k("FD6", "술집 > 호프,요리주점", ["펍", "호프", "맥주"], ["", " 하우스"], BAR_TAGS, [15000, 30000]),
  wine: k("FD6", "술집 > 와인바", ["와인바", "와인"], ["", " 셀러"], BAR_TAGS, [25000, 60000]),
  pocha: k("FD6", "술집 > 실내포장마차", ["포차", "포장마차"], [""], ["늦게까지", "단체석"], [15000, 25000]),
  cafe: k(
    "CE7",
    "카페 > 커피전문점",
    ["커피", "카페", "로스터스", "에스프레소"],
    ["", " 커피", " 로스터리"],
    CAFE_TAGS,
    [4500, 7000],
  ),
  dessert: k(
    "CE7",
    "카페 > 디저트카페",
    ["디저트", "케이크", "말차", "빙수"],
    ["", " 카페"],
    CAFE_TAGS,
    [6000, 12000],
  ),
  bakery: k(
    "CE7",
    "카페 > 제과,베이커리",
    ["베이커리", "빵집", "브레드"],
    ["", " 베이커리"],
    ["포장", "주차"],
    [3000, 8000],
  ),
  petcafe: k(
    "CE7",
    "카페 > 애견카페",
    ["멍멍", "댕댕", "펫"],
    [" 카페", " 라운지"],
    ["애견동반", "반려동물", "펫", "넓은", "주차"],
    [6000, 9000],
  ),
  convenience: k("CS2", "편의점", ["편의점"], ["24"], ["24시"], [0, 0]),
  pharmacy: k("PM9", "의료,건강 > 약국", ["약국"], [""], [], [0, 0]),
  clinic: k(
    "HP8",
    "의료,건강 > 병원 > 의원",
    ["내과", "소아과", "정형외과", "치과", "이비인후과"],
    ["의원"],
    ["주차"],
    [0, 0],
  ),
  academy: k("AC5", "교육,학문 > 학원", ["영어", "수학", "피아노", "태권도"], ["학원"], [], [0, 0]),
  bank: k("BK9", "금융,보험 > 은행", ["은행"], [" 지점"], ["주차"], [0, 0]),
  mart: k("MT1", "가정,생활 > 슈퍼마켓", ["마트", "식자재마트"], [""], ["주차"], [0, 0]),
  parking: k("PK6", "교통,수송 > 주차장", ["공영주차장", "주차장"], [""], [], [0, 0]),
  lodging: k(
    "AD5",
    "여행 > 숙박 > 호텔",
    ["호텔", "게스트하우스", "펜션", "스테이"],
    [""],
    ["주차", "조식"],
    [60000, 200000],
  ),
  sight: k(
    "AT4",
    "여행 > 관광,명소",
    ["전망대", "산책길", "공원", "해변", "폭포", "오름", "전통마을"],
    [""],
    ["주차", "사진명소"],
    [0, 0],
  ),
  museum: k(
    "CT1",
    "문화,예술 > 전시관",
    ["박물관", "미술관", "갤러리", "기념관"],
    [""],
    ["주차"],
    [0, 15000],
  ),
  climbing: k(
    "FD6",
    "스포츠,레저 > 클라이밍",
    ["클라이밍", "볼더링"],
    ["짐", " 센터"],
    ["주차"],
    [20000, 30000],
  ),
  gym: k(
    "FD6",
    "스포츠,레저 > 헬스클럽",
    ["피트니스", "헬스", "필라테스", "요가"],
    [" 센터", "짐"],
    ["샤워"],
    [0, 0],
  ),
  leisure: k(
    "FD6",
    "스포츠,레저 > 오락시설",
    ["볼링장", "노래방", "PC방", "방탈출"],
    [""],
    ["늦게까지"],
    [0, 0],
  ),
  camping: k(
    "AT4",
    "여행 > 캠핑,야영장",
    ["캠핑장", "글램핑", "오토캠핑장"],
    [""],
    ["주차", "애견동반"],
    [40000, 90000],
  ),
} satisfies Record<string, Kind>;
// activity shops are not restaurants in Kakao: give them no category group
const ACTIVITIES: (keyof typeof KINDS)[] = ["climbing", "gym", "leisure"];
for (const key of ACTIVITIES) KINDS[key] = { ...KINDS[key], code: "" as KakaoCategoryCode };

type MixEntry = [keyof typeof KINDS, number];
type Mix = [MixEntry, ...MixEntry[]];
const STATION_MIX: Mix = [
  ["cafe", 9],
  ["dessert", 3],
  ["bakery", 2],
  ["petcafe", 1],
  ["gukbap", 3],
  ["haejang", 2],
  ["baekban", 2],
  ["juk", 1],
  ["noodle", 2],
  ["bbq", 4],
  ["gopchang", 1],
  ["jokbal", 1],
  ["chicken", 2],
  ["bunsik", 2],
  ["sushi", 1],
  ["ramen", 2],
  ["donkatsu", 2],
  ["udon", 1],
  ["izakaya", 2],
  ["chinese", 2],
  ["mala", 2],
  ["pasta", 2],
  ["pizza", 1],
  ["burger", 1],
  ["brunch", 1],
  ["pho", 1],
  ["thai", 1],
  ["curry", 1],
  ["seafood", 1],
  ["pub", 2],
  ["wine", 1],
  ["pocha", 1],
  ["convenience", 3],
  ["pharmacy", 1],
  ["clinic", 1],
  ["bank", 1],
  ["gym", 1],
  ["leisure", 1],
  ["climbing", 0.3],
  ["parking", 1],
];
const DONG_MIX: Mix = [
  ["cafe", 4],
  ["bakery", 2],
  ["petcafe", 0.5],
  ["gukbap", 2],
  ["baekban", 2],
  ["noodle", 1],
  ["bbq", 2],
  ["chicken", 2],
  ["bunsik", 2],
  ["chinese", 2],
  ["jokbal", 1],
  ["donkatsu", 1],
  ["pizza", 1],
  ["convenience", 4],
  ["pharmacy", 2],
  ["clinic", 2],
  ["academy", 3],
  ["mart", 2],
  ["bank", 0.5],
  ["gym", 1],
  ["parking", 1],
];
const REGION_MIX: Mix = [
  ["sight", 6],
  ["museum", 2],
  ["lodging", 5],
  ["camping", 1],
  ["cafe", 5],
  ["dessert", 1],
  ["bakery", 1],
  ["seafood", 3],
  ["bbq", 3],
  ["gukbap", 2],
  ["noodle", 2],
  ["baekban", 1],
  ["chicken", 1],
  ["pub", 1],
  ["convenience", 2],
  ["pharmacy", 1],
  ["parking", 1],
];

const PREFIXES = [
  "옛날",
  "원조",
  "소문난",
  "정든",
  "행복한",
  "착한",
  "봄날",
  "달빛",
  "골목",
  "우리",
  "할매",
  "이모네",
  "고향",
  "시골",
  "오늘",
  "온기",
  "소담",
  "한결",
  "초록",
  "노을",
  "바람",
  "모퉁이",
  "다정",
  "숲속",
  "별빛",
  "하루",
  "산들",
  "새벽",
  "동네",
  "작은",
];

function pickWeighted(rand: () => number, mix: Mix): keyof typeof KINDS {
  const total = mix.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [kind, w] of mix) if ((r -= w) <= 0) return kind;
  return mix[0][0];
}

interface Anchor {
  entry: GazetteerEntry;
  mix: Mix;
  count: number;
  /** metres: how far from the anchor shops spread */
  spread: number;
  area: string;
  region?: string;
}

/** "서울 마포구 망원동" for a point in Seoul: the gu and dong of the nearest administrative dong. */
function regionOf(e: GazetteerEntry, dongs: GazetteerEntry[]): string {
  if (e.gu) return `서울 ${e.gu} ${e.name.replace(/\d*동$/, "동")}`;
  let best: GazetteerEntry | undefined;
  let bestD = 3000;
  for (const d of dongs) {
    const dist = haversine(e, d);
    if (dist < bestD) [best, bestD] = [d, dist];
  }
  return best ? `서울 ${best.gu} ${best.name}` : e.query.replace(/역$/, "");
}

function anchors(): Anchor[] {
  const out: Anchor[] = [];
  for (const e of allGazetteerEntries()) {
    if (e.country !== "KR" || e.national) continue; // the demo set covers the Seoul area and the known regions
    const base = e.name.replace(/(역|\d*동|구)$/, "");
    if (e.kind === "station") out.push({ entry: e, mix: STATION_MIX, count: 28, spread: 700, area: base });
    else if (e.kind === "dong" && !e.en)
      out.push({ entry: e, mix: DONG_MIX, count: 14, spread: 700, area: base }); // admin dongs only
    else if (e.kind === "city" && e.lat < 37.4)
      out.push({ entry: e, mix: REGION_MIX, count: 90, spread: 12_000, area: base }); // regions outside Seoul
    else if (e.kind === "province")
      out.push({ entry: e, mix: REGION_MIX, count: 60, spread: 20_000, area: base });
    else if (e.kind === "landmark" && !e.query.endsWith("역"))
      out.push({
        entry: e,
        mix: e.lat < 37.4 ? REGION_MIX : STATION_MIX,
        count: 24,
        spread: 1500,
        area: base,
      });
  }
  return out;
}

function offset(rand: () => number, lat: number, lng: number, spread: number): { lat: number; lng: number } {
  // denser near the anchor: radius ~ spread × sqrt(u) would be uniform; u^0.8 keeps a bit more in the centre
  const r = spread * Math.pow(rand(), 0.8);
  const theta = rand() * 2 * Math.PI;
  const dLat = (r * Math.cos(theta)) / 111_000;
  const dLng = (r * Math.sin(theta)) / (111_000 * Math.cos((lat * Math.PI) / 180));
  return { lat: Number((lat + dLat).toFixed(6)), lng: Number((lng + dLng).toFixed(6)) };
}

export interface DemoPlace extends Place {
  /** average price per person in KRW (0: not a place with a price) */
  avgPrice: number;
}

export function generateDemoPlaces(seed = DEMO_SEED): DemoPlace[] {
  const places: DemoPlace[] = [];
  const dongs = allGazetteerEntries().filter((e) => e.kind === "dong" && e.en);
  const usedNames = new Set<string>();
  for (const a of anchors()) {
    const rand = mulberry32(seed ^ hash(`${a.entry.kind}:${a.entry.name}:${a.entry.lat}`));
    for (let n = 0; n < a.count; n++) {
      const kind = KINDS[pickWeighted(rand, a.mix)];
      const word = pick(rand, kind.words);
      const drawn = pick(rand, kind.suffixes);
      const suffix = drawn.trim() && (word.includes(drawn.trim()) || drawn.includes(word)) ? "" : drawn;
      const prefix = rand() < 0.45 ? a.area : pick(rand, PREFIXES);
      let name = `${prefix} ${word}${suffix}`.trim();
      if (usedNames.has(name)) name = `${name} ${a.area}점`;
      if (usedNames.has(name)) continue;
      usedNames.add(name);
      const { lat, lng } = offset(rand, a.entry.lat, a.entry.lng, a.spread);
      const id = `demo-${hash(`${name}:${lat}:${lng}`).toString(36)}`;
      const group = kind.code ? KAKAO_CATEGORIES[kind.code] : null;
      const categoryName =
        kind.code === "CE7"
          ? `음식점 > ${kind.path}`
          : kind.code === "FD6" && !kind.path.startsWith("스포츠")
            ? `음식점 > ${kind.path}`
            : kind.path;
      const tags = kind.tags.filter(() => rand() < 0.35);
      const [lo, hi] = kind.price;
      a.region ??= regionOf(a.entry, dongs);
      const region = a.region;
      places.push({
        id,
        provider: "embedded",
        displayName: name,
        formattedAddress: `${region} ${1 + Math.floor(rand() * 900)}-${1 + Math.floor(rand() * 40)}`,
        roadAddress: null,
        location: { latitude: lat, longitude: lng },
        lat,
        lng,
        categoryCode: kind.code || null,
        categoryName,
        categoryGroupName: group,
        detailCategory: categoryName.split(">").at(-1)!.trim(),
        phone: null,
        placeUrl: `${DEMO_URL_BASE}${id}`,
        distance: null,
        rating: null,
        reviewCount: null,
        openNow: null,
        photoUrl: null,
        category: group,
        tags,
        synthetic: true,
        avgPrice: hi ? Math.round((lo + rand() * (hi - lo)) / 500) * 500 : 0,
      });
    }
  }
  return places;
}
