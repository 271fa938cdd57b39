// The news workflow as deployed (the Express definition through the local runner, each step in its
// Lambda envelope): both branches run and merge; a branch whose Lambda fails outright becomes an error
// line and the answer still comes; a branch not asked for is skipped; the HTTP API answers JSON and text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Deadline } from "../../shared/deadline.ts";
import type { NewsSearchResponse, SearchState } from "../../shared/news/schemas.ts";
import { StatesError } from "../../shared/workflows/local-runner.ts";
import { postJson, startServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let broken: TestServer;
beforeAll(async () => {
  server = await startServer();
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
    expect(body.pub_errors).toEqual(["publications search failed (Sandbox.Timedout)"]);
    expect(body.search_summary).toMatch(/⚠️ 에러 1건/);
    expect(body.searched_list?.news.length).toBeGreaterThan(0);
    expect(body.generated_response).toBeTruthy();
  });

  it("skips the branch not asked for", async () => {
    const out = await server.world.workflows.runSync<SearchState>(
      "news",
      { query: "삼성전자 배당", search_preference: "news" },
      Deadline.in(20_000),
    );
    expect(out.searched_list?.regular).toEqual([]);
    expect(out.usage.SearchPublications?.dartCalls ?? 0).toBe(0);
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
