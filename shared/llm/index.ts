// Chooses the LLM adapter once, from configuration: Anthropic with a key, none (offline engines) without.
import type { Config } from "../platform/config.ts";
import { AnthropicLlm } from "./anthropic.ts";
import type { LlmPort } from "./port.ts";

/** `sdkRetries`: the SDK's own retries (the simulation turns them off and retries with its own backoff). */
export function createLlm(config: Config, opts: { sdkRetries?: number } = {}): LlmPort | undefined {
  if (config.llm.mode !== "anthropic" || !config.llm.apiKey) return undefined;
  return new AnthropicLlm({
    apiKey: config.llm.apiKey,
    baseURL: config.llm.baseURL,
    models: { fast: config.llm.fastModel, smart: config.llm.smartModel },
    timeoutMs: config.llm.timeoutMs,
    maxRetries: opts.sdkRetries,
  });
}
