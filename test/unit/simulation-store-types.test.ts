// Every demo store of Mangwon-dong is typed by what it sells: its category agrees with its name and
// its menu, read through a lexicon of its own (dish and shop words → the simulation's eight
// categories, the way Kakao Map's 음식점 tree files them: 한식, 일식, 중식, 양식, 분식, 아시아음식,
// 술집, 카페), not through the generator's category paths. A 우동집 is 일식, a 맥주집 a 주점.
import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { mangwonStores } from "../../shared/simulation/stores.ts";
import type { Store } from "../../shared/simulation/types.ts";

/**
 * Words of a dish or of a shop's name → the category that sells it; the first that matches. The
 * categories as Kakao Map's 음식점 tree files the kinds (a 횟집 under 한식 > 해물,생선, a 카레집 under
 * 일식 > 카레, a 만둣집 under 분식 > 만두). A dish no entry places (a house special) says nothing.
 */
const LEXICON: [RegExp, string][] = [
  [
    /맥주|와인|하이볼|칵테일|위스키|소주|막걸리|사케|정종|청주|전통주|주점|펍|포차|포장마차|이자카야|오뎅바|호프|술집/,
    "주점",
  ],
  [
    /커피|에스프레소|라테|라떼|아메리카노|콜드브루|로스터|카페|베이커리|빵|브레드|케이크|크로플|빙수|마카롱|젤라또|아이스크림|떡집|한과|생과일|주스/,
    "카페",
  ],
  [/우동|소바|라멘|초밥|스시|돈가스|돈까스|카츠|규동|텐동|오마카세|카레|일본식|일식/, "일식"],
  [
    /짜장|자장|짬뽕|탕수육|마라|훠궈|딤섬|샤오롱바오|하가우|슈마이|우육면|양꼬치|꿔바로우|깐풍기|유린기|중식|중화|반점/,
    "중식",
  ],
  [/쌀국수|분짜|월남쌈|팟타이|똠양|똠얌|커리|비르야니|탄두리|케밥|팔라펠|후무스|나시고렝|반미/, "아시아"],
  [
    /파스타|피자|스테이크|폭립|버거|샌드위치|샐러드|리조또|감바스|빠에야|타파스|하몽|팬케이크|에그베네딕트|프렌치토스트|함박|오므라이스|비스트로|양식/,
    "양식",
  ],
  [/떡볶이|김밥|라볶이|만두|분식/, "분식"],
  [
    /찌개|국밥|순대국|수육|머릿고기|해장국|곰탕|설렁탕|삼계탕|매운탕|감자탕|전골|비빔밥|불고기|삼겹|목살|갈비|항정|족발|보쌈|냉면|막국수|칼국수|국수|수제비|백반|순두부|부대|닭갈비|찜닭|치킨|통닭|닭강정|회$|회\(|물회|육회|장어|게장|쌈밥|곱창|막창|한정식|들깨탕|전$/,
    "한식",
  ],
];

/** The categories a text's words point to, in lexicon order. */
const categoriesIn = (text: string) => LEXICON.filter(([re]) => re.test(text)).map(([, c]) => c);

/** What the menu says the store sells: the category of most of its placed dishes (a tie says nothing). */
function menuCategory(store: Store): string | null {
  const counts = new Map<string, number>();
  for (const m of store.menus ?? []) {
    const c = categoriesIn(m.name)[0];
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const [top, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return top && top[1] !== second?.[1] ? top[0] : null;
}

describe("the demo stores' categories", () => {
  const stores = mangwonStores(pinnedDemoPlaces());

  it("agree with each store's name and menu, over the whole store set", () => {
    expect(stores.length).toBeGreaterThan(500);
    const wrong: string[] = [];
    for (const s of stores) {
      // the shop's kind as its name says it (망원 우동집 → 일식); a name with no such word says nothing
      const byName = categoriesIn(s.name.replace(/망원|망리단길/g, ""));
      const byMenu = menuCategory(s);
      const drinks = (s.menus ?? []).some((m) => categoriesIn(m.name).includes("주점"));
      if (byName.length && !byName.includes(s.category))
        wrong.push(`${s.name}: ${s.category}, its name says ${byName}`);
      // a bar serves food too: it is a bar by its drinks; any other store by most of its dishes
      else if (s.category === "주점" ? s.menus?.length && !drinks : byMenu && byMenu !== s.category)
        wrong.push(`${s.name}: ${s.category}, its menu says ${s.category === "주점" ? "no drink" : byMenu}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a noodle shop of udon or soba is 일식, not a bar", () => {
    const udon = stores.filter((s) => /우동|소바/.test(s.name) || /우동|소바/.test(s.detail ?? ""));
    expect(udon.length).toBeGreaterThan(0);
    for (const s of udon) expect(s.category, s.name).toBe("일식");
  });
});
