// How a demo place of a kind is named and described, by branch of the vocabulary of kinds
// (shared/places/kinds-data.ts): a kind takes each trait from itself or its nearest ancestor that
// states it. SYNTHETIC: the traits make up names, tags and prices, not real shops.
//  - words: what goes in a name; by default the kind's own Korean words (its name, the parts of a comma
//    name, its synonyms), never a word of another kind, so a name never names a kind the place is not;
//  - suffixes: what may follow the word ("집", " 본점");
//  - tags: attributes reviews would mention, some of which each place gets;
//  - price: the average spend per person in won ([0, 0]: no price);
//  - style "joined": an institution's one-word name ("한빛초등학교"); "branch": a made-up company's branch
//    ("한빛은행 망원지점"); areaOnly: named for its dong only ("망원우체국").

export interface Traits {
  words?: string[];
  suffixes: string[];
  tags: string[];
  price: [number, number];
  style: "shop" | "joined" | "branch";
  areaOnly: boolean;
}

const EAT = ["주차", "단체석", "룸", "혼밥", "포장", "배달", "예약", "가성비", "24시", "조용한"];
const CAFE = ["콘센트", "와이파이", "조용한", "넓은", "테라스", "루프탑", "애견동반", "디저트", "주차", "뷰"];
const BAR = ["단체석", "룸", "분위기", "테라스", "예약", "늦게까지"];
const joined = { style: "joined" as const, suffixes: [""] };

