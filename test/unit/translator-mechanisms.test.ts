// Each mechanism of issue 12 on its own, on queries outside the evaluation set.
import { describe, expect, it } from "vitest";
import { planSearch } from "../../shared/place-search/planner.ts";
import { parseConditions } from "../../shared/place-search/translator/conditions.ts";
import { looksForeign } from "../../shared/places/foreign.ts";
import { correctFood, correctPlace, jamoDistance } from "../../shared/korean/fuzzy.ts";
import { normalizeNumerals, parseSino } from "../../shared/korean/numerals.ts";
import { KAKAO_HINT, MAX_TRIP_DAYS, translateWithRules } from "../../shared/place-search/translator/rules.ts";
import { joinSplitNames, restoreSpacing, segmentWord } from "../../shared/korean/segment.ts";
import { QueryText } from "../../shared/places/query-terms.ts";
import { isMenuWord } from "../../shared/places/menu-words.ts";
import { looseLatin } from "../../shared/geo/gazetteer-index.ts";
import { tokenize } from "../../shared/korean/text.ts";

const t = (q: string) => translateWithRules(q);

describe("numerals", () => {
  it.each([
    ["청량리역 도보 십이분", "청량리역 도보 12분"],
    ["차로 사십오분", "차로 45분"],
    ["두 시간 반 드라이브", "2.5시간 드라이브"],
    ["오박육일 일정", "5박6일 일정"],
    ["나흘 코스", "4일 코스"],
    ["반경 삼 킬로", "반경 3킬로"],
    ["만오천원 이하", "15000원 이하"],
    ["3만원대 오마카세", "30000원대 오마카세"],
  ])("%s → %s", (q, want) => expect(normalizeNumerals(q)).toBe(want));

  it("leaves words that only look like numbers alone (구분, 이분, 구일역, 세일, 분식, 시장)", () => {
    for (const q of ["구분 없이", "이분이 추천한", "구일역 근처", "세일 매장", "일분식 맛집", "오시장"])
      expect(normalizeNumerals(q)).toBe(q);
  });

  it("reads sino-Korean numbers with units", () => {
    expect(parseSino("오백")).toBe(500);
    expect(parseSino("이만오천")).toBe(25_000);
    expect(parseSino("이삼")).toBeUndefined();
  });
});

describe("spacing", () => {
  it("splits an unspaced run at known words and keeps particles on their word", () => {
    expect(segmentWord("선릉역근처순댓국")).toBe("선릉역 근처 순댓국");
    expect(segmentWord("수서역에서양재역가는길에카페")).toBe("수서역에서 양재역 가는길에 카페");
  });

  it("does not cut a word nothing explains, nor a name that merely holds a known one", () => {
    expect(segmentWord("쫀득쿠키")).toBe("쫀득쿠키");
    expect(segmentWord("나카메구로")).toBe("나카메구로");
    expect(restoreSpacing("망원동 진짜맛있는곳")).toBe("망원동 진짜 맛있는 곳");
  });
});

describe("names written with a space inside", () => {
  it("joins two words that name a place only together", () => {
    expect(joinSplitNames("선릉 역 근처 카페")).toBe("선릉역 근처 카페");
    expect(joinSplitNames("홍대 입구역에서 신촌역")).toBe("홍대입구역에서 신촌역");
    // each word already means something: nothing to join
    expect(joinSplitNames("신촌 맛집")).toBe("신촌 맛집");
    expect(joinSplitNames("서울 역삼역 카페")).toBe("서울 역삼역 카페");
  });

  it("plans the joined name", () => {
    const r = t("홍대 입구역에서 신촌역 가는 길 카페").result;
    expect(r.locations.map((l) => l.name)).toEqual(["홍대입구역", "신촌역"]);
    expect(r.distanceMode).toBe("route");
  });
});

