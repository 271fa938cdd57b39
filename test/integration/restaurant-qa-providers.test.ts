import { afterEach, describe, expect, it } from "vitest";
import { Deadline } from "../../shared/platform/deadline.ts";
import { NaverLocal } from "../../shared/providers/naver-local.ts";
import { collectRestaurants } from "../../shared/restaurant-qa/collect.ts";
import { CrawlRecord } from "../../shared/places/restaurant-crawl.ts";
import { resolveNearby } from "../../shared/restaurant-qa/geocode.ts";
import { TavilySearch } from "../../shared/restaurant-qa/web-search.ts";
import { startFake, type FakeServer } from "../helpers/fake-http.ts";
import { notLocated } from "../../shared/restaurant-qa/warnings.ts";

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const fake = async (...a: Parameters<typeof startFake>) => {
  const s = await startFake(...a);
  servers.push(s);
  return s;
};

// provider-apis.md §4.2: titles carry <b> tags; mapx/mapy are WGS84 × 10⁷ now, TM128 before 2023H2
const NAVER_ITEMS = [
  {
    title: "<b>망원</b> 국수집",
    link: "",
    category: "한식>국수",
    description: "",
    telephone: "",
    address: "서울특별시 마포구 망원동 400-1",
    roadAddress: "서울특별시 마포구 포은로 100",
    mapx: "1269071234",
    mapy: "375561234",
  },
  {
    title: "옛날 &amp; 통닭",
    link: "",
    category: "치킨,닭강정",
    description: "",
    telephone: "",
    address: "서울특별시 강남구 삼성동 16-1",
    roadAddress: "",
    mapx: "315997",
    mapy: "546556",
  },
];

describe("Tavily web search against a fake Tavily", () => {
  it("posts the question with a bearer key and returns title/url/content", async () => {
    const t = await fake(() => ({
      json: {
        query: "q",
        response_time: 0.5,
        results: [
          {
            title: "망원 맛집 정리",
            url: "https://blog.example/1",
            content: "망원동 국수집은 …",
            score: 0.9,
            raw_content: null,
          },
        ],
      },
    }));
    const r = await new TavilySearch({ apiKey: "tvly-secret", baseUrl: t.url }).search(
      { apiCalls: 0 },
      "망원동 국수 주차",
    );
    expect(r).toEqual([
      { title: "망원 맛집 정리", url: "https://blog.example/1", content: "망원동 국수집은 …" },
    ]);
    const req = t.requests[0]!;
    expect([req.method, req.path]).toEqual(["POST", "/search"]);
    expect(req.headers.authorization).toBe("Bearer tvly-secret");
    expect(req.body).toMatchObject({
      query: "망원동 국수 주차",
      max_results: 5,
      search_depth: "basic",
      include_answer: false,
    });
  });

  it("retries a 5xx once, never leaks the key, and rejects a malformed body", async () => {
    const t = await fake(() => [{ status: 502, json: { detail: "bad gateway" } }, { json: { results: [] } }]);
    expect(
      await new TavilySearch({ apiKey: "tvly-secret", baseUrl: t.url, retryDelayMs: 1 }).search(
        { apiCalls: 0 },
        "q",
      ),
    ).toEqual([]);
    expect(t.requests).toHaveLength(2);
    const bad = await fake(() => ({
      status: 401,
      json: { detail: { error: "Unauthorized: missing or invalid API key tvly-secret" } },
    }));
    const err = await new TavilySearch({ apiKey: "tvly-secret", baseUrl: bad.url })
      .search({ apiCalls: 0 }, "q")
      .catch((e) => e);
    expect(err.reason).toBe("auth");
    expect(err.message).not.toContain("tvly-secret");
    const weird = await fake(() => ({ json: { results: [{ title: "no url" }] } }));
    await expect(
      new TavilySearch({ apiKey: "k", baseUrl: weird.url }).search({ apiCalls: 0 }, "q"),
    ).rejects.toMatchObject({ reason: "malformed" });
  });
});

