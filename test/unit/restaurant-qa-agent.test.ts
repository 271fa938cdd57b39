import { beforeAll, describe, expect, it } from "vitest";
import { HashedNgramEmbedder } from "../../shared/embed/hashed-ngrams.ts";
import { LocalSearchIndex } from "../../shared/index/local-engine.ts";
import { failedConditions } from "../../shared/restaurant-qa/conditions.ts";
import type { CrawlRecordInput } from "../../shared/places/restaurant-crawl.ts";
import { extractiveAnswer, generateAnswer, unsupportedClaims } from "../../shared/restaurant-qa/generate.ts";
import { restaurantIndexDefinition } from "../../shared/restaurant-qa/index-mapping.ts";
import { InMemoryConversations } from "../../shared/restaurant-qa/memory.ts";
import { filteredKnnBody } from "../../shared/restaurant-qa/query-builder.ts";
import { createRestaurantQa, type RestaurantQa } from "../../shared/restaurant-qa/pipeline.ts";
import { AskResponse, SearchResponse, type ContextDocument } from "../../shared/restaurant-qa/state.ts";
import {
  afterGrade,
  retrieveStep,
  rewriteStep,
  TitleCache,
  type QaDeps,
} from "../../shared/restaurant-qa/steps.ts";
import type { WebSearchPort } from "../../shared/restaurant-qa/web-search.ts";
import { FakeQaLlm } from "../helpers/fake-qa-llm.ts";
import { DEFAULT_RETRIEVAL } from "../../shared/restaurant-qa/config.ts";
import { CITED_OUTSIDE_CONTEXT, NO_EARLIER_ANSWER } from "../../shared/restaurant-qa/warnings.ts";

// 마포역 37.539574, 126.945932 · 망원역 37.556094, 126.910052 · 강남역 ≈ 37.4979, 127.0276
const e7 = (x: number) => String(Math.round(x * 1e7));
function rec(
  id: string,
  title: string,
  lat: number,
  lon: number,
  menus: [string, string][],
  reviews: string[],
  extra: Partial<CrawlRecordInput> = {},
): CrawlRecordInput {
  return {
    place_id: id,
    title,
    address: `서울 테스트동 ${id}`,
    roadAddress: "",
    mapx: e7(lon),
    mapy: e7(lat),
    menus: menus.map(([name, price]) => ({ name, price })),
    reviews,
    description: "",
    collected_at: "2025-10-01",
    ...extra,
  };
}

const RECORDS: CrawlRecordInput[] = [
  rec(
    "101",
    "마포진대감 본점",
    37.5401,
    126.9455,
    [
      ["돼지갈비", "16,000원"],
      ["냉면", "8,000원"],
    ],
    ["고기가 맛있어요.", "주차는 안 돼요. 대중교통 추천해요."],
    {
      description: "2025년 8월 31일까지 냉면 반값 행사를 합니다.",
    },
  ),
  rec(
    "102",
    "진대감 강남점",
    37.4985,
    127.0281,
    [["돼지갈비", "17,000원"]],
    ["전용 주차장이 있어서 주차 편해요."],
  ),
  rec(
    "201",
    "망원 생삼겹",
    37.5565,
    126.9105,
    [
      ["생삼겹살", "15,000원"],
      ["된장찌개", "4,000원"],
    ],
    ["주차 가능해서 좋아요.", "회식하기 좋아요. 직원분이 고기를 구워주세요."],
  ),
  rec(
    "202",
    "망원 숯불",
    37.557,
    126.909,
    [["삼겹살", "16,000원"]],
    ["주차 공간이 없어요.", "친구랑 가볍게 오기 좋아요."],
  ),
  rec(
    "203",
    "망원 스시",
    37.5555,
    126.911,
    [
      ["모둠초밥", "18,000원"],
      ["사시미", "시가"],
    ],
    ["조용해서 데이트하기 좋아요.", "예약 가능해요."],
  ),
  rec("301", "합정 먼 삼겹", 37.57, 126.88, [["생삼겹살", "15,000원"]], ["주차 돼요. 맛있어요."]),
];

let deps: QaDeps;
let qa: RestaurantQa;
const web: WebSearchPort = {
  name: "fake-web",
  search: async (c) => {
    c.apiCalls++;
    return [
      {
        title: "진대감 마포점 안내",
        url: "https://example.com/jindaegam",
        content: "마포 진대감은 주차장을 운영합니다.",
      },
    ];
  },
};

