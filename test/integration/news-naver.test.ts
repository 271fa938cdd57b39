// Naver news over real HTTP against a fake server replaying the documented responses and errors:
// every failure becomes one clear entry in news_errors and the step still returns a state.
import { afterEach, describe, expect, it } from "vitest";
import { type NewsDeps } from "../../shared/news/wiring.ts";
import { searchNewsStep } from "../../shared/news/steps.ts";
import { NaverNewsClient } from "../../shared/providers/naver-news.ts";
import { fixture, startFake, type FakeServer, type Reply } from "../helpers/fake-http.ts";
import { FAKE_NAVER } from "../helpers/fake-naver.ts";
import { DEFAULT_NEWS_SETTINGS } from "../../shared/news/config.ts";

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function step(
  query: string,
  reply: Reply | ((n: number) => Reply),
  opts: { keys?: typeof FAKE_NAVER; timeoutMs?: number } = {},
) {
  fake = await startFake((_r, n) => (typeof reply === "function" ? reply(n) : reply));
  const news = new NaverNewsClient({
    ...(opts.keys ?? FAKE_NAVER),
    baseUrl: fake.url,
    timeoutMs: opts.timeoutMs ?? 2000,
  });
  const deps = { news, settings: DEFAULT_NEWS_SETTINGS, now: () => new Date() } as unknown as NewsDeps;
  return searchNewsStep({ query }, deps);
}

describe("Naver news search", () => {
  it("sends 003's request (display 20, sort sim) with both key headers, and cleans the documented response", async () => {
    const out = await step("판교 맛집", { json: fixture("naver.news.json") });
    const req = fake!.requests[0]!;
    expect(req.path).toBe("/v1/search/news.json");
    expect(Object.fromEntries(req.query)).toEqual({
      query: "판교 맛집",
      display: "20",
      start: "1",
      sort: "sim",
    });
    expect(req.headers["x-naver-client-id"]).toBe(FAKE_NAVER.clientId);
    expect(req.headers["x-naver-client-secret"]).toBe(FAKE_NAVER.clientSecret);
    expect(out.news_errors).toEqual([]);
    // the second item is the first story at another outlet: merged, its link kept
    expect(out.news_results?.items.map((i) => [i.title, i.formatted_date, i.merged_links.length])).toEqual([
      ["판교 테크노밸리 맛집 지도 바뀐다", "2026-09-15", 1],
      ['"판교" 오피스 공실률 하락', "2026-09-14", 0],
    ]);
    expect(out.news_results?.items[0]?.description).toBe("성남시 분당구 판교역 일대…");
    expect(out.news_results?.items[1]?.description).toBe("판교 & 분당 오피스' 공실률");
    expect(out.usage.SearchNews?.naverCalls).toBe(1);
  });

  it("asks for the newest first when the question wants the latest", async () => {
    await step("판교 최신 뉴스", { json: fixture("naver.news.json") });
    expect(fake!.requests[0]?.query.get("sort")).toBe("date");
  });

  // the sentence is for people; the status, the provider's own words and the settings are the notice's
  const cases: [string, Reply, RegExp, Record<string, unknown>][] = [
    [
      "401 (key or scope)",
      { status: 401, json: fixture("naver.error.401.json") },
      /^네이버 뉴스: 인증에 실패했습니다: 애플리케이션의 검색 API 사용 설정과 키를 확인하세요$/,
      { code: "naver_auth", status: "401", settings: ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET"] },
    ],
    [
      // §4.1: the keys are right but the application has no 검색 API registered
      "401 Scope Status Invalid",
      {
        status: 401,
        json: {
          errorMessage: "Scope Status Invalid : Authentication failed. (인증에 실패했습니다.)",
          errorCode: "024",
        },
      },
      /^네이버 뉴스: 인증에 실패했습니다: 애플리케이션에 검색 API 사용이 등록되지 않았습니다 \(개발자센터 > 내 애플리케이션 > API 설정\)$/,
      { code: "naver_auth", status: "401", detail: expect.stringContaining("Scope Status Invalid") },
    ],
    [
      "429 (daily cap)",
      { status: 429, json: { errorMessage: "Rate limit exceeded", errorCode: "012" } },
      /^네이버 뉴스: 하루 호출 한도를 넘었습니다$/,
      { code: "naver_rate_limit", status: "429" },
    ],
    [
      "500 (SE99)",
      { status: 500, json: { errorMessage: "System error", errorCode: "SE99" } },
      /^네이버 뉴스: 서버가 오류로 답했습니다$/,
      { code: "naver_server", status: "500", detail: expect.stringContaining("SE99") },
    ],
    [
      "a malformed body",
      { raw: "<html>gateway</html>" },
      /^네이버 뉴스: 응답을 읽을 수 없었습니다$/,
      { code: "naver_malformed" },
    ],
    [
      "a body of another shape",
      { json: { items: "none" } },
      /^네이버 뉴스: 응답을 읽을 수 없었습니다$/,
      { code: "naver_malformed", detail: expect.stringContaining("unexpected response shape") },
    ],
  ];
  for (const [what, reply, message, notice] of cases)
    it(`${what} becomes one clear entry in news_errors, its codes a notice`, async () => {
      const out = await step("삼성전자", reply);
      expect(out.news_results).toBeNull();
      expect(out.news_errors).toHaveLength(1);
      expect(out.news_errors[0]).toMatch(message);
      expect(out.news_errors[0]).not.toContain(FAKE_NAVER.clientSecret);
      expect(out.usage.SearchNews?.notices).toEqual([expect.objectContaining(notice)]);
    });

  it("a timeout becomes an entry too (after the one retry)", async () => {
    const out = await step("삼성전자", { hang: true }, { timeoutMs: 150 });
    expect(out.news_errors).toEqual(["네이버 뉴스: 응답이 제시간에 오지 않았습니다"]);
    expect(fake!.requests).toHaveLength(2);
  });

  it("a 5xx is retried once, and the retry's answer is used", async () => {
    const out = await step("판교", (n) =>
      n === 0 ? { status: 503, json: {} } : { json: fixture("naver.news.json") },
    );
    expect(out.news_errors).toEqual([]);
    expect(out.news_results?.items).toHaveLength(2);
    expect(out.usage.SearchNews?.naverCalls).toBe(2);
  });

  it("is skipped, not run, when only publications are asked for", async () => {
    fake = await startFake(() => ({ json: fixture("naver.news.json") }));
    const news = new NaverNewsClient({ ...FAKE_NAVER, baseUrl: fake.url, timeoutMs: 2000 });
    const skipped = await searchNewsStep({ query: "삼성전자", search_preference: "publications" }, {
      news,
      settings: DEFAULT_NEWS_SETTINGS,
      now: () => new Date(),
    } as unknown as NewsDeps);
    expect(fake.requests).toHaveLength(0);
    expect(skipped.usage.SearchNews?.skipped).toBe(true);
    expect(skipped.news_results).toBeNull();
  });
});
