// What people ask for, in Korean and plain English, mapped to Kakao search keywords, category codes
// and an English equivalent for Google abroad. Terms are matched as substrings (Hangul, 2+ letters)
// or, when prefixed with "=", only as a whole word (short or ambiguous ones: 회, 죽, 빵, bar).
import type { KakaoCategoryCode } from "./categories.ts";

export type LexKind = "food" | "drink" | "cafe" | "place" | "activity" | "lodging" | "attraction";

export interface LexEntry {
  terms: string[];
  /** what to search for; empty means "the word the user wrote" (짜장면 stays 짜장면) */
  keywords: string[];
  codes: KakaoCategoryCode[];
  en: string;
  kind: LexKind;
  /** "맛집", "음식점": says "food" without saying which; a mood (속이 편한) replaces it */
  generic?: boolean;
  /** a Korean dish with no English name a map abroad knows: searched there as written */
  korean?: boolean;
}

const e = (
  kind: LexKind,
  codes: KakaoCategoryCode[],
  en: string,
  terms: string[],
  keywords: string[] = [],
): LexEntry => ({
  terms,
  keywords,
  codes,
  en,
  kind,
});
const food = (en: string, terms: string[], keywords?: string[]) => e("food", ["FD6"], en, terms, keywords);
const drink = (en: string, terms: string[], keywords?: string[]) => e("drink", ["FD6"], en, terms, keywords);
const cafe = (en: string, terms: string[], keywords?: string[]) => e("cafe", ["CE7"], en, terms, keywords);
const activity = (en: string, terms: string[], keywords?: string[]) => e("activity", [], en, terms, keywords);

const korean = (entries: LexEntry[]): LexEntry[] => entries.map((x) => ({ ...x, korean: true }));

