// The keys secret of a process: read through Powertools Parameters (SecretsProvider, its values cached
// for SECRETS_TTL_SECONDS), each variable the secret may set checked on its own and merged into the
// environment before the one config schema parses it, never logged. A secret that is not a JSON object,
// has no value yet, or holds a key that is unset or invalid counts as not configured (the offline
// defaults) with a warning — a bad secret never fails a call. This module knows no adapter: the
// authorizer loads its configuration through it alone (a light cold start), the step Lambdas and the API
// through the runtime (runtime.ts) that is built on it.
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SecretsProvider } from "@aws-lambda-powertools/parameters/secrets";
import { z } from "zod";
import {
  ConfigError,
  ConfigSchema,
  loadConfig,
  PAIRED_KEY_NAMES,
  PROVIDER_KEY_NAMES,
  type Config,
} from "../platform/config.ts";
import { logger, useLogLevel } from "../platform/log.ts";

/** `make` runs once, on the first call (an undefined result is kept too) */
const lazy = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

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
export function configWithSecret(
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

/** A configuration with the secret's keys merged in; the same object until the secret changes. */
export interface LoadedConfig {
  config: Config;
  /** configuration problems a caller should hear of (a malformed keys secret) */
  warnings: string[];
}

/**
 * The process's configuration, re-read from the secret after SECRETS_TTL_SECONDS (a corrected key takes
 * effect in a warm Lambda). `readSecret` and `now` are the seams for tests (a fake Secrets Manager over
 * HTTP works too: the SDK honours AWS_ENDPOINT_URL); `names` are the variables the secret may set (the
 * provider keys; API_KEYS for the authorizer). An unreadable secret keeps the last good configuration.
 */
export function configLoader(
  env: Record<string, string | undefined> = process.env,
  readSecret?: SecretReader,
  now: () => number = Date.now,
  names: readonly string[] = PROVIDER_KEY_NAMES,
): () => Promise<LoadedConfig> {
  const base = loadConfig(env);
  useLogLevel(base.logLevel);
  const read = readSecret ?? powertoolsSecretReader(base.aws.secretsTtlSeconds);
  let current: { loaded: LoadedConfig; secret: string | undefined; checkedAt: number } | undefined;
  let loading: Promise<LoadedConfig> | undefined;

  const load = async (): Promise<LoadedConfig> => {
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
          return current.loaded;
        }
      }
    }
    if (current && secret === current.secret) {
      current.checkedAt = now();
      return current.loaded;
    }
    const fromSecret = arn ? secretEnv(secret, names, env) : { env: {}, warnings: [] };
    const merged = configWithSecret(env, fromSecret.env, base);
    const warnings = [...fromSecret.warnings, ...merged.warnings];
    for (const w of warnings) logger.warn(w, { secretArn: arn });
    current = { loaded: { config: merged.config, warnings }, secret, checkedAt: now() };
    return current.loaded;
  };

  return async () => {
    const fresh = current && (now() - current.checkedAt) / 1000 < base.aws.secretsTtlSeconds;
    if (fresh) return current!.loaded;
    loading ??= load().finally(() => (loading = undefined));
    return loading;
  };
}