describe("what is searched", () => {
  it("an unknown noun right before a generic kind is the kind; a clause before it is not", () => {
    expect(t("합정역 쫀득쿠키 맛집").result.search_keywords).toEqual(["쫀득쿠키"]);
    expect(t("합정역 영화 보고 밥 먹을 곳").result.search_keywords).not.toContain("영화");
  });

  it("a dish named more precisely than its entry is searched as written", () => {
    expect(t("연신내역 차돌짬뽕").result.search_keywords).toEqual(["차돌짬뽕"]);
  });

  it("the way there and exit numbers are no keywords", () => {
    expect(t("pizza 10 minutes walk from Hapjeong station").result.search_keywords).toEqual(["피자"]);
    expect(t("선릉역 2번 출구 근처 카페").result.search_keywords).toEqual(["카페"]);
  });
});

describe("typos", () => {
  it("finds the place or food one jamo away, tense/plain slips at half cost", () => {
    expect(correctPlace("사당녁")?.word).toBe("사당역");
    expect(correctPlace("을지로삼가역")).toBeUndefined(); // too far: not a guess
    expect(correctFood("짬뽕")).toBeUndefined(); // spelled right: nothing to correct
    expect(correctFood("짭뽕")?.word).toBe("짬뽕");
    expect(jamoDistance("ㄸㅓㄱ", "ㄷㅓㄱ")).toBe(0.5);
  });

  it("lowers confidence and names the correction", () => {
    const r = t("사당녁 근처 짭뽕");
    expect(r.result.locations[0]).toMatchObject({ query: "사당역" });
    expect(r.result.search_keywords).toContain("짬뽕");
    expect(r.warnings).toEqual(
      expect.arrayContaining(["사당녁 → 사당역으로 찾았어요", "짭뽕 → 짬뽕으로 찾았어요"]),
    );
    expect(r.confidence).toBeLessThan(1);
  });

  it("never reshapes a dish word menus write into another kind one letter away", () => {
    expect(isMenuWord("굴비")).toBe(true); // the end of 보리굴비, a menu's dish
    expect(isMenuWord("찌게")).toBe(false); // a misspelling no menu writes
    const r = t("굴비 정식 맛집");
    expect(r.result.search_keywords).not.toContain("갈비");
    expect(r.warnings.join(" ")).not.toMatch(/굴비 → /);
    // a typo nothing writes is still corrected
    expect(t("김치찌게 맛집").result.search_keywords).toContain("김치찌개");
  });
});

describe("context dictionary", () => {
  it("a kind replaces the generic kind it contains", () => {
    const vet = t("연신내역 애견병원").result;
    expect(vet.search_keywords).toEqual(["동물병원"]);
    expect(vet.category_codes).not.toContain("HP8");
    expect(vet.tags.pets).toBe(false);
    expect(t("목동역 피부과").result).toMatchObject({ search_keywords: ["피부과"], category_codes: ["HP8"] });
  });

  it("a kind of the category tree written in one word is read whole, not as the shorter word inside it", () => {
    expect(t("홍대키즈카페").result.search_keywords).toEqual(["키즈카페"]);
    expect(t("이태원루프탑바").result.search_keywords).toEqual(["루프탑바"]);
  });

  it("another way to say a kind is searched by the kind's own name; a short form inside it as written", () => {
    expect(t("이태원 인도커리").result.search_keywords).toEqual(["인도음식"]);
    expect(t("강릉 이탈리안 레스토랑").result.search_keywords).toEqual(["이탈리안"]);
    expect(t("홍대 샤브").result.search_keywords).toEqual(["샤브"]);
    expect(t("강남 보쌈").result.search_keywords).toEqual(["보쌈"]);
    // a dish word after the kind's name says more: kept (순대국 is not any 순대)
    expect(t("신림 순대국").result.search_keywords).toEqual(["순대국"]);
  });

  it("an occasion gives keywords and review words, but a named dish wins", () => {
    expect(t("선릉역 2차 장소").result.search_keywords).toEqual(["술집", "호프", "포차"]);
    const dinner = t("역삼역 회식하기 좋은 곱창집").result;
    expect(dinner.search_keywords).toEqual(["곱창"]);
    expect(dinner.review_check_keywords).toContain("단체석");
  });
});

