// The news workflow as deployed (the Express definition through the local runner, each step in its
// Lambda envelope): both branches run and merge; a branch whose Lambda fails outright becomes an error
// line and the answer still comes; a branch not asked for is skipped; the HTTP API answers JSON and text;
// every text a person reads is Korean prose (the shared checker, over questions of every form).
// Cost: two in-process servers (dynalite in memory), about thirty questions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Deadline } from "../../shared/platform/deadline.ts";
import type { NewsSearchResponse, SearchState } from "../../shared/news/schemas.ts";

import { describeFindings, checkPersonText } from "../helpers/person-text.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";
import { StatesError } from "../../shared/workflows/errors.ts";

let server: TestServer;
let broken: TestServer;
/** Task invocations by state name, on `server` (each a Lambda invocation in AWS). */
const invoked = new Map<string, number>();
beforeAll(async () => {
  server = await startServer({
    wrap: (state, handler) => (input: never) => {
      invoked.set(state, (invoked.get(state) ?? 0) + 1);
      return handler(input);
    },
  });
  broken = await startServer({
    wrap: (state, handler) =>
      state === "SearchPublications"
        ? () => {
            throw new StatesError("Sandbox.Timedout", "Task timed out after 25.00 seconds");
          }
        : handler,
  });
});
afterAll(async () => {
  await server.close();
  await broken.close();
});

describe("the news workflow", () => {
  it("runs both branches, formats, selects and answers, with citations", async () => {
    const res = await postJson(`${server.url}/v1/news/search`, { query: "SK하이닉스 최대주주" });
    expect(res.status).toBe(200);
    const body = res.body as NewsSearchResponse;
    expect(body.search_summary).toMatch(/📰 뉴스: \d+건/);
    expect(body.search_summary).toMatch(/📊 정기보고서: \d+건/);
    expect(body.news_results).toBeNull(); // dropped after FormatResults (003's memory note)
    expect(body.citations.length).toBeGreaterThan(0);
    expect(body.meta.synthetic).toBe(true);
  });

  it("turns a branch whose Lambda failed into an error line; the news still answer", async () => {
    const res = await postJson(`${broken.url}/v1/news/search`, { query: "삼성전자 배당" });
    expect(res.status).toBe(200);
    const body = res.body as NewsSearchResponse;
    expect(body.pub_errors).toEqual(["공시 검색 단계가 실패해 그 자료 없이 답했습니다"]);
    expect(body.meta.notices).toContainEqual({ code: "branch_failed", detail: "Sandbox.Timedout" });
    expect(body.search_summary).toMatch(/⚠️ 에러 1건/);
    expect(body.searched_list?.news.length).toBeGreaterThan(0);
    expect(body.generated_response).toBeTruthy();
  });

  it.each([
    ["news", "SearchPublications", "SearchNews"],
    ["publications", "SearchNews", "SearchPublications"],
  ] as const)(
    "asked for %s only, never invokes %s (a Choice skips it); the other branch runs once",
    async (preference, skipped, ran) => {
      invoked.clear();
      const out = await server.world.workflows.runSync<SearchState>(
        "news",
        { query: "삼성전자 배당", search_preference: preference },
        Deadline.none(), // not about time: no deadline to miss on a busy machine
      );
      expect(invoked.get(skipped) ?? 0).toBe(0);
      expect(invoked.get(ran)).toBe(1);
      for (const state of ["AnalyzeQuery", "FormatResults", "SelectDocuments", "GenerateResponse"])
        expect(invoked.get(state), state).toBe(1);
      expect(out.news_errors).toEqual([]);
      expect(out.pub_errors).toEqual([]);
      expect(out.generated_response).toBeTruthy();
      if (preference === "news") {
        expect(out.searched_list?.regular).toEqual([]);
        expect(out.searched_list?.revision).toEqual([]);
        expect(out.searched_list?.news.length).toBeGreaterThan(0);
        expect(out.search_summary).not.toContain("📊");
      } else {
        expect(out.searched_list?.news).toEqual([]);
        expect(out.searched_list?.regular.length).toBeGreaterThan(0);
        expect(out.search_summary).not.toContain("📰");
      }
      expect(out.usage[skipped]?.skipped).toBe(true);
      expect(out.usage[skipped]?.dartCalls ?? 0).toBe(0);
      expect(out.usage[skipped]?.naverCalls ?? 0).toBe(0);
    },
  );

  it("with both asked for, invokes each branch once", async () => {
    invoked.clear();
    await server.world.workflows.runSync("news", { query: "삼성전자 배당" }, Deadline.none());
    expect(invoked.get("SearchNews")).toBe(1);
    expect(invoked.get("SearchPublications")).toBe(1);
  });

  it("answers ?format=text with the summary then the answer, and 400s naming the field", async () => {
    const res = await fetch(`${server.url}/v1/news/search?format=text`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "삼성전자 배당" }),
    });
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(/^=== 검색 결과 요약: '삼성전자 배당' ===/);
    expect(text).toMatch(/합성|synthetic/i);
    const bad = await postJson(`${server.url}/v1/news/search`, { query: "x", search_preference: "all" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("search_preference");
  });

  /**
   * Questions of every form (who, yes/no, how many, how much, when, changed, news, a list of filings),
   * names written as people write them (official, English, short, a group, unknown, unlisted), and
   * questions with no company or a period not yet filed. Written for this test, not taken from a set.
   */
  const VARIED = [
    "삼성전자 배당",
    "SK하이닉스 최대주주 누구야",
    "Hyundai Mobis 대표 누구",
    "kia 자사주 몇 주 있어",
    "LG Display 직원 몇명",
    "셀트리온 배당 줬어?",
    "삼바 영업이익 얼마",
    "카뱅 임원 보수 얼마야",
    "현대건설 유상증자 언제 했어",
    "네이버 최대주주 변동 있었어?",
    "포스코홀딩스 직원 수 줄었어?",
    "한화 등기임원 바뀌었어",
    "롯데 최근 뉴스",
    "KT&G 뉴스 알려줘",
    "가나다전자 배당",
    "배민 최대주주",
    "애플 매출 얼마야",
    "요즘 배당 많이 주는 회사",
    "삼성전자 2030년 1분기 매출",
    "LG전자 정정 공시",
  ];

  it("writes every person-facing text as Korean prose, for questions of every form", async () => {
    const found: string[] = [];
    for (const query of VARIED) {
      const res = await postJson(`${server.url}/v1/news/search`, { query });
      expect(res.status, query).toBe(200);
      const findings = checkPersonText(res.body);
      if (findings.length) found.push(`${query}\n${describeFindings(findings)}`);
    }
    const failed = await postJson(`${broken.url}/v1/news/search`, { query: "삼성전자 배당" });
    const findings = checkPersonText(failed.body);
    if (findings.length) found.push(`(a failed branch)\n${describeFindings(findings)}`);
    expect(found).toEqual([]);
  });
});
