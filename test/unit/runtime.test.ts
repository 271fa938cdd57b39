// The runtime builds its LLM clients when they are first read, not with the runtime (the authorizer and
// most steps never call an LLM): `rt.llm` still says whether one is configured, and each client is built
// once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../shared/platform/config.ts";
import { createLlm } from "../../shared/llm/index.ts";
import type { LlmPort } from "../../shared/llm/port.ts";
import { buildRuntime, runtimeLoader } from "../../shared/runtime/runtime.ts";

vi.mock("../../shared/llm/index.ts", async (original) => {
  const actual = await original<typeof import("../../shared/llm/index.ts")>();
  return { ...actual, createLlm: vi.fn(actual.createLlm) };
});

const built = vi.mocked(createLlm);
afterEach(() => built.mockClear());

const env = { LOG_LEVEL: process.env.LOG_LEVEL };

describe("buildRuntime()", () => {
  it("builds the Anthropic clients on first read, once each", () => {
    const rt = buildRuntime(loadConfig({ ...env, ANTHROPIC_API_KEY: "sk-ant-lazy" }), { createLlm });
    expect(built).not.toHaveBeenCalled();
    const llm = rt.llm;
    expect(llm?.name).toBe("anthropic");
    expect(rt.llm).toBe(llm);
    expect(built).toHaveBeenCalledTimes(1);
    const withoutRetries = rt.llmWithoutRetries;
    expect(withoutRetries?.name).toBe("anthropic");
    expect(withoutRetries).not.toBe(llm);
    expect(rt.llmWithoutRetries).toBe(withoutRetries);
    expect(built).toHaveBeenCalledTimes(2);
    expect(built.mock.calls[1]?.[1]).toEqual({ sdkRetries: 0 });
  });

  it("without a key there is no LLM (offline), asked of the configuration once", () => {
    const rt = buildRuntime(loadConfig(env), { createLlm });
    expect(rt.llm ? "llm" : "offline").toBe("offline");
    expect(rt.llm).toBeUndefined();
    expect(rt.llmWithoutRetries).toBeUndefined();
    expect(built).toHaveBeenCalledTimes(2);
  });

  it("an entry without the LLM adapter (a step that reads no keys) has no LLM, whatever the configuration", () => {
    const rt = buildRuntime(loadConfig({ ...env, ANTHROPIC_API_KEY: "sk-ant-lazy" }));
    expect(rt.llm).toBeUndefined();
    expect(built).not.toHaveBeenCalled();
  });

  it("an override wins: null for none even with a key, or the given LLM for both", () => {
    const none = buildRuntime(loadConfig({ ...env, ANTHROPIC_API_KEY: "sk-ant-lazy" }), { llm: null });
    expect(none.llm).toBeUndefined();
    expect(none.llmWithoutRetries).toBeUndefined();
    const given = { name: "scripted" } as LlmPort;
    const rt = buildRuntime(loadConfig({ ...env, ANTHROPIC_API_KEY: "sk-ant-lazy" }), { llm: given });
    expect(rt.llm).toBe(given);
    expect(rt.llmWithoutRetries).toBe(given);
    expect(built).not.toHaveBeenCalled();
  });
});

describe("runtimeLoader() with loadLlm (the keyed Lambdas' and the API's entries)", () => {
  it("imports the LLM adapter only when a key is configured", async () => {
    const loadLlm = vi.fn(async () => ({ createLlm }));
    const offline = await runtimeLoader(env, undefined, Date.now, { loadLlm })();
    expect(offline.llm).toBeUndefined();
    expect(loadLlm).not.toHaveBeenCalled();
    const keyed = await runtimeLoader({ ...env, ANTHROPIC_API_KEY: "sk-ant-lazy" }, undefined, Date.now, {
      loadLlm,
    })();
    expect(loadLlm).toHaveBeenCalledTimes(1);
    expect(keyed.llm?.name).toBe("anthropic");
  });
});
