// Which SYNTHETIC restaurant profile (kinds.ts, kinds-more.ts) a restaurant of the demo world takes:
// each kind of the vocabulary a profile whose menu fits it, with the kind's signature dishes first (a
// 평양냉면 house always serves 평양냉면), so the corpus's menus agree with its places' categories and
// names. A kind without a row takes its nearest ancestor's; the snacks branch (bakeries, ice cream)
// has none and is no restaurant of the corpus. An imported registry's shops have no kind of the world:
// their category words choose a profile (KIND_BY_WORD).
import type { Place } from "../places/place.ts";
import { FIRST_KINDS, type DemoKind } from "./kinds.ts";
import { MORE_KINDS } from "./kinds-more.ts";
import { demoKindOf } from "./world/kind-of.ts";

export const DEMO_KINDS: Record<string, DemoKind> = { ...FIRST_KINDS, ...MORE_KINDS };

type Item = [string, number, number];
const p = (profile: string, signature?: Item[]) => ({ profile, ...(signature ? { signature } : {}) });

/** vocabulary kind → its profile, and the dishes that say it */
export const NODE_PROFILES: Record<string, { profile: string; signature?: Item[] }> = {
  한식: p("baekban"),
  "육류,고기": p("bbq"),
  삼겹살: p("samgyeopsal"),
  흑돼지: p("blackPork"),
  갈비: p("galbi"),
  갈비탕: p("galbitang"),
  "곱창,막창": p("gopchang"),
  "족발,보쌈": p("jokbal"),
  소고기: p("beef"),
  한우: p("beef", [["한우 모둠(600g)", 90000, 130000]]),
  닭요리: p("dakbokkeum"),
  닭갈비: p("dakgalbi"),
  찜닭: p("jjimdak"),
  닭볶음탕: p("dakbokkeum"),
  삼계탕: p("samgyetang"),
  닭한마리: p("dakhanmari"),
  오리: p("duck"),
  양고기: p("lamb"),
  "불고기,두루치기": p("bulgogi"),
  국밥: p("gukbap"),
  콩나물국밥: p("kongnamul"),
  내장탕: p("gukbap", [["내장탕", 10000, 12000]]),
  순대: p("sundae"),
  해장국: p("haejang"),
  선지해장국: p("haejang", [["선지해장국", 9000, 10000]]),
  황태해장국: p("haejang", [
    ["황태해장국", 9000, 11000],
    ["황태구이", 15000, 19000],
  ]),
  감자탕: p("gamjatang"),
  설렁탕: p("seolleongtang"),
  곰탕: p("seolleongtang", [["곰탕", 11000, 14000]]),
  육개장: p("seolleongtang", [["육개장", 11000, 13000]]),
  미역국: p("baekban", [["소고기미역국", 10000, 12000]]),
  "찌개,전골": p("jjigae"),
  부대찌개: p("jjigae", [
    ["부대찌개(2인)", 20000, 26000],
    ["라면사리", 1000, 2000],
  ]),
  순두부찌개: p("jjigae", [
    ["순두부찌개", 9000, 11000],
    ["해물순두부", 11000, 13000],
  ]),
  청국장: p("jjigae", [
    ["청국장", 9000, 11000],
    ["보리밥", 9000, 11000],
  ]),
  동태찌개: p("jjigae", [
    ["동태찌개", 10000, 12000],
    ["알탕", 10000, 12000],
  ]),
  고추장찌개: p("jjigae", [["고추장찌개", 9000, 11000]]),
  짜글이: p("jjigae", [["돼지짜글이", 9000, 11000]]),
  두부전문점: p("tofu"),
  한정식: p("hanjeongsik"),
  백반: p("baekban"),
  쌈밥: p("ssambap"),
  비빔밥: p("bibimbap"),
  죽: p("juk"),
  전집: p("jeon"),
  기사식당: p("baekban"),
  도시락: p("baekban", [
    ["제육도시락", 7000, 9000],
    ["돈가스도시락", 7000, 9000],
  ]),
  한식뷔페: p("baekban", [["한식뷔페(1인)", 8000, 10000]]),
  국수: p("guksu"),
  칼국수: p("kalguksu"),
  막국수: p("makguksu"),
  수제비: p("sujebi"),
  냉면: p("naengmyeon"),
  평양냉면: p("naengmyeon", [
    ["평양냉면", 14000, 17000],
    ["제육", 25000, 32000],
    ["녹두전", 12000, 15000],
  ]),
  함흥냉면: p("naengmyeon", [
    ["함흥 회냉면", 12000, 15000],
    ["함흥 비빔냉면", 12000, 15000],
  ]),
  밀면: p("naengmyeon", [
    ["물밀면", 9000, 11000],
    ["비빔밀면", 9000, 11000],
  ]),
  "해물,생선": p("seafood"),
  물회: p("mulhoe"),
  조개: p("clams"),
  "게,대게": p("crab"),
  게장: p("gejang"),
  장어: p("eel"),
  아구: p("agu"),
  복어: p("blowfish"),
  "매운탕,해물탕": p("spicyStew"),
  "굴,전복": p("oyster"),
  추어: p("chueo"),
  생선구이: p("grilledFish"),
  갈치: p("galchi"),
  낙지: p("nakji"),
  주꾸미: p("jukkumi"),
  분식: p("bunsik"),
  떡볶이: p("bunsik", [["즉석떡볶이(2인)", 14000, 18000]]),
  김밥: p("bunsik", [
    ["김밥", 3500, 5000],
    ["참치김밥", 4500, 6000],
  ]),
  만두: p("bunsik", [
    ["고기만두", 6000, 8000],
    ["김치만두", 6000, 8000],
    ["왕만두", 7000, 9000],
  ]),
  치킨: p("chicken"),
  닭강정: p("dakgangjeong"),
  중식: p("chinese"),
  짜장면: p("chinese", [
    ["짜장면", 6000, 8000],
    ["간짜장", 8000, 10000],
  ]),
  짬뽕: p("chinese", [
    ["짬뽕", 8000, 10000],
    ["차돌짬뽕", 11000, 13000],
  ]),
  양꼬치: p("yangkkochi"),
  마라탕: p("mala"),
  훠궈: p("hotpot"),
  딤섬: p("dimsum"),
  일식: p("japanese"),
  "초밥,롤": p("sushi"),
  오마카세: p("sushi", [
    ["런치 오마카세", 45000, 70000],
    ["디너 오마카세", 90000, 150000],
  ]),
  "돈까스,우동": p("donkatsu"),
  우동: p("udon"),
  소바: p("udon", [
    ["자루소바", 9000, 11000],
    ["냉소바", 9000, 11000],
  ]),
  일본식라면: p("ramen"),
  참치회: p("tuna"),
  덮밥: p("donburi"),
  카레: p("japaneseCurry"),
  양식: p("pasta"),
  피자: p("pizza"),
  프랑스음식: p("french"),
  스페인음식: p("spanish"),
  "스테이크,립": p("steak"),
  햄버거: p("burger"),
  "멕시칸,브라질": p("mexican"),
  브런치: p("brunch"),
  샐러드: p("salad"),
  경양식: p("kyeongyangsik"),
  아시아음식: p("asian"),
  베트남음식: p("pho"),
  태국음식: p("thai"),
  인도음식: p("curry"),
  케밥: p("kebab"),
  퓨전요리: p("fusion"),
  비건: p("vegan"),
  할랄: p("halal"),
  뷔페: p("buffet"),
  고기뷔페: p("meatBuffet"),
  샤브샤브: p("shabu"),
  패밀리레스토랑: p("steak"),
  패스트푸드: p("burger"),
  샌드위치: p("sandwich"),
  술집: p("pub"),
  수제맥주: p("craftBeer"),
  실내포장마차: p("pocha"),
  일본식주점: p("izakaya"),
  와인바: p("wine"),
  칵테일바: p("cocktail"),
  위스키바: p("whisky"),
  전통주점: p("makgeolli"),
  오뎅바: p("pocha", [
    ["모둠어묵탕", 15000, 19000],
    ["정종(대포)", 7000, 9000],
  ]),
};

