// The vocabulary of kinds grown from stated sources, as a table of grafts onto the tree of kinds-data.ts:
// each row names a node of the tree and the kinds that hang under it (or the words it gains). Data, read
// by kinds-data.ts, which grafts it on; nothing here comes from queries that failed.
//
// Where the rows come from:
// - KSIC: the consumer-facing subclasses of the standard industrial classification
//   (shared/data/ksic_consumer_subclasses.csv): a kind of place a subclass holds, named as people name
//   it (정육점 of 47212 육류 소매업, 수선집 of 95391, 컵밥 of 56194 김밥 및 기타 간이 음식점업).
// - MENU: dishes and drinks as menus and shop signs name them, listed by the node that serves them (every
//   덮밥 of a Japanese menu, the street snacks of 56199, the snacks a 호프 is known by).
// - SPECIALTY: the specialties a clinic is named by (의료법 시행규칙 제41조, 진료과목).
// - USAGE: a kind people name that none of the above writes (팝업스토어, 반찬가게).
// - BRAND: national chains, a leaf below the kind Kakao files them under (스타벅스 under 커피전문점):
//   asked for a chain, a place of its kind is of it only when its name says so.
// The data rules of kinds-data.ts hold for every row (test/unit/kinds-data.test.ts).
import type { KindNode } from "./kind-node.ts";

const KSIC = (code: string) => `KSIC ${code} (shared/data/ksic_consumer_subclasses.csv)`;
const MENU = "menu words: dishes and drinks as menus and shop signs name them (not a Kakao category)";
const SPECIALTY = "의료법 시행규칙 제41조 진료과목 (the specialties a clinic is named by)";
const USAGE = "common search word (not a Kakao category; not in lexicon.ts)";
/** a national chain: Kakao writes its brand as the last segment of the path (provider-apis.md §1.5) */
const BRAND =
  "Kakao Map category path: a chain's brand is its last segment (음식점 > 카페 > 커피전문점 > 스타벅스)";

/** Kinds under an existing node, or words it gains (`synonyms`). */
export interface KindGraft {
  /** the name of the node of kinds-data.ts they hang under */
  under: string;
  nodes?: KindNode[];
  synonyms?: string[];
}

const n = (name: string, synonyms: string[], source: string, children?: KindNode[]): KindNode => ({
  name,
  ...(synonyms.length ? { synonyms } : {}),
  source,
  ...(children ? { children } : {}),
});