export const LEXICON: LexEntry[] = [
  // generic
  {
    ...food("restaurants", ["맛집", "맛있는 집", "=restaurants?", "=food", "=eats"], ["맛집"]),
    generic: true,
  },
  {
    ...food(
      "restaurant",
      ["음식점", "식당", "밥집", "먹을 곳", "먹을곳", "먹을 데", "밥 먹을", "=dining"],
      ["음식점"],
    ),
    generic: true,
  },
  { ...food("restaurant", ["레스토랑"]), generic: true },
  { ...food("restaurants", ["먹거리", "먹을거리"], ["맛집"]), generic: true },
  food("korean food", ["한식", "한정식", "=korean"], ["한식"]),
  // Korean dishes: abroad they are searched in Korean (Google finds "해장국", not "haejangguk")
  ...korean([
    food("gukbap", ["국밥"]),
    food("haejangguk", ["해장국"]),
    food("sundae soup", ["순대국", "순댓국"], ["순댓국"]),
    food("seolleongtang", ["설렁탕", "곰탕"], ["설렁탕", "곰탕"]),
    food("gamjatang", ["감자탕"]),
    food("samgyetang", ["삼계탕"]),
    food("kalguksu", ["칼국수", "수제비"], ["칼국수"]),
    food("naengmyeon", ["냉면", "밀면", "막국수"]),
    food("porridge", ["=죽", "죽집", "전복죽"], ["죽"]),
    food("set meal", ["백반", "가정식", "기사식당"], ["백반"]),
    food("bunsik", ["분식", "김밥", "떡볶이", "순대"]),
    food("korean bbq", ["고깃집", "고기집", "=고기", "구이집", "=bbq", "=barbecue"], ["고깃집"]),
    food("samgyeopsal", ["삼겹살", "오겹살", "목살"]),
    food("galbi", ["갈비", "=galbi"]),
    food("hanwoo", ["한우", "소고기", "소갈비", "=beef"], ["한우"]),
    food("black pork", ["흑돼지"]),
    food("gopchang", ["곱창", "막창", "대창"]),
    food("jokbal", ["족발", "보쌈"]),
    food("dakgalbi", ["닭갈비", "닭볶음탕", "찜닭"]),
    food("fried chicken", ["치킨", "통닭", "=chicken"], ["치킨"]),
    food("jeon", ["파전", "=전집", "빈대떡", "부침개"], ["파전"]),
    food("raw fish", ["횟집", "=회", "활어", "사시미", "=sashimi"], ["횟집"]),
    food("fish market", ["수산시장"]),
    food("seafood", ["해산물", "해물", "조개구이", "=seafood"], ["해산물"]),
    food("crab", ["대게", "킹크랩", "게장", "간장게장"]),
    food("eel", ["장어", "민물장어"]),
    food("mulhoe", ["물회"]),
    food("braised monkfish", ["아구찜", "아귀찜"]),
    food("hot pot", ["샤브샤브", "훠궈", "=hotpot"], ["샤브샤브"]),
    // stews and soups, each searched as written (김치찌개 is no 부대찌개), so a typo (김치찌깨) finds its dish
    food("jjigae", [
      "찌개",
      "김치찌개",
      "부대찌개",
      "된장찌개",
      "순두부찌개",
      "순두부",
      "청국장",
      "동태찌개",
      "고추장찌개",
      "짜글이",
    ]),
    food("korean soup", [
      "육개장",
      "갈비탕",
      "추어탕",
      "매운탕",
      "해물탕",
      "알탕",
      "동태탕",
      "내장탕",
      "도가니탕",
      "꼬리곰탕",
      "연포탕",
      "대구탕",
      "복국",
      "복어국",
      "뼈해장국",
      "미역국",
      "북엇국",
      "북어국",
      "황태해장국",
      "콩나물국밥",
      "돼지국밥",
      "선지해장국",
    ]),
  ]),
  // Japanese
  food("japanese food", ["일식", "일본음식", "일본 음식", "일식집", "=japanese"], ["일식"]),
  food("sushi", ["초밥", "스시", "=sushi"], ["초밥"]),
  food("ramen", ["라멘", "라면집", "=ramen"], ["라멘"]),
  food("udon", ["우동", "소바", "=udon"], ["우동"]),
  food("tonkatsu", ["돈가스", "돈까스", "돈카츠", "=tonkatsu"], ["돈가스"]),
  food("izakaya", ["이자카야", "=izakaya"], ["이자카야"]),
  food("omakase", ["오마카세", "=omakase"], ["오마카세"]),
  food("donburi", ["덮밥", "규동", "가츠동"]),
  // Chinese and Asian
  food("chinese food", ["중식", "중국집", "중국음식", "중화요리", "=chinese"], ["중식"]),
  food("jjamppong", ["짬뽕", "짜장면", "짜장", "탕수육"]),
  food("malatang", ["마라탕", "마라샹궈", "=malatang"], ["마라탕"]),
  food("dim sum", ["딤섬", "=dimsum"], ["딤섬"]),
  food("lamb skewers", ["양꼬치"]),
  food("pho", ["쌀국수", "베트남", "=pho", "=vietnamese"], ["쌀국수"]),
  food("thai food", ["태국음식", "태국 음식", "팟타이", "=thai"], ["태국음식"]),
  food("curry", ["카레", "커리", "인도음식", "=curry", "=indian"], ["커리"]),
  // Western
  food("western food", ["양식", "=western"], ["양식"]),
  food("pasta", ["파스타", "=pasta", "=italian"], ["파스타"]),
  food("pizza", ["피자", "=pizza"]),
  food("steak", ["스테이크", "=steak", "=steakhouse"], ["스테이크"]),
  food("burger", ["햄버거", "버거", "=burgers?"], ["햄버거"]),
  food("brunch", ["브런치", "=brunch"], ["브런치"]),
  food("salad", ["샐러드", "=salad"], ["샐러드"]),
  // a dish of its own, searched as written (a 포케 place is no salad bar)
  food("poke", ["포케", "포케볼", "=poke"], ["포케"]),
  food("tacos", ["타코", "멕시칸", "=tacos?", "=mexican"], ["타코"]),
  food("sandwich", ["샌드위치", "=sandwich"]),
  // drinks
  drink("bar", ["술집", "=술", "=bars?", "=nightlife"], ["술집"]),
  drink("wine bar", ["와인바", "와인", "=wine"], ["와인바"]),
  drink("pub", ["펍", "=pubs?"], ["펍"]),
  drink("beer", ["맥주집", "맥주", "호프", "수제맥주", "=beer", "=brewery"], ["맥주"]),
  drink("cocktail bar", ["칵테일", "=바", "=cocktails?"], ["칵테일바"]),
  drink("pojangmacha", ["포차", "포장마차"], ["포차"]),
  drink("makgeolli", ["막걸리", "전통주"], ["막걸리"]),
  // cafés and desserts
  cafe("cafe", ["카페", "커피숍", "커피", "까페", "=cafes?", "=coffee", "=coffeeshop"], ["카페"]),
  cafe("dessert", ["디저트", "=desserts?", "=sweets"], ["디저트"]),
  cafe("bakery", ["빵집", "베이커리", "=빵", "=bakery", "=bakeries", "=bread"], ["빵집", "베이커리"]),
  cafe("cake", ["케이크", "=cake"]),
  cafe("matcha", ["말차", "녹차", "=matcha"], ["말차"]),
  cafe("bingsu", ["빙수"]),
  cafe("tea house", ["찻집", "전통찻집", "=tea"], ["찻집"]),
  // lodging and sights
  e(
    "lodging",
    ["AD5"],
    "hotel",
    ["숙박", "숙소", "호텔", "모텔", "펜션", "게스트하우스", "리조트", "=hotels?", "=hostel", "=stay"],
    ["숙박"],
  ),
  e(
    "attraction",
    ["AT4"],
    "tourist attractions",
    ["관광지", "명소", "가볼만한 곳", "가볼만한곳", "볼거리", "=sights", "=attractions?"],
    ["관광지"],
  ),
  e("attraction", ["CT1"], "museum", ["박물관", "=museums?"], ["박물관"]),
  e("attraction", ["CT1"], "art gallery", ["미술관", "갤러리", "전시", "=gallery"], ["미술관"]),
  e("attraction", ["AT4"], "beach", ["해수욕장", "해변", "바닷가", "=beach"], ["해수욕장"]),
  e("attraction", ["AT4"], "park", ["공원", "=park"], ["공원"]),
  e("place", ["MT1"], "market", ["전통시장", "=시장"], ["시장"]),
  // everyday places (Kakao category groups)
  e("place", ["PM9"], "pharmacy", ["약국", "=pharmacy"]),
  e("place", ["HP8"], "hospital", ["병원", "의원", "응급실", "=hospital", "=clinic"], ["병원"]),
  // a specialty is searched as written: 소아과 is not any hospital
  e("place", ["HP8"], "clinic", [
    "소아과",
    "소아청소년과",
    "치과",
    "피부과",
    "안과",
    "이비인후과",
    "정형외과",
    "내과",
    "산부인과",
    "한의원",
    "정신과",
    "비뇨기과",
  ]),
  // English names of a specialty, each searched by its Korean name (not by the list's first word)
  e("place", ["HP8"], "dentist", ["=dentists?", "dental clinic"], ["치과"]),
  e("place", ["CS2"], "convenience store", ["편의점"]),
  e("place", ["MT1"], "supermarket", ["대형마트", "마트", "=supermarket"], ["마트"]),
  e("place", ["PK6"], "parking", ["주차장", "=parking"], ["주차장"]),
  e("place", ["OL7"], "gas station", ["주유소", "충전소", "전기차 충전"], ["주유소"]),
  e("place", ["BK9"], "bank", ["은행", "ATM", "=bank"], ["은행"]),
  e("place", ["SW8"], "subway station", ["지하철역"]),
  e("place", ["AC5"], "academy", ["학원"]),
  e("place", ["PS3"], "kindergarten", ["어린이집", "유치원"]),
  e("place", ["SC4"], "school", ["학교", "초등학교", "중학교", "고등학교"], ["학교"]),
  e("place", ["AG2"], "real estate agency", ["부동산", "공인중개사"], ["부동산"]),
  e("place", ["PO3"], "public office", ["주민센터", "구청", "시청", "우체국"]),
  // activities (tags.activities)
  activity("climbing gym", ["클라이밍", "볼더링", "암벽", "=climbing", "=bouldering"], ["클라이밍장"]),
  activity("bowling", ["볼링", "=bowling"], ["볼링장"]),
  activity("billiards", ["당구", "포켓볼"], ["당구장"]),
  activity("table tennis", ["탁구"], ["탁구장"]),
  activity("tennis court", ["테니스", "=tennis"], ["테니스장"]),
  activity("golf", ["골프", "스크린골프", "=golf"], ["골프연습장"]),
  activity("swimming pool", ["수영장", "=수영", "=swimming"], ["수영장"]),
  activity("gym", ["헬스장", "=헬스", "피트니스", "=gym", "=fitness"], ["헬스장"]),
  activity("yoga", ["요가", "=yoga"], ["요가"]),
  activity("pilates", ["필라테스", "=pilates"], ["필라테스"]),
  activity("campsite", ["캠핑", "오토캠핑", "=camping", "=campsite"], ["캠핑장"]),
  activity("glamping", ["글램핑", "=glamping"], ["글램핑"]),
  activity("fishing", ["낚시"], ["낚시터"]),
  activity("escape room", ["방탈출", "=escape"], ["방탈출"]),
  activity("karaoke", ["노래방", "코인노래방", "=karaoke"], ["노래방"]),
  activity("pc bang", ["PC방", "피시방", "pc방"], ["PC방"]),
  activity("sauna", ["찜질방", "사우나", "=sauna", "=jjimjilbang"], ["찜질방"]),
  activity("ski resort", ["스키장", "=스키", "=skiing"], ["스키장"]),
  activity("surfing", ["서핑", "=surfing"], ["서핑"]),
  activity("hiking", ["등산", "등산로", "트레킹", "=hiking"], ["등산로"]),
  activity("cycling", ["자전거", "라이딩", "=cycling"], ["자전거"]),
  activity("running course", ["러닝", "조깅", "=running"], ["러닝코스"]),
  activity("trail", ["산책로", "=산책", "둘레길", "=walk"], ["산책로"]),
];