describe("anchors", () => {
  it("takes an unknown name before 근처 as the place, with its region, and says so", () => {
    const r = t("통영 동피랑 근처 충무김밥");
    expect(r.result.locations[0]).toMatchObject({ query: "통영 동피랑", role: "center" });
    expect(r.warnings.join(" ")).toMatch(/동피랑/);
  });

  it("routes between names it does not know", () => {
    const r = t("익선동 한옥거리에서 세운상가 가는 길에 카페").result;
    expect(r.distanceMode).toBe("route");
    expect(r.locations.map((l) => l.role)).toEqual(["origin", "destination"]);
    expect(r.locations[1]!.query).toBe("세운상가");
  });

  it("an unknown station that does not read as Korean is abroad (Google)", () => {
    expect(looksForeign("니시키")).toBe(true);
    expect(looksForeign("신림")).toBe(false);
    expect(t("니시키역 근처 라멘").result.provider).toBe("google");
    expect(t("교토 시조역 근처 말차").result.provider).toBe("google");
  });
});

describe("English", () => {
  it("reads romanized station names and between/from-to routes", () => {
    const r = t("cocktail bars between Euljiro and Jongno").result;
    expect(r.distanceMode).toBe("route");
    expect(t("noodles near Wangsimni station").result.locations[0]!.query).toBe("왕십리역");
    expect(t("Jeju 2 nights 3 days").result).toMatchObject({ distanceMode: "multi_point", days: 3 });
  });

  it("reads a place of several English words as the station tables write it, apostrophe or not", () => {
    // the table writes "Sookmyung Women`s Univ." (a backtick for the apostrophe)
    expect(t("noraebang near Sookmyung Womens Univ").result.locations[0]!.query).toBe("숙대입구역");
    expect(t("cafe near Hongik Univ").result.locations[0]!.query).toBe("홍대입구역");
    expect(t("pizza near Gangnam station").result.locations[0]!.query).toBe("강남역");
  });

  it("reads a dong of the country by its romanized name with -dong", () => {
    expect(t("haenggung-dong kape").result.locations[0]!.query).toBe("경기 수원시 팔달구 행궁동");
    expect(t("Itaewon-dong burger").result.locations[0]!.query).toBe("용산구 이태원동");
  });

  it("reads a street by a loose spelling of its English name, ㅇㄹ said as ㅇㄴ", () => {
    // the landmark table writes Hwangridan-gil; people write it as it is said
    expect(looseLatin("Hwangnidan-gil")).toBe(looseLatin("Hwangridan-gil"));
    expect(looseLatin("Jongno")).toBe(looseLatin("Jongro"));
    expect(t("Hwangnidan-gil bakery Gyeongju").result.locations[0]!.query).toBe("황리단길");
  });
});

describe("trips and keywords abroad", () => {
  it("a region with three kinds of place is a one-day trip that keeps lodging", () => {
    const r = t("군산 관광지 맛집 숙소").result;
    expect(r).toMatchObject({ distanceMode: "multi_point", days: 1 });
    expect(r.trip_roles).toContain("숙박");
    expect(t("군산 맛집 카페").result.distanceMode).toBe("radius");
  });

  it("caps long trips with a warning instead of failing the schema", () => {
    const r = t("제주 45박 46일 한달살기");
    expect(r.result.days).toBe(MAX_TRIP_DAYS);
    expect(r.warnings.join(" ")).toMatch(/46일/);
  });

  it("searches Korean dishes abroad as written, other words in English", () => {
    const r = t("하노이 감자탕 파스타").result;
    expect(r.english_keywords).toEqual(expect.arrayContaining(["감자탕", "pasta"]));
    const plan = planSearch(r);
    expect(plan.search_plan.some((s) => String(s.params.query).startsWith("감자탕"))).toBe(true);
  });
});