export const KIND_GRAFTS: readonly KindGraft[] = [
  // 56113 한식 육류 요리 전문점, 56114 한식 해산물 요리 전문점
  {
    under: "육류,고기",
    nodes: [
      n("떡갈비", ["떡갈비집", "tteokgalbi"], KSIC("56113")),
      n("육회", ["육회집", "육사시미", "뭉티기", "yukhoe"], KSIC("56113")),
      n("수육", ["수육집", "돼지수육"], KSIC("56113")),
    ],
  },
  { under: "갈비", synonyms: ["왕갈비", "갈비구이"] },
  {
    under: "닭요리",
    nodes: [
      n("닭발", ["닭발집", "국물닭발", "뼈없는닭발"], KSIC("56113")),
      n("백숙", ["닭백숙", "옻닭", "백숙집"], KSIC("56113")),
    ],
  },
  {
    under: "해물,생선",
    nodes: [
      n("꼬막", ["꼬막정식", "꼬막비빔밥", "꼬막집"], KSIC("56114")),
      n("해물찜", ["해물찜집", "해신탕"], KSIC("56114")),
      n("문어", ["문어숙회", "돌문어", "문어집"], KSIC("56114")),
    ],
  },
  {
    under: "순대",
    nodes: [n("순대볶음", ["백순대", "순대볶음집"], MENU), n("오징어순대", ["아바이순대"], MENU)],
  },
  // 56194 김밥 및 기타 간이 음식점업, 56199 간이 음식 포장 판매 전문점
  {
    under: "분식",
    nodes: [
      n("컵밥", ["컵밥집"], KSIC("56194")),
      n("주먹밥", ["주먹밥집", "오니기리", "onigiri"], KSIC("56194")),
      n("튀김", ["튀김집", "상추튀김", "야채튀김"], KSIC("56194")),
      n("쫄면", ["쫄면집"], KSIC("56194")),
      n("어묵", ["오뎅", "어묵집", "수제어묵"], KSIC("56194")),
    ],
  },
  { under: "떡볶이", nodes: [n("라볶이", [], MENU)] },
  { under: "김밥", nodes: [n("충무김밥", ["충무김밥집"], MENU)] },
  {
    under: "간식",
    nodes: [
      n("호두과자", ["호두과자집"], KSIC("56199")),
      n("붕어빵", ["잉어빵", "붕어빵집"], KSIC("56199")),
      n("호떡", ["씨앗호떡", "호떡집"], KSIC("56199")),
      n("꽈배기", ["찹쌀꽈배기", "꽈배기집"], KSIC("56199")),
      n("탕후루", ["tanghulu"], KSIC("56199")),
    ],
  },
  { under: "패스트푸드", nodes: [n("핫도그", ["핫도그집", "hot dog"], KSIC("56192"))] },
  // 56191 제과점업; desserts a café serves (MENU)
  {
    under: "제과,베이커리",
    nodes: [
      n("베이글", ["베이글집", "bagel"], KSIC("56191")),
      n("소금빵", ["시오빵"], KSIC("56191")),
      n("크루아상", ["크로와상", "croissant"], KSIC("56191")),
      n("휘낭시에", ["financier"], KSIC("56191")),
    ],
  },
  {
    under: "디저트카페",
    nodes: [
      n("크로플", ["크로와플"], MENU),
      n("마카롱", ["마카롱집", "macaron"], MENU),
      n("와플", ["와플집", "waffle"], MENU),
      n("크레페", ["crepe"], MENU),
    ],
  },
  { under: "카페", nodes: [n("버블티", ["밀크티", "흑당버블티", "bubble tea"], KSIC("56229"))] },
  // 56122 일식 음식점업: every 덮밥 of a Japanese menu, and the dishes a Japanese house is named by
  {
    under: "덮밥",
    nodes: [
      n("텐동", ["텐동집", "tendon"], KSIC("56122")),
      n("규동", ["규동집", "gyudon"], KSIC("56122")),
      n("가츠동", ["돈까스덮밥", "katsudon"], KSIC("56122")),
      n("사케동", ["연어덮밥"], KSIC("56122")),
      n("카이센동", ["해산물덮밥", "해물덮밥"], KSIC("56122")),
      n("부타동", ["돼지덮밥"], KSIC("56122")),
      n("오야코동", ["닭고기덮밥"], KSIC("56122")),
      n("장어덮밥", ["우나동", "히츠마부시"], KSIC("56122")),
    ],
  },
  {
    under: "일식",
    nodes: [
      n("오코노미야키", ["okonomiyaki"], KSIC("56122")),
      n("스키야키", ["sukiyaki"], KSIC("56122")),
      n("타코야키", ["타코야끼", "takoyaki"], KSIC("56122")),
    ],
  },
  { under: "돈까스", nodes: [n("규카츠", ["규까스", "규카츠집"], KSIC("56122"))] },
  { under: "일본식주점", nodes: [n("야키토리", ["꼬치구이", "꼬치집", "yakitori"], KSIC("56219"))] },
  // 56121 중식, 56123 서양식, 56129 기타 외국식 음식점업
  {
    under: "중국요리",
    nodes: [n("우육면", ["대만우육면"], KSIC("56121"))],
  },
  { under: "이탈리안", nodes: [n("리조또", ["risotto"], KSIC("56123"))] },
  {
    under: "베트남음식",
    nodes: [n("반미", ["banh mi"], KSIC("56129"))],
  },
  {
    under: "동남아음식",
    nodes: [
      n("라오스음식", ["라오스요리", "laotian food"], KSIC("56129")),
      n("인도네시아음식", ["인니음식", "나시고랭", "indonesian food"], KSIC("56129")),
      n("필리핀음식", ["필리핀요리", "filipino food"], KSIC("56129")),
      n("말레이시아음식", ["말레이음식", "malaysian food"], KSIC("56129")),
    ],
  },
  {
    under: "아시아음식",
    nodes: [
      n(
        "중앙아시아음식",
        ["우즈베키스탄음식", "우즈벡음식", "우즈벡", "샤슬릭", "central asian food", "uzbek food"],
        KSIC("56129"),
      ),
      n("몽골음식", ["몽골요리", "mongolian food"], KSIC("56129")),
      n("네팔음식", ["네팔요리", "nepali food"], KSIC("56129")),
      n("중동음식", ["아랍음식", "레바논음식", "middle eastern food"], KSIC("56129")),
      n("조지아음식", ["조지아요리", "시크메룰리", "georgian food"], KSIC("56129")),
    ],
  },
  {
    under: "양식",
    nodes: [
      n("러시아음식", ["러시아요리", "russian food"], KSIC("56129")),
      n("그리스음식", ["그리스요리", "greek food"], KSIC("56129")),
      n("독일음식", ["독일요리", "슈바인학센", "german food"], KSIC("56129")),
      n("페루음식", ["페루요리", "세비체", "peruvian food"], KSIC("56129")),
    ],
  },
  // 56213 생맥주 전문점, 56219 기타 주점업: what a bar is known by
  {
    under: "호프,요리주점",
    nodes: [
      n("노가리", ["노가리집", "노가리호프"], KSIC("56213")),
      n("먹태", ["먹태집"], KSIC("56213")),
      n("가맥", ["가맥집", "가게맥주"], KSIC("56213")),
    ],
  },
  {
    under: "술집",
    nodes: [
      n("LP바", ["lp바", "엘피바", "음악바", "뮤직바"], KSIC("56219")),
      n("재즈바", ["재즈 바", "jazz bar"], KSIC("56219")),
      n("하이볼바", ["하이볼"], KSIC("56219")),
      n("루프탑바", ["루프탑 바", "rooftop bar"], KSIC("56219")),
    ],
  },
  // G 47: shops
  {
    under: "가정,생활",
    nodes: [
      n("식품판매", ["식료품점"], KSIC("47212"), [
        n("정육점", ["정육", "고기가게", "축산물판매점"], KSIC("47212")),
        n("수산물가게", ["생선가게", "횟감"], KSIC("47213")),
        n("과일가게", ["청과물", "청과", "과일집"], KSIC("47214")),
        n("반찬가게", ["반찬", "반찬집", "반찬전문점"], USAGE),
        n("주류판매점", ["와인샵", "보틀샵", "리쿼샵"], USAGE),
      ]),
      n("전자제품", ["가전매장", "전자제품매장", "가전제품"], KSIC("47420"), [
        n(
          "휴대폰매장",
          [
            "휴대폰",
            "핸드폰",
            "핸드폰매장",
            "핸드폰가게",
            "휴대폰가게",
            "폰가게",
            "휴대폰대리점",
            "휴대폰 매장",
          ],
          KSIC("47412"),
        ),
      ]),
      n("철물점", ["철물", "공구상", "철물상"], KSIC("47521")),
      n("자전거가게", ["자전거매장", "자전거샵", "자전거 가게"], KSIC("47632")),
      n("스포츠용품", ["스포츠용품점", "등산용품점", "운동용품"], KSIC("47631")),
      n("장난감가게", ["완구점", "장난감", "토이샵"], KSIC("47633")),
      n("수선집", ["옷수선", "수선", "수선실", "의류수선"], KSIC("95391")),
      n("구두수선", ["구두수선집", "신발수선", "구두방"], KSIC("95392")),
      n("시계수리", ["시계방", "시계수리점"], KSIC("95393")),
      n("휴대폰수리", ["핸드폰수리", "액정수리"], KSIC("95120")),
      n("팝업스토어", ["팝업", "팝업매장", "팝업 스토어", "popup store", "pop-up store"], USAGE),
    ],
  },
  // S 96: personal services
  {
    under: "미용",
    nodes: [
      n("속눈썹", ["속눈썹연장", "속눈썹펌"], KSIC("96119")),
      n("왁싱", ["왁싱샵", "waxing"], KSIC("96119")),
      n("반영구", ["반영구화장", "반영구눈썹"], KSIC("96119")),
      n("마사지", ["마사지샵", "타이마사지", "발마사지", "massage"], KSIC("96122")),
    ],
  },
  { under: "서비스,산업", nodes: [n("예식장", ["웨딩홀", "결혼식장", "wedding hall"], KSIC("96921"))] },
  // Q 86: the specialties a clinic is named by, and hospitals by kind
  {
    under: "병원",
    nodes: [
      n("가정의학과", ["가정의학과의원"], SPECIALTY),
      n("신경과", ["신경과의원"], SPECIALTY),
      n("신경외과", ["신경외과의원"], SPECIALTY),
      n("흉부외과", ["심장혈관흉부외과"], SPECIALTY),
      n("마취통증의학과", ["통증의학과", "통증클리닉"], SPECIALTY),
      n("재활의학과", ["재활의학과의원"], SPECIALTY),
      n("영상의학과", ["영상의학과의원"], SPECIALTY),
      n("요양병원", [], KSIC("86105")),
    ],
  },
  {
    under: "치과",
    nodes: [n("소아치과", ["어린이치과"], KSIC("86202")), n("교정치과", ["치아교정"], KSIC("86202"))],
  },
  // R 91: sports a place is named by
  {
    under: "스포츠시설",
    nodes: [
      n("배드민턴장", ["배드민턴"], USAGE),
      n("풋살장", ["풋살"], USAGE),
      n("복싱장", ["복싱", "권투"], USAGE),
      n("주짓수", ["주짓수도장"], USAGE),
      n("태권도장", ["태권도"], USAGE),
      n("스크린야구", ["스크린야구장", "배팅센터"], USAGE),
      n("크로스핏", ["crossfit"], USAGE),
    ],
  },
];