/** The profile of a kind of the vocabulary: its own row or its nearest ancestor's (path root first). */
export function profileOfNodes(nodes: readonly string[]): { key: string; signature: Item[] } | undefined {
  for (const name of [...nodes].reverse()) {
    if (name === "간식") return undefined; // bakeries and snacks: no restaurant profile
    const row = NODE_PROFILES[name];
    if (row) return { key: row.profile, signature: name === nodes.at(-1) ? (row.signature ?? []) : [] };
  }
  return undefined;
}

/** A profile's menu for one kind: the kind's signature dishes first, then the profile's others. */
export function menuOf(key: string, signature: readonly Item[] = []): Item[] {
  const names = new Set(signature.map(([n]) => n));
  return [...signature, ...DEMO_KINDS[key]!.menu.filter(([n]) => !names.has(n))];
}

/** An imported registry's category words → a profile (real shops have no kind of the demo world). */
export const KIND_BY_WORD: [RegExp, string][] = [
  [/호프|맥주|주점/, "pub"],
  [/와인/, "wine"],
  [/포차|포장마차/, "pocha"],
  [/이자카야|일본식주점/, "izakaya"],
  [/횟집|활어|생선회/, "seafood"],
  [/국밥|순대/, "gukbap"],
  [/해장국|감자탕/, "haejang"],
  [/백반|한정식|한식/, "baekban"],
  [/죽/, "juk"],
  [/칼국수/, "kalguksu"],
  [/냉면/, "naengmyeon"],
  [/국수/, "guksu"],
  [/고기|갈비|삼겹|구이/, "bbq"],
  [/곱창|막창/, "gopchang"],
  [/족발|보쌈/, "jokbal"],
  [/치킨|닭/, "chicken"],
  [/분식|김밥|떡볶이/, "bunsik"],
  [/초밥|스시/, "sushi"],
  [/라멘|라면/, "ramen"],
  [/돈가스|돈까스|카츠/, "donkatsu"],
  [/우동|소바/, "udon"],
  [/일식|일본/, "japanese"],
  [/마라/, "mala"],
  [/중식|중국|중화/, "chinese"],
  [/피자/, "pizza"],
  [/버거/, "burger"],
  [/브런치/, "brunch"],
  [/양식|파스타|이탈리/, "pasta"],
  [/베트남|쌀국수/, "pho"],
  [/태국/, "thai"],
  [/인도|커리|카레/, "curry"],
];

/** A restaurant's profile: a demo place's by its kind, a registry shop's by its category words. */
export function restaurantProfile(p: Place): { key: string; node?: string; signature: Item[] } | undefined {
  const kind = demoKindOf(p);
  if (kind) {
    const found = profileOfNodes(kind.nodes);
    return found && { ...found, node: kind.name };
  }
  const key = KIND_BY_WORD.find(([re]) => re.test(p.categoryName))?.[1];
  return key ? { key, signature: [] } : undefined;
}