/**
 * The context dictionary: words that change what is searched. A `kind` names a place of its own and
 * replaces the generic one it contains (동물병원 is not a 병원, so no HP8); an `occasion` says what the
 * place is for (뒤풀이, 회식, 공부) and gives keywords only when the query names no dish or kind itself.
 * Both add review words where the occasion implies a condition (회식 → 단체석).
 */
export interface ContextEntry {
  terms: string[];
  role: "kind" | "occasion";
  keywords: string[];
  codes: KakaoCategoryCode[];
  review: string[];
  en: string[];
}
const ctx = (
  role: ContextEntry["role"],
  terms: string[],
  keywords: string[],
  codes: KakaoCategoryCode[] = [],
  review: string[] = [],
  en: string[] = [],
): ContextEntry => ({ role, terms, keywords, codes, review, en });

/** Pet words that, written before a service, make it the pet's service (강아지 병원 is a 동물병원). */
const PET_OWNERS = ["강아지", "고양이", "반려견", "반려묘", "반려동물", "애견", "애묘", "댕댕이"];

/**
 * "고양이 병원", "강아지 약국", "반려견 유치원": a service named with whom it is for is a kind of its own,
 * not a pet-friendly one (no 애견동반 rewrite), written with or without the space.
 */
const petService = (services: string[], keyword: string, en: string): ContextEntry =>
  ctx(
    "kind",
    PET_OWNERS.flatMap((p) => services.flatMap((s) => [`${p}${s}`, `${p} ${s}`])),
    [keyword],
    [],
    [],
    [en],
  );