function setup(extra: Partial<QaDeps> = {}) {
  const index = new LocalSearchIndex("restaurants", restaurantIndexDefinition(256));
  const d: QaDeps = {
    index,
    embedder: new HashedNgramEmbedder(256),
    geocode: {},
    memory: new InMemoryConversations({ ttlSeconds: 86_400, perCaller: 10_000 }),
    titles: new TitleCache(() => index),
    settings: { ...DEFAULT_RETRIEVAL, defaultRadiusM: 3000, maxWidenings: 2, relevanceThreshold: 0.5 },
    ...extra,
  };
  return { d, qa: createRestaurantQa(d) };
}

beforeAll(async () => {
  ({ d: deps, qa } = setup());
  const report = await qa.ingest(RECORDS);
  expect(report.indexed).toBe(RECORDS.length);
});

describe("retrieval (002 §6)", () => {
  it("builds one OpenSearch body: knn with an efficient filter, boosts over k = 100", () => {
    const body = filteredKnnBody(
      [0.1, 0.2],
      { menu: ["삼겹살"], convenience: ["주차"], occasion: ["회식"], price: { max: 20000 } },
      [{ name: "망원역", lat: 37.55, lon: 126.91, radiusM: 1000, source: "gazetteer" }],
      DEFAULT_RETRIEVAL,
    );
    const q = body.query as any;
    expect(body.size).toBe(5);
    const knn = q.bool.must[0].knn.embedding;
    expect(knn.k).toBe(100);
    expect(knn.method_parameters).toEqual({ ef_search: 100 });
    const filters = knn.filter.bool.filter;
    expect(filters[0].bool.should[0].geo_distance).toEqual({
      distance: "1000m",
      location: { lat: 37.55, lon: 126.91 },
    });
    // a menu and a price: one nested query, so the same menu item is the dish and within the price
    expect(filters[1].nested.path).toBe("menus");
    const [dish, price] = filters[1].nested.query.bool.filter;
    expect(dish.bool.should).toContainEqual({
      match: { "menus.name": { query: "삼겹살", operator: "and" } },
    });
    expect(dish.bool.minimum_should_match).toBe(1);
    expect(price).toEqual({ range: { "menus.price": { lte: 20000 } } });
    // a narrower wording satisfies the asked condition: 발렛파킹 is parking
    expect(filters[2]).toEqual({ terms: { convenience: ["주차", "발렛파킹"] } });
    expect(filters).toHaveLength(3);
    // a price without a menu: any item's price
    const anyItem = (
      filteredKnnBody([0.1], { cuisine: ["일식"], price: { max: 20000 } }, [], DEFAULT_RETRIEVAL).query as any
    ).knn.embedding.filter.bool.filter;
    expect(anyItem[0].bool.minimum_should_match).toBe(1);
    expect(anyItem[1].nested.query).toEqual({ range: { "menus.price": { lte: 20000 } } });
    expect(q.bool.should).toEqual([{ term: { occasion: { value: "회식", boost: 0.1 } } }]);
    expect(
      filteredKnnBody([0.1, 0.2], { occasion: ["회식"] }, [], { ...DEFAULT_RETRIEVAL, boost: false }).query,
    ).not.toHaveProperty("bool");
  });

  it("keeps every hard condition: place, menu, convenience", async () => {
    const r = SearchResponse.parse(await qa.search({ query: "망원역 주차되는 삼겹살" }));
    expect(r.structured_query).toEqual({
      location: [{ name: "망원역", relation: "nearby" }],
      menu: ["삼겹살"],
      convenience: ["주차"],
    });
    expect(r.documents.map((d) => d.place_id)).toEqual(["201"]);
    expect(r.documents[0]!.distance).toBeLessThan(1000);
    expect(r.documents[0]).not.toHaveProperty("relevant");
  });

  it("ties a price to the asked dish, not to any cheap item of the same restaurant", async () => {
    // 망원 생삼겹 [201]: 생삼겹살 15,000원, 된장찌개 4,000원 — no 삼겹살 for 10,000원 or less
    const cheap = await qa.search({ query: "망원역 만원 이하 삼겹살" });
    expect(cheap.structured_query).toMatchObject({ menu: ["삼겹살"], price: { max: 10000 } });
    expect(cheap.documents.map((d) => d.place_id)).not.toContain("201");
    expect(cheap.documents).toEqual([]);
    const doc = (await qa.get("201"))!;
    expect(failedConditions(doc, { menu: ["삼겹살"], price: { max: 10000 } }, [])).toEqual([
      "가격 조건에 맞는 해당 메뉴 없음",
    ]);
    expect(failedConditions(doc, { price: { max: 10000 } }, [])).toEqual([]);
    // within 20,000원 both 망원 삼겹살 places qualify by the dish's own price
    const r = await qa.search({ query: "망원역 2만원 이하 삼겹살" });
    expect(r.documents.map((d) => d.place_id).sort()).toEqual(["201", "202"]);
  });

  it("searches a union of circles for places joined by 이나 (망원역 or 강남역)", async () => {
    const r = await qa.search({ query: "망원역이나 강남역 주차되는 식당" });
    expect(r.structured_query.location).toEqual([
      { name: "망원역", relation: "nearby" },
      { name: "강남역", relation: "nearby" },
    ]);
    // parking near either station: 망원 생삼겹 and 진대감 강남점; not 망원 숯불 (no parking), not 합정
    expect(r.documents.map((d) => d.place_id).sort()).toEqual(["102", "201"]);
    for (const d of r.documents) expect(d.distance).toBeLessThan(1000);
    // two circles, one per station, in one should (minimum 1) of the kNN filter
    const s = await retrieveStep(await rewriteStep({ query: "망원역이나 강남역 주차되는 식당" }, deps), deps);
    expect(s.retrieval?.circles.map((c) => [c.name, c.radiusM])).toEqual([
      ["망원역", 1000],
      ["강남역", 1000],
    ]);
    const geo = (filteredKnnBody([0.1], s.structured_query!, s.retrieval!.circles, DEFAULT_RETRIEVAL) as any)
      .query.knn.embedding.filter.bool.filter[0];
    expect(geo.bool.should).toHaveLength(2);
    expect(geo.bool.minimum_should_match).toBe(1);
  });

  it("widens only the radius when nothing matches, and says so", async () => {
    const r = await qa.search({ query: "망원역 주차되는 생삼겹살 회식" });
    expect(r.documents.map((d) => d.place_id).sort()).toEqual(["201"]);
    const far = await qa.search({ query: "망원역 고기 구워주는 냉면" });
    expect(far.documents).toEqual([]);
    expect(far.meta.warnings.some((w) => w.includes("반경을"))).toBe(true);
  });
});