describe("conditions", () => {
  const c = (q: string) => parseConditions(new QueryText(q, tokenize(q)));

  it.each([
    ["지금 문 연 약국", { open_at: { kind: "now" } }],
    ["24시간 하는 국밥", { open_at: { kind: "24h" } }],
    ["토요일에 진료하는 치과", { open_at: { kind: "at", weekday: 6 } }],
    ["연휴에도 여는 식당", { open_at: { kind: "at", holiday: true } }],
    ["모레 오전 10시 브런치", { open_at: { kind: "at", day_offset: 2, time: "10:00" } }],
    ["별점 높은 카페", { sort_by: "rating" }],
    ["15000원 이하 점심", { max_price: 15000 }],
    ["스타벅스 말고 카페", { exclude: ["스타벅스"] }],
  ])("%s", (q, want) => expect(c(q)).toMatchObject(want));

  it("are not read again as distances, and a long unknown keyword fits the schema", () => {
    expect(t("내일 저녁 7시 이내 홍대 삼겹살").result.distanceMode).toBe("radius");
    const long = t(`강남역 ${"모르는말 ".repeat(40)}`).result.search_keywords[0]!;
    expect(long.length).toBeLessThanOrEqual(60);
  });

  it("are carried to post_processing, with Kakao's hint where it has no such data", () => {
    const r = t("망원역 평점 높은 24시 카페");
    expect(r.result.search_keywords).toEqual(["카페"]);
    expect(r.warnings).toContain(KAKAO_HINT);
    const plan = planSearch(r.result);
    expect(plan.post_processing.open_at).toEqual({ kind: "24h" });
    // Kakao has no ratings: Google's are fetched for its places (000: google_enrich) and sorted by
    expect(plan.search_plan.map((s) => s.action)).toEqual(["geocode", "keyword_search", "google_enrich"]);
    expect(plan.post_processing.sort_by).toBe("rating");
    expect(planSearch(t("신주쿠 평점 높은 라멘").result).post_processing.sort_by).toBe("rating");
  });
});

// What a review of fresh queries found (pets before a service, spacing leaks, meeting halfway, names
// written with a space, city halls, foreign names near 근처, lexicon gaps, English stations and prices, a
// name ending in 이): each mechanism on queries other than the review's own.
describe("a pet word before a service", () => {
  it.each([
    ["역삼역 고양이 병원", "동물병원"],
    ["반려동물 약국 수원", "동물약국"],
    ["애견 유치원 송파", "애견유치원"],
    ["강아지미용 망원동", "애견미용"],
    ["반려묘 호텔 강남역", "애견호텔"],
    ["강아지 용품점 합정역", "반려동물용품"],
  ])("%s → %s, no pet-friendly rewrite", (q, keyword) => {
    const r = t(q).result;
    expect(r.search_keywords).toEqual([keyword]);
    expect(r.tags.pets).toBe(false);
  });

  it("a pet-friendly place keeps the rewrite, in Korean when the query is English", () => {
    expect(t("강아지 동반 카페 연남동").result.search_keywords[0]).toMatch(/^애견동반 /);
    expect(t("dog friendly brunch in Yeonnam").result.search_keywords).toEqual([
      "애견동반 브런치",
      "펫 브런치",
    ]);
  });
});