/** National chains by the kind they are filed under (Kakao's brand-level category paths). */
export const BRAND_GRAFTS: readonly KindGraft[] = [
  {
    under: "커피전문점",
    nodes: [
      n("스타벅스", ["starbucks"], BRAND),
      n("투썸플레이스", ["투썸", "twosome place"], BRAND),
      n("이디야커피", ["이디야", "ediya"], BRAND),
      n("메가커피", ["메가엠지씨커피"], BRAND),
      n("빽다방", [], BRAND),
      n("컴포즈커피", [], BRAND),
      n("할리스", ["할리스커피"], BRAND),
      n("커피빈", ["coffee bean"], BRAND),
      n("폴바셋", [], BRAND),
    ],
  },
  {
    under: "편의점",
    nodes: [
      n("CU", ["씨유"], BRAND),
      n("GS25", ["지에스25"], BRAND),
      n("세븐일레븐", ["7-eleven", "7eleven"], BRAND),
      n("이마트24", ["emart24"], BRAND),
    ],
  },
  { under: "드럭스토어", nodes: [n("올리브영", ["olive young"], BRAND)] },
  { under: "생활용품점", nodes: [n("다이소", ["daiso"], BRAND)] },
  {
    under: "대형마트",
    nodes: [
      n("이마트", ["emart"], BRAND),
      n("홈플러스", ["homeplus"], BRAND),
      n("롯데마트", [], BRAND),
      n("코스트코", ["costco"], BRAND),
    ],
  },
  {
    under: "햄버거",
    nodes: [
      n("맥도날드", ["맥날", "mcdonald's", "mcdonalds"], BRAND),
      n("버거킹", ["burger king"], BRAND),
      n("롯데리아", [], BRAND),
      n("맘스터치", [], BRAND),
      n("KFC", [], BRAND),
    ],
  },
  { under: "제과,베이커리", nodes: [n("파리바게뜨", ["파리바게트"], BRAND), n("뚜레쥬르", [], BRAND)] },
  { under: "피자", nodes: [n("도미노피자", [], BRAND), n("피자헛", ["pizza hut"], BRAND)] },
  {
    under: "치킨",
    nodes: [
      n("교촌치킨", ["교촌"], BRAND),
      n("BBQ치킨", ["비비큐"], BRAND),
      n("BHC치킨", ["비에이치씨"], BRAND),
      n("굽네치킨", ["굽네"], BRAND),
    ],
  },
  { under: "아이스크림", nodes: [n("배스킨라빈스", ["baskin robbins"], BRAND)] },
  { under: "도넛", nodes: [n("던킨", ["던킨도너츠", "dunkin"], BRAND)] },
  { under: "샌드위치", nodes: [n("서브웨이", ["subway"], BRAND)] },
  { under: "가정,생활", nodes: [n("가구점", ["가구매장", "가구"], USAGE, [n("이케아", ["ikea"], BRAND)])] },
];