describe("asking about a named restaurant (002 example 3)", () => {
  it("answers about the 마포 branch, without parking, and does not send the question to the web", async () => {
    const r = AskResponse.parse(await qa.ask({ query: "마포 진대감 주차되나요?" }));
    expect(r.structured_query).toEqual({
      location: [
        { name: "마포", relation: "nearby" },
        { name: "진대감", relation: "exact" },
      ],
      convenience: ["주차"],
    });
    expect(r.route).toBe("index");
    expect(r.documents.map((d) => d.place_id)).toEqual(["101"]);
    expect(r.answer).toContain("주차: 안 됩니다");
    expect(r.answer).toContain("주차는 안 돼요");
    expect(r.citations).toEqual(["101"]);
    // a dated promotion is not presented as current
    expect(r.answer).not.toContain("반값");
  });

  it("says the crawl has no opening hours", async () => {
    const r = await qa.ask({ query: "마포 진대감 영업시간 알려줘" });
    expect(r.answer).toMatch(/영업시간은 수집한 자료.*없습니다/);
  });

  it("goes to the web when the name is not in the index, and cites URLs", async () => {
    const withWeb = setup({ web, index: deps.index, titles: deps.titles });
    const r = await withWeb.qa.ask({ query: "판교 없는집 주차되나요?" });
    expect(r.route).toBe("web");
    expect(r.web_results).toEqual([
      {
        title: "진대감 마포점 안내",
        url: "https://example.com/jindaegam",
        content: "마포 진대감은 주차장을 운영합니다.",
      },
    ]);
    expect(r.citations).toEqual(["https://example.com/jindaegam"]);
    expect(r.answer).toContain("출처: 웹");
    const none = await qa.ask({ query: "판교 없는집 주차되나요?" });
    expect(none.route).toBe("none");
    expect(none.answer).toContain("웹 검색이 설정되어 있지 않아");
  });
});