describe("spacing leaks", () => {
  it("a number with its counter is a measure, never a place (5분거리)", () => {
    const r = t("선릉역 7분거리 국밥").result;
    expect(r).toMatchObject({ distanceMode: "point_travel", distanceThreshold: 560, travelMode: "walking" });
    expect(r.locations.map((l) => l.query)).toEqual(["선릉역"]);
    expect(t("신림역에서걸어서3분거리카페").result.distanceThreshold).toBe(240);
  });

  it("the way there is no keyword (가는길)", () => {
    const r = t("대전역에서동대구역가는길맛집").result;
    expect(r.distanceMode).toBe("route");
    expect(r.search_keywords.join(" ")).not.toMatch(/가는|길/);
  });

  it("reads N박M일 in Korean numerals glued after a name", () => {
    expect(normalizeNumerals("강릉삼박사일")).toBe("강릉3박4일");
    expect(normalizeNumerals("대구이박삼일")).toBe("대구2박3일"); // 구 is a numeral too: the nights fit the days
    expect(t("여수일박이일여행").result).toMatchObject({ distanceMode: "multi_point", days: 2, nights: 1 });
  });
});

describe("meeting halfway", () => {
  it("a bare 중간 between two places joined by 와/과/랑/하고 is the midpoint", () => {
    for (const q of ["신촌역하고 잠실역 중간 맛집", "건대입구역과합정역중간술집"]) {
      const r = t(q).result;
      expect(r.distanceMode, q).toBe("radius");
      expect(
        r.locations.map((l) => l.role),
        q,
      ).toEqual(["center", "center"]);
      expect(r.search_keywords.join(" "), q).not.toContain("중간");
    }
    // 사이 stays a route between them
    expect(t("합정역과 신촌역 사이 카페").result.distanceMode).toBe("route");
  });
});

describe("names written with a space, city halls, nested regions", () => {
  it("joins two words that together are a place's own name, not a region and a name", () => {
    expect(joinSplitNames("송도 센트럴파크 근처")).toBe("송도센트럴파크 근처");
    expect(joinSplitNames("대구 교대역 근처")).toBe("대구 교대역 근처");
  });

  it("a region and its 시청/구청/군청 is that hall, not a station", () => {
    const halls: [string, string][] = [
      ["청주시청 근처 국밥", "청주시청"],
      ["전주 시청 앞 비빔밥", "전주시청"],
      ["마포구청 근처 카페", "마포구청"],
    ];
    for (const [q, hall] of halls) {
      const l = t(q).result.locations;
      expect(
        l.map((x) => x.query),
        q,
      ).toEqual([hall]);
      expect(l[0]!.kind, q).toBe("landmark");
    }
    expect(t("세종시청 근처 칼국수").result.locations[0]).toMatchObject({
      query: "세종시청",
      kind: "landmark",
    });
  });

  it("does not merge a region with a namesake far from it", () => {
    // 강남역 is Seoul's; 광주 is 270 km away: not "광주 강남역" searched as one place, nor 광주 dropped
    // and Seoul's searched in silence: the answer asks
    const r = t("광주 강남역 근처 카페").result;
    expect(r.area_mismatch).toMatchObject({ area: "광주", place: "강남역" });
    expect(r.area_mismatch!.elsewhere.join(" ")).toMatch(/서울 강남구 강남역/);
    expect(t("마포구 망원동 카페").result.locations[0]!.query).toBe("마포구 망원동");
    expect(t("제주 성산 근처 흑돼지").result.locations[0]!.name).toBe("제주 성산");
  });

  it("never drops the region named first, whatever the gazetteer reads its words as", () => {
    // 은행동 holds the kind 은행: a dong all the same, and 대전's (a legal dong the tables lack) is asked for
    const bank = t("대전 은행동 서점").result;
    expect(bank.locations[0]).toMatchObject({ name: "대전 은행동", kind: "dong" });
    expect(bank.area_mismatch).toMatchObject({ area: "대전", place: "은행동" });
    // 송파 is 송파역 to the gazetteer: the pair is still 송파구's 신천동
    expect(t("송파 신천동 이자카야").result.locations[0]).toMatchObject({
      query: "송파구 신천동",
      kind: "dong",
    });
    // a station's short name far from the region: asked, never Seoul's searched in silence
    expect(t("대전 강남 맛집").result.area_mismatch).toMatchObject({ area: "대전", place: "강남" });
  });

  it("knows the provinces by their short names (경남, 강원, 전북), never a typo of a kind", () => {
    for (const [q, city] of [
      ["강원 속초 물회", "속초"],
      ["경남 통영 충무김밥", "통영"],
      ["전북 전주 비빔밥", "전주"],
    ] as const) {
      const r = t(q);
      expect(r.result.locations, q).toHaveLength(1);
      expect(r.result.locations[0]!.name.endsWith(city), q).toBe(true);
      expect(r.unread, q).toEqual([]);
      expect(r.result.search_keywords, q).not.toContain("공원");
    }
    // the province says which city of a shared name
    expect(t("경남 고성 맛집").result.locations[0]!.query).toBe("경남 고성군");
    expect(t("강원 고성 맛집").result.locations[0]!.query).toBe("강원 고성군");
  });
});