export const CONTEXT: ContextEntry[] = [
  petService(["병원", "의원"], "동물병원", "veterinary clinic"),
  petService(["약국"], "동물약국", "pet pharmacy"),
  petService(["유치원", "어린이집", "데이케어"], "애견유치원", "dog daycare"),
  petService(["미용", "미용실", "미용샵"], "애견미용", "pet grooming"),
  petService(["호텔", "호텔링"], "애견호텔", "pet hotel"),
  petService(["용품", "용품점"], "반려동물용품", "pet supplies"),
  ctx(
    "kind",
    [
      "동물병원",
      "동물 병원",
      "애견병원",
      "애견 병원",
      "vet clinic",
      "animal hospital",
      "=vet",
      "=veterinarian",
    ],
    ["동물병원"],
    [],
    [],
    ["veterinary clinic"],
  ),
  ctx("kind", ["동물약국", "동물 약국", "애견약국"], ["동물약국"], [], [], ["pet pharmacy"]),
  ctx("kind", ["스터디카페", "스터디 카페", "독서실"], ["스터디카페"], [], [], ["study cafe"]),
  ctx("kind", ["비건", "채식", "=vegan", "=vegetarian"], ["비건"], ["FD6"], [], ["vegan"]),
  ctx("kind", ["노포"], ["노포"], ["FD6"], [], ["old restaurant"]),
  ctx("kind", ["할랄", "=halal"], ["할랄"], ["FD6"], [], ["halal"]),
  ctx("kind", ["비치클럽", "=beach club"], ["비치클럽"], [], [], ["beach club"]),
  ctx(
    "occasion",
    ["뒤풀이", "2차", "3차", "술자리", "한잔", "한 잔"],
    ["술집", "호프", "포차"],
    ["FD6"],
    [],
    ["bar"],
  ),
  ctx("occasion", ["회식"], ["고깃집", "삼겹살", "한식"], ["FD6"], ["단체석"], ["korean bbq"]),
  ctx(
    "occasion",
    ["공부하기", "공부할", "공부", "카공", "작업하기", "노트북"],
    ["카페", "스터디카페"],
    ["CE7"],
    ["콘센트", "조용한"],
    ["cafe"],
  ),
  ctx("occasion", ["혼술"], ["술집", "이자카야"], ["FD6"], ["혼술"], ["bar"]),
  ctx(
    "occasion",
    ["소개팅", "상견례", "기념일"],
    ["레스토랑", "파스타", "양식"],
    ["FD6"],
    ["분위기"],
    ["restaurant"],
  ),
  ctx("occasion", ["점심", "=런치", "=lunch"], ["맛집", "음식점"], ["FD6"], [], ["lunch"]),
];

