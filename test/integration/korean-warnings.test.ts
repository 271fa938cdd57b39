// Every warning a person sees in an answer is Korean: the place search, restaurant QA and news pipelines
// run in-process over queries that trigger warnings (routes, walking distance, unknown places, abroad,
// synthetic data, an unreachable model), and each warning they send must read as Korean — Hangul, and
// no English word of four or more letters but the names and codes a Korean reader sees as such.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlmPort } from "../../shared/llm/port.ts";
import { runNewsSearch } from "../../shared/news/pipeline.ts";
import { MemoryReportStore } from "../../shared/news/report-store.ts";
import type { NewsSearchRequest } from "../../shared/news/schemas.ts";
import { createNewsDeps } from "../../shared/news/wiring.ts";
import { newsConfig, NewsEnvSchema } from "../../shared/news/config.ts";
import { fromKst } from "../../shared/platform/time.ts";
import { executePlan, searchPlaces } from "../../shared/place-search/pipeline.ts";
import { planFromClient } from "../../shared/place-search/given-plan.ts";
import type { ExecDeps } from "../../shared/providers/exec-deps.ts";
import { ProviderError } from "../../shared/providers/http.ts";
import { qaRuntime, type QaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { createRestaurantQa, type RestaurantQa } from "../../shared/restaurant-qa/pipeline.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import { scriptedLlm } from "../helpers/scripted-llm.ts";
import { sharedWorld, testExecDeps, testWorld } from "../helpers/server.ts";

/** Names and codes a Korean reader sees as they are (products, sources, units, formats). */
const ALLOWED = new Set(
  [
    "Kakao",
    "Google",
    "OpenDART",
    "DART",
    "KOSPI",
    "KOSDAQ",
    "LLM",
    "API",
    "KST",
    "URL",
    "JSON",
    "JSONL",
    "placeUrl",
    "OpenSearch",
    "Naver",
    "Routes",
    "Places",
  ].map((w) => w.toLowerCase()),
);

/**
 * The English words of a warning that a Korean reader would have to read as English. Setting and field
 * names (KAKAO_REST_API_KEY, place_id) and code in backticks are what to type, and a provider's own
 * error quoted as (오류: …) is for whoever fixes it: none of them is prose, so they are left out.
 */
export function englishWords(warning: string): string[] {
  const prose = warning
    .replace(/`[^`]*`/g, " ")
    .replace(/\(오류: [^)]*\)/g, " ")
    .replace(/\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g, " ");
  return (prose.match(/[A-Za-z]{4,}/g) ?? []).filter((w) => !ALLOWED.has(w.toLowerCase()));
}

/** Warnings that are not Korean, each with the query that gave it. */
function notKorean(found: { query: string; warnings: string[] }[]): string[] {
  const bad = found.flatMap(({ query, warnings }) =>
    warnings.filter((w) => !/[가-힣]/.test(w) || englishWords(w).length > 0).map((w) => `${query}: ${w}`),
  );
  return [...new Set(bad)];
}

describe("englishWords", () => {
  it("finds English and lets names and codes through", () => {
    expect(englishWords("no location recognised in the query")).toEqual(["location", "recognised", "query"]);
    expect(englishWords("Kakao 검색이 실패해 Google로 다시 찾았습니다 (LLM)")).toEqual([]);
    expect(englishWords("`dongne import-stores`로 불러오거나 KAKAO_REST_API_KEY를 설정하세요")).toEqual([]);
    expect(englishWords("LLM을 쓸 수 없어(overloaded) 규칙으로 골랐습니다")).toEqual(["overloaded"]);
    expect(englishWords("LLM을 쓸 수 없어 규칙으로 골랐습니다 (오류: overloaded)")).toEqual([]);
  });
});

const PLACE_QUERIES = [
  "강남역 근처 카페",
  "선릉역에서 역삼역 가는 길에 카페",
  "홍대입구역에서 걸어서 10분 이내 빵집",
  "홍대입구역에서 차로 10분 이내 주유소",
  "제주 2박3일 여행 맛집 카페",
  "강남역이랑 홍대 중간에서 만나기 좋은 술집",
  "명동역 근처 명동교자 영업시간",
  "시부야 근처 라멘 맛집",
  "파리 에펠탑 근처 카페",
  "망원역 근처 지금 영업 중인 24시 국밥 평점 높은 순",
  "근처 카페",
  "맛있는 거",
  "뷁뷁동 근처 카페",
  "판교에서 강남 가는 길에 주유소",
  "서울역에서 용산역 가는 길에 만원 이하 국밥",
  "망원역 근처 리뷰에 주차 편하다는 말이 있는 식당",
];

describe("warnings a person sees are Korean", () => {
  it("place search", async () => {
    const found = [];
    for (const query of PLACE_QUERIES) {
      const answer = await searchPlaces(query, testExecDeps());
      found.push({ query, warnings: answer.meta.warnings ?? [] });
    }
    expect(found.flatMap((f) => f.warnings).length).toBeGreaterThan(5);
    expect(notKorean(found)).toEqual([]);
  });

  it("place search with providers that fail, a spent budget and a plan whose steps cannot run", async () => {
    const offline = testExecDeps();
    // the providers fail as HTTP ones do: their own English error text, quoted in the warning
    const failing: ExecDeps = {
      ...offline,
      routes: {
        name: "kakao",
        route: async () => {
          throw new ProviderError("kakao-mobility", "no_result", "no route (result_code 104)");
        },
      },
      travel: {
        name: "google",
        distances: async () => {
          throw new ProviderError("google-routes", "server", "HTTP 503");
        },
      },
      places: {
        ...offline.places,
        keywordSearch: async (c, q, a) => {
          if (q.includes("빵")) throw new ProviderError("kakao", "server", "kakao: -7: maintenance");
          return offline.places.keywordSearch(c, q, a);
        },
      },
    };
    const found = [];
    for (const query of [
      "선릉역에서 역삼역 가는 길에 카페",
      "홍대입구역에서 걸어서 10분 이내 카페",
      "강남역 근처 빵집",
      "강남역 근처 빵집이랑 카페",
    ]) {
      const answer = await searchPlaces(query, failing);
      found.push({ query, warnings: answer.meta.warnings ?? [] });
    }
    // the request's time budget spent before anything ran
    const late = await searchPlaces("강남역 근처 카페", offline, undefined, Date.now() - 1);
    found.push({ query: "(budget spent)", warnings: late.meta.warnings ?? [] });
    // a given plan: an unknown place, a step that needs its result, a reference to a missing field
    const plan = planFromClient({
      strategy_type: "radius",
      provider: "kakao",
      post_processing: {},
      search_plan: [
        { step: 1, action: "geocode", params: { query: "뷁뷁뷁" } },
        { step: 2, action: "keyword_search", params: { query: "카페", x: "${step1.x}", y: "${step1.y}" } },
        { step: 3, action: "geocode", params: { query: "강남역" } },
        {
          step: 4,
          action: "keyword_search",
          params: { query: "카페", x: "${step3.nothing}", y: "${step3.y}" },
        },
      ],
    });
    const given = await executePlan(plan, offline);
    found.push({ query: "(given plan)", warnings: given.meta.warnings ?? [] });
    expect(found.every((f) => f.warnings.length > 0)).toBe(true);
    expect(notKorean(found)).toEqual([]);
  });

  describe("restaurant QA", () => {
    /** questions over the worker's demo corpus (built once, sharedWorld) to a model that cannot be reached */
    let reading: RestaurantQa;
    /** a world of its own for the ingest, which writes (its corpus is due, not built) */
    let world: LocalWorld;
    let qa: QaRuntime;
    beforeAll(async () => {
      const unreachable = () => scriptedLlm([{ unavailable: "overloaded" }]);
      const shared = await sharedWorld({ demoCorpus: true });
      reading = createRestaurantQa({ ...qaRuntime(shared.rt).deps, llm: unreachable() });
      world = await testWorld({ llm: unreachable() });
      qa = qaRuntime(world.rt);
    });
    afterAll(() => world.close());

    it.each(["ask", "search"] as const)("%s", async (mode) => {
      const found = [];
      for (const query of [
        "망원역 주차되는 한식집",
        "없는식당이름 메뉴 알려줘",
        "아까 거기 다시 알려줘",
        "뷁뷁동 근처 삼겹살",
        "강남역 3만원 이하 조용한 데이트 파스타",
      ]) {
        const answer = await reading[mode]({ query });
        found.push({ query, warnings: answer.meta.warnings });
      }
      expect(found.flatMap((f) => f.warnings).length).toBeGreaterThan(0);
      expect(notKorean(found)).toEqual([]);
    });

    it("ingest: the report's warnings and reasons (last: the demo corpus gives way)", async () => {
      const record = (id: string) => ({
        place_id: id,
        title: `테스트 식당 ${id}`,
        address: "서울 마포구 망원동 1",
        roadAddress: "",
        mapx: "1269100520",
        mapy: "375560940",
        menus: [{ name: "국밥", price: "9,000원" }],
        reviews: ["주차 돼요."],
        description: "",
        collected_at: "2025-10-01",
      });
      const report = await qa.qa.ingest([record("k1"), 42, record("k1"), record("k2")]);
      const said = [...report.warnings, ...report.rejected.map((r) => r.reason)];
      expect(said.length).toBeGreaterThan(1);
      expect(notKorean([{ query: "ingest", warnings: said }])).toEqual([]);
    });
  });

  it("news", async () => {
    const NOW = fromKst(2025, 11, 20, 10);
    const base = createNewsDeps(newsConfig(NewsEnvSchema.parse({})), { now: () => NOW });
    const unreachable = (): LlmPort => scriptedLlm([{ unavailable: "overloaded" }]);
    const found = [];
    const questions: NewsSearchRequest[] = [
      { query: "삼성전자 배당" },
      { query: "카카오 최신 뉴스", search_preference: "news" },
      { query: "SK하이닉스 2025년 2분기 매출", search_preference: "publications" },
      { query: "없는회사 공시" },
    ];
    for (const llm of [undefined, unreachable])
      for (const request of questions) {
        const answer = await runNewsSearch(request, {
          ...base,
          store: new MemoryReportStore(),
          llm: llm?.(),
        });
        found.push({ query: request.query, warnings: answer.meta.warnings ?? [] });
      }
    expect(found.flatMap((f) => f.warnings).length).toBeGreaterThan(0);
    expect(notKorean(found)).toEqual([]);
  });
});