describe("grading and generation", () => {
  it("grades a document that breaks a hard condition irrelevant even when the LLM says otherwise", async () => {
    const llm = new FakeQaLlm();
    const { qa: withLlm } = setup({ llm, index: deps.index, titles: deps.titles });
    const r = await withLlm.ask({ query: "합정 주차되는 삼겹살" });
    expect(llm.calls.filter((k) => k === "grade")).toHaveLength(1);
    for (const d of r.documents) if (!d.convenience.includes("주차")) expect(d.relevant).toBe(false);
    expect(r.meta.engine).toBe("llm");
  });

  it("never states what the context does not say (the tempting answer is absent)", () => {
    const doc: ContextDocument = {
      place_id: "900",
      title: "유혹 삼겹살",
      address: "서울 어딘가",
      roadAddress: "",
      lat: 37.55,
      lon: 126.91,
      menus: [{ name: "삼겹살", price: 15000 }],
      convenience: [],
      atmosphere: [],
      occasion: [],
      review_food: ["삼겹살"],
      features: [],
      score: 1,
      relevant: true,
      reason: "이름",
      map_url: null,
      collected_at: "2025-10-01",
      similarity: 1,
      reviews: ["고기가 두툼해요.", "주차장 건물 옆에 있는 가게예요. 된장찌개 서비스."],
      description: "",
    };
    const state = {
      query: "유혹 삼겹살 주차되나요? 반려동물도 돼요?",
      structured_query: {
        location: [{ name: "유혹 삼겹살", relation: "exact" as const }],
        convenience: ["주차" as const, "반려동물" as const],
      },
      retrieval: { mode: "exact" as const, circles: [] },
    };
    const a = extractiveAnswer(state, "index", [doc], [], false);
    expect(a.answer).toContain("주차: 정보 없음");
    expect(a.answer).toContain("반려동물: 정보 없음");
    expect(a.answer).not.toMatch(/주차: 가능|반려동물: 가능/);
  });

  it("discards an LLM answer that cites outside its context", async () => {
    const liar = new FakeQaLlm({
      override: { generate: () => ({ answer: "주차 가능합니다 [999].", citations: ["999"] }) },
    });
    const r = await generateAnswer(
      {
        query: "망원 생삼겹 주차돼?",
        structured_query: { convenience: ["주차"] },
        retrieval: { mode: "exact", circles: [] },
      },
      "index",
      [],
      [],
      { llm: liar, webConfigured: false },
    );
    expect(r.engine).toBe("rules-fallback");
    expect(r.answer).not.toContain("999");
    expect(r.warnings[0]).toBe(CITED_OUTSIDE_CONTEXT);
  });

  it("discards an LLM answer that asserts an asked condition its cited document does not have", async () => {
    // 마포진대감 본점 [101]: "주차는 안 돼요" — the lying model says parking is fine, citing it
    const liar = new FakeQaLlm({
      override: {
        generate: () => ({ answer: "마포진대감 본점은 주차 가능합니다 [101].", citations: ["101"] }),
      },
    });
    const { qa: withLiar } = setup({ llm: liar, index: deps.index, titles: deps.titles });
    const r = await withLiar.ask({ query: "마포 진대감 주차되나요?" });
    expect(liar.calls).toContain("generate");
    expect(r.meta.engine).toBe("llm+fallback");
    expect(r.answer).not.toContain("주차 가능합니다");
    expect(r.answer).toContain("주차: 안 됩니다");
    expect(r.meta.warnings.join(" ")).toMatch(/문서에 없는 내용\(주차 \[101\]\)/);
  });

  it("checks each claim against the document it cites: lists, clauses, denials, silence", async () => {
    const ctx = (ids: string[]) =>
      Promise.all(
        ids.map(async (id): Promise<ContextDocument> => {
          const d = (await qa.get(id))!;
          return { ...d, score: 1, similarity: 1, relevant: true };
        }),
      );
    const docs = await ctx(["201", "202", "203"]);
    const answerWith = async (answer: string, citations: string[]) => {
      const llm = new FakeQaLlm({ override: { generate: () => ({ answer, citations }) } });
      return generateAnswer(
        {
          query: "망원역 주차되는 조용한 곳",
          structured_query: { convenience: ["주차"], atmosphere: ["조용한"] },
          retrieval: { mode: "filtered", circles: [] },
        },
        "index",
        docs,
        [],
        { llm, webConfigured: false },
      );
    };
    // true claims, one clause per restaurant, and a list under each name
    for (const [answer, cited] of [
      ["망원 생삼겹 [201]은 주차 가능하고, 망원 숯불 [202]은 주차가 안 됩니다.", ["201", "202"]],
      ["1. 망원 스시 [203]\n- 조용한 분위기예요.\n- 주차는 자료에 정보가 없습니다.", ["203"]],
      ["망원 생삼겹 [201]과 망원 스시 [203]를 추천합니다.", ["201", "203"]],
    ] as const)
      expect((await answerWith(answer, [...cited])).engine, answer).toBe("llm");
    // a false claim in any of those shapes
    for (const [answer, cited, claim] of [
      ["망원 숯불 [202]은 주차 가능해요.", ["202"], "주차 [202]"],
      ["주차 가능 [201], [202]", ["201", "202"], "주차 [202]"],
      ["1. 망원 숯불 [202]\n- 조용하고 주차도 돼요.", ["202"], "조용한 [202]"],
      ["망원 생삼겹 [201]은 주차가 안 돼요.", ["201"], "주차 안 됨 [201]"],
    ] as const) {
      const r = await answerWith(answer, [...cited]);
      expect(r.engine, answer).toBe("rules-fallback");
      expect(r.warnings[0], answer).toContain(claim);
      expect(unsupportedClaims(answer, { convenience: ["주차"], atmosphere: ["조용한"] }, docs)).toContain(
        claim,
      );
    }
  });

  it("makes one grading call and one generation call per question when the rules rewrite", async () => {
    const llm = new FakeQaLlm();
    const { qa: withLlm } = setup({ llm, index: deps.index, titles: deps.titles });
    const r = await withLlm.ask({ query: "망원역 데이트하기 좋은 초밥" });
    expect(llm.calls).toEqual(["grade", "generate"]);
    expect(r.meta.llmCalls).toBe(2);
    expect(r.citations).toEqual(["203"]);
    expect(r.answer).toContain("[203]");
  });

  it("answers without model calls when the time budget is spent, and says what answered", async () => {
    const llm = new FakeQaLlm();
    const { qa: withLlm } = setup({ llm, index: deps.index, titles: deps.titles });
    const r = await withLlm.ask({ query: "망원역 데이트하기 좋은 초밥" }, { deadlineAt: Date.now() + 1000 });
    expect(llm.calls).toEqual([]);
    expect(r.meta.engine).toBe("offline");
    expect(r.answer).toContain("[203]");
    expect(r.meta.warnings).toEqual(
      expect.arrayContaining([
        "관련성 판단: LLM에 쓸 시간이 남지 않아 규칙으로 관련 식당을 골랐습니다",
        "답변 작성: LLM에 쓸 시간이 남지 않아 문서에서 뽑은 문장으로 답했습니다",
      ]),
    );
  });

  it("routes by needsWeb", () => {
    expect(afterGrade({ needsWeb: true })).toBe("WebSearch");
    expect(afterGrade({ needsWeb: false })).toBe("Generate");
  });
});

