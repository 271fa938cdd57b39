// Process-wide configuration and adapters, built once (a Lambda's cold start, or the local server) and
// handed to every step and service. In AWS the keys live in Secrets Manager (SECRETS_ARN: a JSON object
// of variable → value), read through Powertools Parameters (SecretsProvider, its values cached for
// SECRETS_TTL_SECONDS); only the provider keys (the authorizer: API_KEYS) are taken from it, each
// checked on its own, merged into the environment before the one config schema parses it, and never
// logged. The secret is re-read after SECRETS_TTL_SECONDS, so a corrected key takes effect in warm
// Lambdas; a secret that is not a JSON object, or a key that is unset or invalid, counts as not
// configured (the offline defaults) with a warning — a bad secret never fails a call.
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SecretsProvider } from "@aws-lambda-powertools/parameters/secrets";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import {
  ConfigError,
  ConfigSchema,
  loadConfig,
  PAIRED_KEY_NAMES,
  PROVIDER_KEY_NAMES,
  type Config,
} from "../platform/config.ts";
import { createLlm } from "../llm/index.ts";
import type { LlmPort } from "../llm/port.ts";
import { logger, useLogLevel } from "../platform/log.ts";
import { useMetrics } from "../platform/metrics.ts";
import { createExecDeps, type ExecDeps } from "../providers/exec-deps.ts";
import type { Runtime } from "./port.ts";
import { documentClient } from "../store/dynamo.ts";

export interface RuntimeOverrides {
  /** null: no LLM even when a key is configured */
  llm?: LlmPort | null;
  exec?: () => ExecDeps;
  documents?: () => DynamoDBDocumentClient;
  warnings?: string[];
  /** feature services to use instead of building them (tests) */
  services?: Record<string, unknown>;
}

/** `make` runs once, on the first call (an undefined result is kept too) */
const lazy = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

export function buildRuntime(config: Config, overrides: RuntimeOverrides = {}): Runtime {
  useLogLevel(config.logLevel);
  useMetrics(config.metrics);
  // the clients are built when first read: the authorizer, and many steps, never call an LLM
  const given = overrides.llm;
  const llm = lazy(() => (given === null ? undefined : (given ?? createLlm(config))));
  const llmWithoutRetries = lazy(() =>
    given === null ? undefined : (given ?? createLlm(config, { sdkRetries: 0 })),
  );
  const services = new Map<string, unknown>(Object.entries(overrides.services ?? {}));
  return {
    config,
    warnings: overrides.warnings ?? [],
    service<T>(key: string, make: () => T): T {
      if (!services.has(key)) services.set(key, make());
      return services.get(key) as T;
    },
    get llm() {
      return llm();
    },
    get llmWithoutRetries() {
      return llmWithoutRetries();
    },
    exec: overrides.exec ?? lazy(() => createExecDeps(config)),
    documents: overrides.documents ?? lazy(() => documentClient(config.aws.dynamoEndpoint)),
  };
}

export type SecretReader = (arn: string) => Promise<string | undefined>;

/** The message Secrets Manager answers for a secret that exists but has no value (no AWSCURRENT version). */
const NO_VALUE = /can't find the specified secret value/i;

/**
 * The default reader: Powertools Parameters' SecretsProvider, caching each value for `maxAgeSeconds`
 * (one provider per loader, so two loaders never share a stale value). A secret created without a
 * value reads as unset — "not configured", with the warning that names each key — never an error.
 */
export function powertoolsSecretReader(maxAgeSeconds: number): SecretReader {
  const provider = lazy(() => new SecretsProvider({ awsSdkV3Client: new SecretsManagerClient({}) }));
  return async (arn) => {
    try {
      const value = await provider().get(arn, { maxAge: maxAgeSeconds });
      return typeof value === "string" ? value : undefined;
    } catch (err) {
      const cause = (err as Error & { cause?: Error }).cause;
      if (NO_VALUE.test(`${(err as Error).message} ${cause?.message ?? ""}`)) return undefined;
      throw err;
    }
  };
}

const SecretObject = z.record(z.string(), z.unknown());
const isUnset = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !v.trim());

/**
 * What a secret contributes to the environment: only the variables it may set (`names`: the provider
 * keys, or API_KEYS), each checked by its own field of the config schema. Anything else — a secret
 * that is not a JSON object, a missing, empty or invalid key, half of a pair, a name the secret may not
 * set — is "not configured" with a warning naming the variable, never its value, and never an
 * exception: the rest of the configuration still loads. `env` is the process environment (a pair may
 * be completed from it).
 */
