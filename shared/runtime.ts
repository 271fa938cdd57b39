// Process-wide configuration and adapters, built once (a Lambda's cold start, or the local server) and
// handed to every step and service. In AWS the keys live in Secrets Manager (SECRETS_ARN: a JSON object
// of variable → value), merged into the environment before the one config schema parses it and never
// logged. The secret is re-read after SECRETS_TTL_SECONDS, so a corrected key takes effect in warm
// Lambdas; a secret that is not a JSON object counts as empty (offline defaults) with a warning.
import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { loadConfig, type Config } from "./config.ts";
import { createLlm } from "./llm/index.ts";
import type { LlmPort } from "./llm/port.ts";
import { logger } from "./log.ts";
import { useMetrics } from "./metrics.ts";
import { createExecDeps, type ExecDeps } from "./place-search/exec-deps.ts";
import { documentClient } from "./store/dynamo.ts";

export interface Runtime {
  config: Config;
  /** configuration problems a caller should hear of (a malformed keys secret) */
  warnings: string[];
  /** the LLM, or undefined: the offline engines answer */
  llm?: LlmPort;
  /** the LLM with the SDK's own retries off, for callers that retry with their own backoff (004) */
  llmWithoutRetries?: LlmPort;
  /** provider adapters, built on first use (the embedded places take ~0.2 s to generate) */
  exec(): ExecDeps;
  /** DynamoDB (dynalite when DYNAMODB_ENDPOINT is set), built on first use */
  documents(): DynamoDBDocumentClient;
  /** one instance per runtime of a feature's service, built on first use (`make` runs once) */
  service<T>(key: string, make: () => T): T;
}

export interface RuntimeOverrides {
  /** null: no LLM even when a key is configured */
  llm?: LlmPort | null;
  exec?: () => ExecDeps;
  documents?: () => DynamoDBDocumentClient;
  warnings?: string[];
  /** feature services to use instead of building them (tests) */
  services?: Record<string, unknown>;
}

const lazy = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export function buildRuntime(config: Config, overrides: RuntimeOverrides = {}): Runtime {
  useMetrics(config.metrics);
  const llm = overrides.llm === null ? undefined : (overrides.llm ?? createLlm(config));
  const llmWithoutRetries =
    overrides.llm === null ? undefined : (overrides.llm ?? createLlm(config, { sdkRetries: 0 }));
  const services = new Map<string, unknown>(Object.entries(overrides.services ?? {}));
  return {
    config,
    warnings: overrides.warnings ?? [],
    service<T>(key: string, make: () => T): T {
      if (!services.has(key)) services.set(key, make());
      return services.get(key) as T;
    },
    llm,
    llmWithoutRetries,
    exec: overrides.exec ?? lazy(() => createExecDeps(config)),
    documents: overrides.documents ?? lazy(() => documentClient(config.aws.dynamoEndpoint)),
  };
}

export type SecretReader = (arn: string) => Promise<string | undefined>;

const secretsManager = lazy(() => new SecretsManagerClient({}));
const readSecretsManager: SecretReader = async (arn) =>
  (await secretsManager().send(new GetSecretValueCommand({ SecretId: arn }))).SecretString;

const SecretObject = z.record(z.string(), z.unknown());

/** The secret's string keys; anything else is ignored with a warning, never an exception. */
export function secretEnv(text: string | undefined): { env: Record<string, string>; warnings: string[] } {
  if (!text?.trim()) return { env: {}, warnings: [] };
  let parsed: z.infer<typeof SecretObject>;
  try {
    parsed = SecretObject.parse(JSON.parse(text));
  } catch {
    return {
      env: {},
      warnings: [
        "the keys secret is not a JSON object of variable names to values: every key counts as not configured",
      ],
    };
  }
  const env: Record<string, string> = {};
  const ignored: string[] = [];
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v === "string") env[k] = v;
    else ignored.push(k);
  }
  return {
    env,
    warnings: ignored.length ? [`the keys secret's ${ignored.join(", ")} are not strings: ignored`] : [],
  };
}

/**
 * The process's runtime, rebuilt when the keys secret changes. `now` and `readSecret` are the seams
 * for tests (a fake Secrets Manager over HTTP also works: the SDK honours AWS_ENDPOINT_URL).
 */
export function runtimeLoader(
  env: Record<string, string | undefined> = process.env,
  readSecret: SecretReader = readSecretsManager,
  now: () => number = Date.now,
  overrides: RuntimeOverrides = {},
): () => Promise<Runtime> {
  const base = loadConfig(env);
  let current: { runtime: Runtime; secret: string | undefined; checkedAt: number } | undefined;
  let loading: Promise<Runtime> | undefined;

  const load = async (): Promise<Runtime> => {
    const arn = base.aws.secretsArn;
    let secret = current?.secret;
    if (arn) {
      try {
        secret = await readSecret(arn);
      } catch (err) {
        // keep serving with what we have; the next call tries again after the TTL
        logger.warn("the keys secret could not be read", { error: (err as Error).message });
        if (current) {
          current.checkedAt = now();
          return current.runtime;
        }
      }
    }
    if (current && secret === current.secret) {
      current.checkedAt = now();
      return current.runtime;
    }
    const fromSecret = secretEnv(secret);
    for (const w of fromSecret.warnings) logger.warn(w);
    const config = loadConfig({ ...env, ...fromSecret.env });
    const runtime = buildRuntime(config, { ...overrides, warnings: fromSecret.warnings });
    current = { runtime, secret, checkedAt: now() };
    return runtime;
  };

  return async () => {
    const fresh = current && (now() - current.checkedAt) / 1000 < base.aws.secretsTtlSeconds;
    if (fresh) return current!.runtime;
    loading ??= load().finally(() => (loading = undefined));
    return loading;
  };
}

let processRuntime: (() => Promise<Runtime>) | undefined;

/** The runtime of this Lambda (or CLI) process. */
export function runtime(): Promise<Runtime> {
  processRuntime ??= runtimeLoader();
  return processRuntime();
}
