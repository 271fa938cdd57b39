// Process-wide configuration and adapters, built once (a Lambda's cold start, or the local server).
import { loadConfig, type Config } from "./config.ts";
import { createLlm } from "./llm/index.ts";
import type { LlmPort } from "./llm/port.ts";

export interface Runtime {
  config: Config;
  llm?: LlmPort;
}

let cached: Runtime | undefined;

export function runtime(): Runtime {
  if (!cached) {
    const config = loadConfig();
    cached = { config, llm: createLlm(config) };
  }
  return cached;
}
