// Chooses the LLM adapter once, from configuration: Anthropic with a key, none (offline engines) without.
import type { Config } from "../config.ts";
import { AnthropicLlm } from "./anthropic.ts";
import type { LlmPort } from "./port.ts";

export function createLlm(config: Config): LlmPort | undefined {
  if (config.llm.mode !== "anthropic" || !config.llm.apiKey) return undefined;
  return new AnthropicLlm({
    apiKey: config.llm.apiKey,
    baseURL: config.llm.baseURL,
    models: { fast: config.llm.fastModel, smart: config.llm.smartModel },
    timeoutMs: config.llm.timeoutMs,
  });
}
