// The news workflow as deployed (the Express definition through the local runner, each step in its
// Lambda envelope): both branches run and merge; a branch whose Lambda fails outright becomes an error
// line and the answer still comes; a branch not asked for is skipped; the HTTP API answers JSON and text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Deadline } from "../../shared/platform/deadline.ts";
import type { NewsSearchResponse, SearchState } from "../../shared/news/schemas.ts";

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
    expect(body.pub_errors).toEqual([
      "공시 검색 단계가 실패해 그 자료 없이 답했습니다 (오류: Sandbox.Timedout)",
    ]);
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
});