/** Words the condition parser reads (time, rating, price, exclusions): in the segmenter's dictionary. */
export const CONDITION_WORDS = [
  "지금",
  "영업중",
  "영업중인",
  "영업",
  "여는",
  "하는",
  "24시",
  "24시간",
  "새벽",
  "심야",
  "공휴일",
  "휴일",
  "연휴",
  "명절",
  "오늘",
  "내일",
  "모레",
  "평점",
  "별점",
  "높은",
  "이하",
  "미만",
  "프랜차이즈",
  "체인점",
  "체인",
  "말고",
  "빼고",
  "제외",
  "월요일",
  "화요일",
  "수요일",
  "목요일",
  "금요일",
  "토요일",
  "일요일",
];

/** Moods that stand for several dishes; used only when the query names no dish of its own. */
export const MOODS: { terms: string[]; keywords: string[]; en: string[] }[] = [
  {
    terms: ["속이 편한", "속 편한", "속편한", "해장", "소화 잘 되는", "소화가 잘 되는", "속이 안 좋"],
    keywords: ["해장국", "죽", "우동", "백반"],
    en: ["porridge", "udon"],
  },
  {
    terms: ["비 오는 날", "비오는 날", "비 오는날", "비오는날"],
    keywords: ["파전", "칼국수", "수제비"],
    en: ["noodle soup"],
  },
  { terms: ["든든한", "든든하게", "배부르게"], keywords: ["국밥", "백반", "돈가스"], en: ["hearty food"] },
  {
    terms: ["가볍게", "가벼운", "다이어트", "건강한", "=healthy", "=light"],
    keywords: ["샐러드", "포케"],
    en: ["salad", "healthy food"],
  },
  { terms: ["시원한", "더운 날"], keywords: ["냉면", "물회", "막국수"], en: ["cold noodles"] },
  { terms: ["매운", "매콤한", "=spicy"], keywords: ["마라탕", "떡볶이", "짬뽕"], en: ["spicy food"] },
  { terms: ["따뜻한 국물", "뜨끈한", "추운 날"], keywords: ["국밥", "칼국수", "설렁탕"], en: ["soup"] },
  { terms: ["야식", "늦게까지", "=late-night"], keywords: ["포차", "치킨", "족발"], en: ["late night food"] },
];