/** The tree with the grafts on: each row's nodes appended under the node it names, its words added. */
export function graft(tree: readonly KindNode[], grafts: readonly KindGraft[]): KindNode[] {
  const byName = new Map<string, KindGraft>();
  for (const g of grafts) {
    const had = byName.get(g.under);
    byName.set(
      g.under,
      had
        ? {
            under: g.under,
            nodes: [...(had.nodes ?? []), ...(g.nodes ?? [])],
            synonyms: [...(had.synonyms ?? []), ...(g.synonyms ?? [])],
          }
        : g,
    );
  }
  const used = new Set<string>();
  const walk = (nodes: readonly KindNode[]): KindNode[] =>
    nodes.map((node) => {
      const g = byName.get(node.name);
      if (g) used.add(g.under);
      const children = [...walk(node.children ?? []), ...(g?.nodes ?? [])];
      const synonyms = [...(node.synonyms ?? []), ...(g?.synonyms ?? [])];
      return {
        ...node,
        ...(synonyms.length ? { synonyms } : {}),
        ...(children.length ? { children } : {}),
      };
    });
  const out = walk(tree);
  const missing = grafts.filter((g) => !used.has(g.under)).map((g) => g.under);
  if (missing.length) throw new Error(`kinds-grafts: no node named ${missing.join(", ")}`);
  return out;
}