describe("Naver local search against a fake Naver", () => {
  it("geocodes a nearby place with the seed's API (headers, <b> stripped, both coordinate formats)", async () => {
    const n = await fake((r) => ({
      json: {
        lastBuildDate: "x",
        total: 2,
        start: 1,
        display: 2,
        items: r.query.get("query") === "강남구청" ? [NAVER_ITEMS[1]] : [NAVER_ITEMS[0]],
      },
    }));
    const naver = new NaverLocal({ clientId: "id", clientSecret: "sec", baseUrl: n.url });
    const items = await naver.search({ apiCalls: 0 }, "망원 국수", { display: 9 });
    expect(items[0]!.title).toBe("망원 국수집");
    expect(n.requests[0]!.query.get("display")).toBe("5");
    expect(n.requests[0]!.headers["x-naver-client-id"]).toBe("id");
    expect(n.requests[0]!.headers["x-naver-client-secret"]).toBe("sec");
    const tm = await naver.geocode({ apiCalls: 0 }, "강남구청");
    expect(tm!.lat).toBeCloseTo(37.517, 2);
    expect(tm!.lng).toBeCloseTo(127.047, 2);
    const { circles, warnings } = await resolveNearby(
      ["망원역"],
      { naver },
      { defaultRadiusM: 3000, counter: { apiCalls: 0 } },
    );
    expect(warnings).toEqual([]);
    expect(circles).toEqual([
      { name: "망원역", lat: 37.5561234, lon: 126.9071234, radiusM: 1000, source: "naver" },
    ]);
  });

  it("falls back to the gazetteer, with a warning, when Naver fails", async () => {
    const n = await fake(() => ({
      status: 401,
      json: { errorMessage: "Not Exist Client ID : Authentication failed.", errorCode: "024" },
    }));
    const naver = new NaverLocal({ clientId: "id", clientSecret: "sec", baseUrl: n.url });
    const r = await resolveNearby(
      ["홍대", "구석진곳"],
      { naver },
      { defaultRadiusM: 3000, counter: { apiCalls: 0 }, deadline: Deadline.in(5000) },
    );
    expect(r.circles.map((c) => [c.name, c.source, c.radiusM])).toEqual([["홍대", "gazetteer", 1500]]);
    expect(r.warnings[0]).toMatch(
      /네이버 지오코딩으로 "홍대"의 위치를 찾지 못해 내장 지명 사전을 썼습니다.*024/,
    );
    expect(r.warnings.at(-1)).toBe(notLocated("구석진곳"));
  });

  it("collects places into the crawl format with empty menus and reviews", async () => {
    const n = await fake(() => ({ json: { items: NAVER_ITEMS } }));
    const r = await collectRestaurants(
      "망원동 맛집",
      new NaverLocal({ clientId: "id", clientSecret: "sec", baseUrl: n.url }),
      { expand: true, collectedAt: "2026-01-02" },
    );
    // the query and one per cuisine, each in both sorts; the same places deduplicated
    expect(r.searches).toBe(2 * 8);
    expect(n.requests.map((q) => q.query.get("query"))).toContain("망원동 일식");
    expect(r.records).toHaveLength(2);
    const first = CrawlRecord.parse(r.records[0]);
    expect(first).toMatchObject({
      title: "망원 국수집",
      search_keyword: "망원 국수집 서울특별시 마포구 포은로",
      address: "서울특별시 마포구 망원동 400-1",
      mapx: "1269071234",
      menus: [],
      reviews: [],
      description: "",
      category: "한식>국수",
      collected_at: "2026-01-02",
    });
    expect(first.place_id).toMatch(/^nv-[0-9a-f]{16}$/);
    expect(CrawlRecord.parse(r.records[1]).title).toBe("옛날 & 통닭");
  });
});