/** Things a map API can't filter on; the plan checks them in reviews (001: filter_by_review). */
export const REVIEW_TERMS: { terms: string[]; keyword: string }[] = [
  { terms: ["콘센트", "충전 가능", "=outlets?", "=outlet"], keyword: "콘센트" },
  { terms: ["와이파이", "wifi", "wi-fi", "인터넷"], keyword: "와이파이" },
  {
    terms: [
      "주차되는",
      "주차 되는",
      "주차가능",
      "주차 가능",
      "주차 되나",
      "주차되나",
      "주차되",
      "주차 편한",
      "=주차",
      "=parking",
    ],
    keyword: "주차",
  },
  { terms: ["조용한", "조용히", "=quiet"], keyword: "조용한" },
  { terms: ["넓은", "=spacious"], keyword: "넓은" },
  { terms: ["룸", "개별룸", "단체룸", "프라이빗", "=private"], keyword: "룸" },
  { terms: ["단체석", "단체", "회식"], keyword: "단체석" },
  { terms: ["테라스", "야외석", "=terrace"], keyword: "테라스" },
  { terms: ["루프탑", "=rooftop"], keyword: "루프탑" },
  { terms: ["오션뷰", "바다뷰", "한강뷰", "뷰 좋은", "뷰맛집", "전망", "=view"], keyword: "뷰" },
  { terms: ["예약 가능", "예약되는", "예약"], keyword: "예약" },
  { terms: ["콜키지"], keyword: "콜키지" },
  { terms: ["노키즈"], keyword: "노키즈존" },
  {
    terms: ["아이와", "아이랑", "애기랑", "애기와", "아기랑", "아기와", "아기의자", "키즈", "유모차", "가족"],
    keyword: "아이 동반",
  },
  { terms: ["휠체어", "배리어프리"], keyword: "휠체어" },
  { terms: ["혼밥", "1인석", "혼자"], keyword: "혼밥" },
  { terms: ["포장", "테이크아웃", "=takeout"], keyword: "포장" },
  { terms: ["배달"], keyword: "배달" },
  { terms: ["분위기 좋은", "분위기좋은", "감성", "데이트", "=romantic"], keyword: "분위기" },
  { terms: ["가성비", "저렴한", "싼", "=cheap", "=affordable", "=budget"], keyword: "가성비" },
];

export const PET_TERMS = [
  "애견동반",
  "애견 동반",
  "애견",
  "반려견",
  "반려동물",
  "강아지",
  "댕댕이",
  "펫프렌들리",
  "펫 프렌들리",
  "=펫",
  "고양이",
  "=dog-friendly",
  "=pet-friendly",
  "=pets?",
  "=dogs?",
];