describe("foreign-sounding names the gazetteer lacks", () => {
  it("near 근처/에서 go to Google with a confidence that lets the LLM look", () => {
    const r = t("누사두아 근처 리조트");
    expect(r.result.provider).toBe("google");
    expect(r.result.locations[0]).toMatchObject({ query: "누사두아", kind: "foreign" });
    expect(r.confidence).toBeLessThan(0.7);
    expect(r.warnings.join(" ")).toMatch(/해외/);
  });

  it("stay in Korea after a Korean region, and Korean-sounding names stay Korean", () => {
    expect(t("하남 스타필드 근처 카페").result.provider).toBe("kakao");
    expect(t("태화강 근처 카페").result.provider).toBe("kakao");
  });

  it("the gazetteer's abroad list knows 스미냑", () => {
    expect(t("스미냑 근처 카페").result.locations[0]!.query).toBe("Seminyak, Bali");
  });
});

describe("lexicon", () => {
  it("keeps 포케 and 글램핑 as written", () => {
    expect(t("성수역 포케").result.search_keywords).toEqual(["포케"]);
    expect(t("홍천 글램핑").result.search_keywords).toEqual(["글램핑"]);
  });

  it("knows 찌개, 국 and 탕, so a typo reaches them", () => {
    expect(correctFood("된장찌게")?.word).toBe("된장찌개");
    expect(correctFood("갈비탱")?.word).toBe("갈비탕");
    const r = t("역삼역 김치찌게");
    expect(r.result.search_keywords).toEqual(["김치찌개"]);
    expect(r.warnings.join(" ")).toMatch(/김치찌개/);
    // a compound the lexicon lacks is searched as written, not remapped
    expect(t("역삼역 차돌된장찌개").result.search_keywords).toEqual(["차돌된장찌개"]);
  });
});

describe("English stations and prices", () => {
  it("finds a station through a loose romanization or the tables' English name", () => {
    expect(t("ramen near Sunreung station").result.locations[0]!.query).toBe("선릉역");
    expect(t("cafe near Shinchon station").result.locations[0]!.query).toBe("신촌역");
    expect(t("pizza near Ewha Womans Univ station").result.locations[0]!.query).toBe("이대역");
    // a word that is not before "station" is not looked up loosely
    expect(t("samsung galaxy store").result.locations).toEqual([]);
  });

  it.each([
    ["cheap eats under 8000 won", 8000],
    ["dinner below ₩25,000", 25000],
    ["lunch for 12000 won or less", 12000],
    ["noodles 9k won max", 9000],
    ["brunch under 30,000 KRW", 30000],
  ])("%s → max_price %d", (q, price) => {
    const c = parseConditions(new QueryText(q, tokenize(q)));
    expect(c.max_price).toBe(price);
  });
});

describe("a name that ends in 이", () => {
  it("keeps a final 이 after a vowel (no particle there), peels it after a consonant", () => {
    expect(t("치앙마이 카우쏘이 리뷰").result.detail_request).toMatchObject({ place: "카우쏘이" });
    expect(t("홍콩 팀호완이 어때").result.detail_request).toMatchObject({ place: "팀호완" });
  });
});