describe("follow-up questions", () => {
  it("remembers the last answer's restaurants per conversation", async () => {
    const first = await qa.ask({ query: "망원역 데이트하기 좋은 초밥", conversationId: "conv-1" });
    expect(first.citations).toEqual(["203"]);
    const next = await qa.ask({ query: "거기 예약돼?", conversationId: "conv-1" });
    expect(next.documents.map((d) => d.place_id)).toEqual(["203"]);
    expect(next.answer).toContain("예약: 가능");
    const other = await qa.ask({ query: "거기 예약돼?", conversationId: "conv-2" });
    expect(other.meta.warnings.join(" ")).toContain(NO_EARLIER_ANSWER);
  });
});

describe("documents", () => {
  it("gets a document by place_id without its vector, and rejects bad input by field", async () => {
    const d = await qa.get("203");
    expect(d?.title).toBe("망원 스시");
    expect(d).not.toHaveProperty("embedding");
    expect(d?.menus[1]).toEqual({ name: "사시미", price: null, price_text: "시가" });
    expect(await qa.get("nope")).toBeNull();
    await expect(qa.ask({ query: "" })).rejects.toThrow(/query/);
    await expect(qa.ask({ query: "x", conversationId: "a b" })).rejects.toThrow(/conversationId|letters/);
  });
});
