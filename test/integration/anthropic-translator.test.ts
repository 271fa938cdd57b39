// The Anthropic adapter through the real SDK against a fake Messages API: valid output, invalid
// output (one retry quoting the error, then the rules), 429/529 and a timeout.
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicLlm } from "../../shared/llm/anthropic.ts";
import { translateWithRules } from "../../shared/place-search/translator/rules.ts";
import { translate } from "../../shared/place-search/translator/index.ts";
import { startFakeAnthropic, type FakeAnthropic, type FakeReply } from "../helpers/fake-anthropic.ts";
import { postJson, startServer } from "../helpers/server.ts";

// a query the rules are unsure of (no place, no known kind of place), so the LLM is asked
const UNSURE = "운동할 곳 추천";
const llmAnswer = () => ({
  ...translateWithRules("서울 헬스장").result,
  locations: [{ name: "서울", query: "서울", role: "center", kind: "city", country: "KR" }],
  search_keywords: ["헬스장"],
});

let fake: FakeAnthropic | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function llmWith(script: FakeReply[], opts: { timeoutMs?: number; maxRetries?: number } = {}) {
  fake = await startFakeAnthropic(script);
  return new AnthropicLlm({
    apiKey: "sk-ant-test",
    baseURL: fake.baseURL,
    models: { fast: "claude-haiku-5-5", smart: "claude-sonnet-5-5" },
    timeoutMs: opts.timeoutMs ?? 5000,
    maxRetries: opts.maxRetries ?? 2,
  });
}

describe("Anthropic translator", () => {
  it("uses the LLM's valid structured output and counts its tokens", async () => {
    const llm = await llmWith([{ text: JSON.stringify(llmAnswer()), inputTokens: 321, outputTokens: 123 }]);
    const t = await translate(UNSURE, llm);
    expect(t.engine).toBe("llm");
    expect(t.result.search_keywords).toEqual(["헬스장"]);
    expect(t.usage).toEqual({ calls: 1, inputTokens: 321, outputTokens: 123 });
    const sent = fake!.requests[0]!;
    expect(sent.model).toBe("claude-haiku-5-5");
    expect(JSON.stringify(sent.output_config)).toContain("search_keywords");
    expect(JSON.stringify(sent.messages)).toContain(UNSURE);
  });

  it("does not call the LLM when the rules are confident", async () => {
    const llm = await llmWith([{ text: "{}" }]);
    const t = await translate("강남역 근처 카페", llm);
    expect(t.engine).toBe("rules");
    expect(fake!.requests).toHaveLength(0);
  });

  it("retries invalid output once with the validation error, then accepts the corrected answer", async () => {
    const llm = await llmWith([
      { text: '{"search_keywords": "not a list"}' },
      { text: JSON.stringify(llmAnswer()) },
    ]);
    const t = await translate(UNSURE, llm);
    expect(t.engine).toBe("llm");
    expect(t.usage.calls).toBe(2);
    const retry = fake!.requests[1]!.messages;
    expect(retry).toHaveLength(3);
    expect(JSON.stringify(retry[2]!.content)).toMatch(/does not match the schema: .*search_keywords/);
  });

  it("falls back to the rules after two invalid answers, and says so", async () => {
    const llm = await llmWith([{ text: "not json at all" }, { text: '{"provider": "naver"}' }]);
    const t = await translate(UNSURE, llm);
    expect(t.engine).toBe("rules-fallback");
    expect(t.usage.calls).toBe(2);
    expect(t.result).toEqual(translateWithRules(UNSURE).result);
    expect(t.warnings.join(" ")).toMatch(/LLM 번역기를 쓸 수 없어 규칙으로/);
  });

  it.each([
    [429, "rate_limit_error"],
    [529, "overloaded_error"],
  ])("rides out one %i (SDK retry), then answers", async (status, errorType) => {
    const llm = await llmWith([{ status, errorType, retryAfter: 0 }, { text: JSON.stringify(llmAnswer()) }]);
    const t = await translate(UNSURE, llm);
    expect(t.engine).toBe("llm");
    expect(fake!.requests).toHaveLength(2);
  });

  it("falls back to the rules when the API keeps answering 529", async () => {
    const llm = await llmWith([{ status: 529, errorType: "overloaded_error", retryAfter: 0 }], {
      maxRetries: 1,
    });
    const t = await translate(UNSURE, llm);
    expect(t.engine).toBe("rules-fallback");
    expect(fake!.requests).toHaveLength(2); // first try + the SDK's one retry; nothing multiplies it
    expect(t.warnings.join(" ")).toMatch(/529/);
  });

  it("falls back to the rules when the API does not answer in time", async () => {
    const llm = await llmWith([{ hang: true }], { timeoutMs: 200, maxRetries: 0 });
    const t = await translate(UNSURE, llm);
    expect(t.engine).toBe("rules-fallback");
    expect(t.warnings.join(" ")).toMatch(/timed out/);
  });

  it("reports the engine, LLM calls and tokens in the API response's meta", async () => {
    const llm = await llmWith([{ text: JSON.stringify(llmAnswer()), inputTokens: 10, outputTokens: 5 }]);
    const server = await startServer({ llm });
    try {
      const { status, body } = await postJson(`${server.url}/v1/search/plan`, { query: UNSURE });
      expect(status).toBe(200);
      expect(body.meta).toMatchObject({ engine: "llm", llmCalls: 1, llmTokens: { input: 10, output: 5 } });
      expect(body.search_plan[0]).toMatchObject({ action: "geocode", params: { query: "서울" } });
    } finally {
      await server.close();
    }
  });
});