/** The traits of a branch; a kind without a row takes its nearest ancestor's. */
export const TRAITS: Record<string, Partial<Traits>> = {
  음식점: { suffixes: ["", "집", " 본점", "식당"], tags: EAT, price: [9000, 15000] },
  한식: { words: ["한식당", "한식"], suffixes: ["", " 본점"] },
  "육류,고기": {
    words: ["고기", "고깃집", "고기구이", "숯불구이"],
    tags: ["주차", "단체석", "룸", "예약", "회식"],
    price: [15000, 35000],
  },
  소고기: { price: [30000, 70000] },
  한우: { price: [45000, 90000] },
  "해물,생선": { tags: ["단체석", "룸", "주차", "예약"], price: [25000, 55000] },
  국밥: { price: [9000, 12000] },
  국수: { price: [8000, 12000] },
  냉면: { price: [10000, 16000], suffixes: ["", " 본점", "옥"] },
  전집: { words: ["전집", "빈대떡", "부침개", "녹두전", "모둠전"] },
  분식: { tags: ["혼밥", "포장", "가성비"], price: [4000, 9000], suffixes: ["", "집", "나라"] },
  일식: { words: ["일식", "일식당"], price: [12000, 30000], suffixes: ["", " 다이닝"] },
  "초밥,롤": { tags: ["예약", "조용한", "룸"], price: [15000, 45000] },
  오마카세: { tags: ["예약", "조용한"], price: [60000, 150000], suffixes: [""] },
  중식: { price: [8000, 25000], suffixes: ["", "각", "루"] },
  양식: { words: ["양식당", "레스토랑"], tags: ["데이트", "분위기", "예약"], price: [16000, 32000] },
  "스테이크,립": { price: [30000, 70000] },
  햄버거: { tags: ["혼밥", "포장"], price: [9000, 16000], suffixes: ["", " 하우스"] },
  아시아음식: { tags: ["혼밥", "분위기"], price: [10000, 18000], suffixes: ["", " 키친"] },
  "게임방,PC방": { words: ["PC방", "피시방", "게임방"] },
  치킨: { tags: ["포장", "배달", "맥주"], price: [18000, 25000], suffixes: ["", "집"] },
  술집: { words: ["주점", "술집"], tags: BAR, price: [15000, 35000], suffixes: [""] },
  "호프,요리주점": { suffixes: ["", " 하우스"] },
  와인바: { price: [25000, 60000] },
  칵테일바: { price: [20000, 40000], suffixes: [""] },
  위스키바: { price: [30000, 60000], suffixes: [""] },
  카페: { words: ["카페"], tags: CAFE, price: [4500, 8000], suffixes: ["", " 카페"] },
  커피전문점: { suffixes: ["", " 커피"] },
  간식: { tags: ["포장", "주차"], price: [3000, 9000] },
  뷔페: { price: [15000, 45000] },
  // everyday services
  "가정,생활": { suffixes: [""], tags: ["주차"], price: [0, 0] },
  편의점: { tags: ["24시"], suffixes: ["24", ""] },
  미용: { tags: ["예약", "주차"] },
  "목욕탕,사우나": { tags: ["24시", "주차"] },
  여가시설: { tags: ["늦게까지", "24시"] },
  "의료,건강": { tags: ["주차", "야간진료", "주말진료"], price: [0, 0], suffixes: [""] },
  병원: { suffixes: ["의원"] },
  일반의원: { words: ["의원"] },
  치과: { suffixes: ["의원", ""] },
  한의원: { suffixes: [""] },
  종합병원: { words: ["종합병원"], suffixes: [""] },
  대학병원: { suffixes: [""] },
  약국: { tags: [] },
  "금융,보험": { style: "branch", suffixes: [""], tags: ["주차"], price: [0, 0] },
  ATM: { words: ["자동화코너"], style: "shop" },
  환전소: { style: "shop" },
  부동산: { words: ["공인중개사사무소", "부동산"], ...joined, tags: [], price: [0, 0] },
  // children and schooling
  "교육,학문": { ...joined, tags: [], price: [0, 0] },
  학원: {
    words: ["영어", "수학", "피아노", "태권도", "미술", "국어", "코딩"],
    suffixes: ["학원"],
    style: "shop",
  },
  학습시설: { style: "shop", suffixes: [""], tags: ["24시", "와이파이"] },
  // public offices
  "사회,공공기관": { ...joined, tags: [], price: [0, 0], areaOnly: true },
  행정복지센터: { style: "shop", words: ["행정복지센터"] },
  경찰서: { words: ["지구대", "파출소"] },
  // getting about
  "교통,수송": { suffixes: [""], tags: [], price: [0, 0] },
  주유소: { words: ["주유소", "셀프주유소"], tags: ["세차", "24시"] },
  주차장: { words: ["주차장"] },
  // travel
  여행: { suffixes: [""], tags: ["주차", "사진명소"], price: [0, 0] },
  숙박: { tags: ["주차", "조식"], price: [60000, 150000] },
  호텔: { price: [80000, 220000] },
  "여관,모텔": { price: [40000, 80000] },
  펜션: { tags: ["주차", "바베큐"], price: [90000, 250000] },
  게스트하우스: { price: [30000, 70000] },
  "야영,캠핑장": {
    words: ["캠핑장", "캠핑"],
    tags: ["주차", "애견동반"],
    price: [40000, 90000],
  },
  "문화,예술": { suffixes: [""], tags: ["주차"], price: [0, 15000] },
  "공연장,연극극장": { words: ["아트홀", "공연장", "극장"] },
  종교: { ...joined, tags: [], price: [0, 0] },
  "절,사찰": { words: ["사"] },
  "스포츠,레저": { suffixes: ["", " 센터"], tags: ["주차", "샤워"], price: [0, 0] },
  "서비스,산업": { suffixes: [""], tags: ["와이파이"], price: [0, 0] },
};

const DEFAULT: Traits = {
  suffixes: [""],
  tags: [],
  price: [0, 0],
  style: "shop",
  areaOnly: false,
};

/** A kind's traits, each from the kind or its nearest ancestor that states it (path: root first). */
export function traitsOf(path: readonly string[]): Traits {
  const out: Partial<Traits> = {};
  for (const name of [...path].reverse()) {
    const row = TRAITS[name];
    if (!row) continue;
    for (const key of Object.keys(row) as (keyof Traits)[])
      if (out[key] === undefined && (key !== "words" || name === path.at(-1)))
        (out as Record<string, unknown>)[key] = row[key];
  }
  return { ...DEFAULT, ...out };
}
