import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../shared/platform/config.ts";

describe("loadConfig", () => {
  it("has embedded defaults: port 3000, offline LLM, embedded places", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.llm).toMatchObject({
      mode: "offline",
      fastModel: "claude-haiku-5-5",
      smartModel: "claude-sonnet-5-5",
    });
    expect(c.providers.place).toBe("embedded");
    expect(c.simulation).toEqual({
      backoffUnitMs: 10_000,
      maxConcurrentLlmCalls: 10,
      personasFile: undefined,
      store: "disk",
      maxAgentDaysPerCaller: 10_000,
      failedTurnsThreshold: 0.05,
      rateDelayMs: 500,
    });
    expect(c.api).toEqual({ keys: [], budgetMs: 25_000, llmRequestsPerCallerPerDay: 2000 });
    expect(c.host).toBe("127.0.0.1");
  });

  it("auto mode picks Anthropic when a key is set, and Kakao when its key is set", () => {
    const c = loadConfig({ ANTHROPIC_API_KEY: "sk-ant-x", KAKAO_REST_API_KEY: "k", PORT: "8080" });
    expect(c.llm.mode).toBe("anthropic");
    expect(c.providers.place).toBe("kakao");
    expect(c.port).toBe(8080);
  });

  it("LLM_MODE=offline wins over a key; blank keys count as unset", () => {
    expect(loadConfig({ LLM_MODE: "offline", ANTHROPIC_API_KEY: "sk" }).llm.mode).toBe("offline");
    expect(loadConfig({ ANTHROPIC_API_KEY: "  " }).llm.mode).toBe("offline");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ LLM_MODE: "gpt" }, "LLM_MODE"],
    [{ LLM_MODE: "anthropic" }, "ANTHROPIC_API_KEY"],
    [{ PLACE_PROVIDER: "kakao" }, "KAKAO_REST_API_KEY"],
    [{ NAVER_CLIENT_ID: "id" }, "NAVER_CLIENT_SECRET"],
    [{ LLM_TIMEOUT_MS: "-1" }, "LLM_TIMEOUT_MS"],
    [{ SIM_MAX_CONCURRENT_LLM_CALLS: "0" }, "SIM_MAX_CONCURRENT_LLM_CALLS"],
    [{ SIM_BACKOFF_UNIT_MS: "soon" }, "SIM_BACKOFF_UNIT_MS"],
    [{ PROVIDER_CONCURRENCY: "1000" }, "PROVIDER_CONCURRENCY"],
  ])("%o stops start-up naming %s", (env, variable) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).issues.map((i) => i.variable)).toContain(variable);
    expect((caught as ConfigError).message).toContain(variable);
  });

  it("never echoes a secret in its error message", () => {
    expect(() => loadConfig({ ANTHROPIC_API_KEY: "sk-ant-secret", PORT: "x" })).toThrow(/PORT/);
    try {
      loadConfig({ ANTHROPIC_API_KEY: "sk-ant-secret", PORT: "x" });
    } catch (e) {
      expect(String((e as Error).message)).not.toContain("sk-ant-secret");
    }
  });
});