export function secretEnv(
  text: string | undefined,
  names: readonly string[] = PROVIDER_KEY_NAMES,
  env: Record<string, string | undefined> = {},
): { env: Record<string, string>; warnings: string[] } {
  let parsed: z.infer<typeof SecretObject> = {};
  const warnings: string[] = [];
  if (text?.trim()) {
    try {
      parsed = SecretObject.parse(JSON.parse(text));
    } catch {
      parsed = {};
      warnings.push("the secret is not a JSON object of variable names to values: every key counts as unset");
    }
  }
  const fields = ConfigSchema.shape as Record<string, z.ZodType>;
  const accepted: Record<string, string> = {};
  const unset: string[] = [];
  for (const name of names) {
    const value = parsed[name];
    if (isUnset(value)) {
      if (isUnset(env[name])) unset.push(name);
      continue;
    }
    if (typeof value !== "string") {
      warnings.push(`the secret's ${name} is not a string: not configured`);
      continue;
    }
    const field = fields[name];
    const checked = field?.safeParse(value);
    if (checked && !checked.success) {
      warnings.push(`the secret's ${name} is invalid (${checked.error.issues[0]?.message}): not configured`);
      continue;
    }
    accepted[name] = value;
  }
  for (const pair of PAIRED_KEY_NAMES) {
    if (!pair.every((n) => names.includes(n))) continue;
    const set = pair.filter((n) => n in accepted || !isUnset(env[n]));
    if (set.length > 0 && set.length < pair.length) {
      for (const n of pair) delete accepted[n];
      warnings.push(`${pair.join(" and ")} must be set together: ${set.join(", ")} alone is not configured`);
    }
  }
  if (unset.length) warnings.push(`the secret leaves ${unset.join(", ")} unset: not configured`);
  // names starting with "_" are the secret's own bookkeeping (CloudFormation's generated placeholder,
  // infra/secrets.ts), not settings: ignored without a word
  const foreign = Object.keys(parsed).filter((k) => !names.includes(k) && !k.startsWith("_"));
  if (foreign.length)
    warnings.push(`the secret may set only ${names.join(", ")}: ${foreign.join(", ")} ignored`);
  return { env: accepted, warnings };
}

/** The environment with the secret's keys merged in; the environment alone if the merge still fails. */
function configWithSecret(
  env: Record<string, string | undefined>,
  fromSecret: Record<string, string>,
  base: Config,
): { config: Config; warnings: string[] } {
  try {
    return { config: loadConfig({ ...env, ...fromSecret }), warnings: [] };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    const variables = [...new Set(err.issues.map((i) => i.variable))].join(", ");
    return {
      config: base,
      warnings: [`the secret's keys do not fit the configuration (${variables}): none of them is used`],
    };
  }
}

/**
 * The process's runtime, rebuilt when the keys secret changes. `now` and `readSecret` are the seams
 * for tests (a fake Secrets Manager over HTTP also works: the SDK honours AWS_ENDPOINT_URL); `names`
 * are the variables the secret at SECRETS_ARN may set (the provider keys; API_KEYS for the authorizer).
 */
export function runtimeLoader(
  env: Record<string, string | undefined> = process.env,
  readSecret?: SecretReader,
  now: () => number = Date.now,
  overrides: RuntimeOverrides = {},
  names: readonly string[] = PROVIDER_KEY_NAMES,
): () => Promise<Runtime> {
  const base = loadConfig(env);
  useLogLevel(base.logLevel);
  const read = readSecret ?? powertoolsSecretReader(base.aws.secretsTtlSeconds);
  let current: { runtime: Runtime; secret: string | undefined; checkedAt: number } | undefined;
  let loading: Promise<Runtime> | undefined;

  const load = async (): Promise<Runtime> => {
    const arn = base.aws.secretsArn;
    let secret = current?.secret;
    if (arn) {
      try {
        secret = await read(arn);
      } catch (err) {
        // keep serving with what we have; the next call tries again after the TTL
        logger.warn("the secret at SECRETS_ARN could not be read", { error: (err as Error).message });
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
    const fromSecret = arn ? secretEnv(secret, names, env) : { env: {}, warnings: [] };
    const merged = configWithSecret(env, fromSecret.env, base);
    const warnings = [...fromSecret.warnings, ...merged.warnings];
    const runtime = buildRuntime(merged.config, { ...overrides, warnings });
    for (const w of warnings) logger.warn(w, { secretArn: arn });
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
