// Dishes and kinds a place is famous for: in a cell whose centre lies within `radius` metres of the
// point, the kind's weight in its group is multiplied by `factor` (its group keeps its share: the
// famous dish takes from its neighbours), and names may use the town's word for it ("충무김밥").
//
// Source of every row: public knowledge of what a town or street is known for (guidebooks, the towns'
// own festivals and streets named for the dish); points entered by hand at the street or market it is
// known by, to about 300 m. The factors are the author's guess of how much more common the dish is
// there, not counts. A row whose kind the vocabulary lacks waits (AWAITING_VOCABULARY) and is skipped.
import type { LatLng } from "../../geo/haversine.ts";

export interface Speciality extends LatLng {
  /** the town or street, for people reading the table */
  where: string;
  /** a node of the vocabulary of kinds */
  kind: string;
  radius: number;
  factor: number;
  /** words names there use for it, besides the kind's own */
  words?: string[];
}

const s = (
  where: string,
  kind: string,
  lat: number,
  lng: number,
  radius: number,
  factor: number,
  words?: string[],
): Speciality => ({ where, kind, lat, lng, radius, factor, ...(words ? { words } : {}) });

export const SPECIALITIES: readonly Speciality[] = [
  s("춘천 (명동 닭갈비골목)", "닭갈비", 37.8805, 127.7285, 7000, 12, ["춘천닭갈비", "숯불닭갈비"]),
  s("춘천", "막국수", 37.8805, 127.7285, 9000, 5, ["춘천막국수"]),
  s("전주 (한옥마을, 객사)", "비빔밥", 35.8178, 127.148, 6000, 15, ["전주비빔밥"]),
  s("전주", "콩나물국밥", 35.8178, 127.148, 7000, 8, ["전주콩나물국밥"]),
  s("부산 (서면 돼지국밥골목)", "돼지국밥", 35.1577, 129.0591, 14000, 8, ["부산돼지국밥"]),
  s("부산", "밀면", 35.1577, 129.0591, 14000, 10, ["부산밀면"]),
  s("속초 (중앙시장)", "닭강정", 38.2044, 128.5899, 5000, 8),
  s("속초 (아바이마을)", "순대", 38.2005, 128.5945, 3000, 6, ["오징어순대", "아바이순대"]),
  s("속초", "물회", 38.2044, 128.5899, 6000, 5),
  s("안동 (구시장 찜닭골목)", "찜닭", 36.566, 128.729, 5000, 15, ["안동찜닭"]),
  s("수원 (왕갈비)", "갈비", 37.2636, 127.0286, 9000, 6, ["수원왕갈비", "왕갈비"]),
  s("통영 (강구안)", "김밥", 34.8443, 128.4246, 5000, 10, ["충무김밥"]),
  s("통영", "굴,전복", 34.8443, 128.4246, 7000, 6, ["굴요리"]),
  s("강릉 (초당동)", "순두부찌개", 37.792, 128.915, 4000, 12, ["초당순두부", "순두부"]),
  s("의정부 (부대찌개거리)", "부대찌개", 37.7385, 127.0457, 5000, 8, ["의정부부대찌개"]),
  s("나주 (금성관 곰탕거리)", "곰탕", 35.0316, 126.7172, 5000, 15, ["나주곰탕"]),
  s("영덕 (강구항)", "게,대게", 36.3583, 129.3898, 8000, 20, ["영덕대게", "대게"]),
  s("포항 (죽도시장)", "물회", 36.0345, 129.365, 7000, 10, ["포항물회"]),
  s("마산 (오동동 아구찜거리)", "아구", 35.204, 128.578, 5000, 12, ["마산아구찜", "아구찜"]),
  s("천안 병천 (순대거리)", "순대", 36.761, 127.306, 4000, 10, ["병천순대"]),
  s("남원 (광한루 추어탕거리)", "추어", 35.405, 127.38, 5000, 15, ["남원추어탕", "추어탕"]),
  s("제주시", "흑돼지", 33.4996, 126.5312, 14000, 20, ["제주흑돼지"]),
  s("서귀포", "흑돼지", 33.2541, 126.56, 10000, 20, ["제주흑돼지"]),
  s("제주", "갈치", 33.38, 126.55, 40000, 5, ["갈치조림"]),
  s("대구 (막창)", "곱창,막창", 35.8714, 128.6014, 12000, 4, ["대구막창", "막창"]),
  s("대전 (칼국수)", "칼국수", 36.3504, 127.3845, 10000, 3),
  s("광주 (오리탕거리)", "오리", 35.1595, 126.8526, 9000, 4, ["오리탕"]),
  s("여수 (게장거리)", "게장", 34.7604, 127.6622, 7000, 10, ["여수게장", "돌게장"]),
  s("목포 (낙지)", "낙지", 34.8118, 126.3922, 6000, 6, ["세발낙지"]),
  s("평창 봉평 (메밀)", "막국수", 37.609, 128.354, 5000, 8, ["메밀막국수"]),
  s("횡성 (한우)", "한우", 37.4917, 127.985, 6000, 8, ["횡성한우"]),
  s("신당동 떡볶이타운", "떡볶이", 37.565, 127.017, 700, 8, ["신당동떡볶이", "즉석떡볶이"]),
  s("장충동 족발골목", "족발,보쌈", 37.561, 127.0075, 600, 8, ["장충동족발"]),
  s("건대 양꼬치거리", "양꼬치", 37.5375, 127.069, 800, 12),
  s("왕십리 곱창골목", "곱창,막창", 37.5612, 127.0371, 800, 5),
  s("을지로 노가리골목", "호프,요리주점", 37.5663, 126.9919, 500, 3, ["노가리", "맥주"]),
  s("응암동 감자탕골목", "감자탕", 37.593, 126.917, 700, 8),
  s("신사역–압구정 (성형외과)", "성형외과", 37.5205, 127.0229, 1500, 8),
  s("신사동 가로수길 (와인바)", "와인바", 37.5205, 127.0229, 900, 3),
  s("이태원 (세계 음식)", "인도음식", 37.5345, 126.9943, 900, 4),
  s("이태원 (세계 음식)", "멕시칸,브라질", 37.5345, 126.9943, 900, 5),
  s("이태원 (세계 음식)", "할랄", 37.5345, 126.9943, 900, 8),
  s("안산 원곡동 (다문화거리)", "쌀국수", 37.327, 126.7888, 1200, 4),
  s("안산 원곡동 (다문화거리)", "양꼬치", 37.327, 126.7888, 1200, 5),
  s("대림동 (중국 음식)", "마라탕", 37.4925, 126.895, 900, 4),
  s("대림동 (중국 음식)", "훠궈", 37.4925, 126.895, 900, 6),
  s("인천 차이나타운", "짜장면", 37.4757, 126.6178, 700, 10, ["원조짜장", "짜장면"]),
  s("광장시장 빈대떡", "전집", 37.57, 126.9996, 400, 10, ["빈대떡", "녹두전"]),
  s("강릉 안목 커피거리", "로스터리", 37.7722, 128.9475, 1200, 8),
];

/**
 * Specialities the vocabulary has no kind for yet (with the kind they wait for): rows here come alive
 * when shared/places/kinds-data.ts gains the kind and a row is added above.
 */
export const AWAITING_VOCABULARY: readonly { where: string; kind: string }[] = [
  { where: "담양", kind: "떡갈비" },
  { where: "벌교", kind: "꼬막" },
  { where: "구룡포", kind: "과메기" },
  { where: "신림 순대타운", kind: "순대볶음" },
  { where: "제주", kind: "고기국수" },
  { where: "천안", kind: "호두과자" },
  { where: "광장시장", kind: "육회" },
  { where: "동대문 광희동", kind: "중앙아시아음식" },
];
