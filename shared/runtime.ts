// Process-wide configuration and adapters, built once (a Lambda's cold start, or the local server).
// In AWS the keys live in Secrets Manager (SECRETS_ARN, a JSON object of variable → value); they are
// merged into the environment before the one config schema parses it, and never logged.
import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { z } from "zod";
import { loadConfig, type Config } from "./config.ts";
import { createLlm } from "./llm/index.ts";
import type { LlmPort } from "./llm/port.ts";
import { createExecDeps, type ExecDeps } from "./place-search/exec-deps.ts";
import { useMetrics } from "./metrics.ts";

export interface Runtime {
  config: Config;
  llm?: LlmPort;
  /** provider adapters, built on first use (the embedded places take ~0.2 s to generate) */
  exec(): ExecDeps;
}

const SecretKeys = z.record(z.string(), z.string());

async function secretEnv(arn: string | undefined): Promise<Record<string, string>> {
  if (!arn) return {};
  const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) return {};
  const parsed = SecretKeys.safeParse(JSON.parse(out.SecretString));
  if (!parsed.success) throw new Error("the keys secret must be a JSON object of strings");
  return parsed.data;
}

export function buildRuntime(config: Config, llm = createLlm(config)): Runtime {
  useMetrics(config.metrics);
  let exec: ExecDeps | undefined;
  return { config, llm, exec: () => (exec ??= createExecDeps(config)) };
}

let cached: Promise<Runtime> | undefined;

export function runtime(): Promise<Runtime> {
  cached ??= (async () =>
    buildRuntime(loadConfig({ ...process.env, ...(await secretEnv(process.env.SECRETS_ARN)) })))();
  return cached;
}
