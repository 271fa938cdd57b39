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
      // the per-run cap and the batching of a slot's agents: 10,000 agents in 100 batches of 100,
      // each batch one invocation of the agent function, 100 in flight (its reserved concurrency)
      maxAgents: 10_000,
      batchSize: 100,
      agentConcurrency: 100,
      localBatchesInFlight: 4,
      failedTurnsThreshold: 0.05,
      rateDelayMs: 500,
      maxBudgetUsd: undefined,
      memory: "kept",
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

  it("takes the caps and the batching from the environment", () => {
    const c = loadConfig({
      SIM_MAX_AGENTS: "20000",
      SIM_MAX_AGENT_DAYS_PER_CALLER: "300000",
      SIM_BATCH_SIZE: "50",
      SIM_AGENT_CONCURRENCY: "40",
      SIM_MAX_BUDGET_USD: "12.5",
      SIM_MEMORY: "withheld",
    });
    expect(c.simulation).toMatchObject({
      maxAgents: 20_000,
      maxAgentDaysPerCaller: 300_000,
      batchSize: 50,
      agentConcurrency: 40,
      maxBudgetUsd: 12.5,
      memory: "withheld",
    });
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
    // no configuration lifts the per-run cap past what a slot's batches hold, nor makes it zero
    [{ SIM_MAX_AGENTS: "0" }, "SIM_MAX_AGENTS"],
    [{ SIM_MAX_AGENTS: "100001" }, "SIM_MAX_AGENTS"],
    [{ SIM_MAX_AGENT_DAYS_PER_CALLER: "0" }, "SIM_MAX_AGENT_DAYS_PER_CALLER"],
    [{ SIM_BATCH_SIZE: "201" }, "SIM_BATCH_SIZE"],
    [{ SIM_AGENT_CONCURRENCY: "0" }, "SIM_AGENT_CONCURRENCY"],
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
