// A configuration with a keys secret, for any configuration schema: the secret read through Powertools
// Parameters (SecretsProvider, its values cached for the TTL), each variable it may set checked by its
// own field and merged into the environment before the schema parses it, never logged. A secret that is
// not a JSON object, has no value yet, or holds a key that is unset or invalid counts as not configured
// (the offline defaults) with a warning — a bad secret never fails a call. It imports no configuration
// schema: the authorizer uses it with its own small one (platform/config-api-keys.ts), the runtime with
// the product's (secrets.ts).
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SecretsProvider } from "@aws-lambda-powertools/parameters/secrets";
import { z } from "zod";
import { ConfigError } from "../platform/config-fields.ts";
import { logger } from "../platform/log.ts";

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
  names: readonly string[],
  env: Record<string, string | undefined>,
  fields: Record<string, z.ZodType>,
  pairs: readonly (readonly string[])[] = [],
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
  for (const pair of pairs) {
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
export function configWithSecret<C>(
  env: Record<string, string | undefined>,
  fromSecret: Record<string, string>,
  base: C,
  load: (env: Record<string, string | undefined>) => C,
): { config: C; warnings: string[] } {
  try {
    return { config: load({ ...env, ...fromSecret }), warnings: [] };
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
export interface Loaded<C> {
  config: C;
  /** configuration problems a caller should hear of (a malformed keys secret) */
  warnings: string[];
}

/** What a loader needs to know about the configuration it loads. */
export interface ConfigKind<C> {
  load(env: Record<string, string | undefined>): C;
  /** each variable's schema: a key from the secret is checked by its own */
  fields: Record<string, z.ZodType>;
  /** the variables the secret may set */
  names: readonly string[];
  /** keys that only work together */
  pairs?: readonly (readonly string[])[];
  secretsArn(c: C): string | undefined;
  secretsTtlSeconds(c: C): number;
  applyLogLevel?(c: C): void;
}

/**
 * A configuration re-read from the secret after its TTL (a corrected key takes effect in a warm
 * Lambda). `readSecret` and `now` are the seams for tests (a fake Secrets Manager over HTTP works too:
 * the SDK honours AWS_ENDPOINT_URL). An unreadable secret keeps the last good configuration.
 */
export function secretConfigLoader<C>(
  kind: ConfigKind<C>,
  env: Record<string, string | undefined> = process.env,
  readSecret?: SecretReader,
  now: () => number = Date.now,
): () => Promise<Loaded<C>> {
  const base = kind.load(env);
  kind.applyLogLevel?.(base);
  const ttl = kind.secretsTtlSeconds(base);
  const read = readSecret ?? powertoolsSecretReader(ttl);
  let current: { loaded: Loaded<C>; secret: string | undefined; checkedAt: number } | undefined;
  let loading: Promise<Loaded<C>> | undefined;

  const load = async (): Promise<Loaded<C>> => {
    const arn = kind.secretsArn(base);
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
    const fromSecret = arn
      ? secretEnv(secret, kind.names, env, kind.fields, kind.pairs)
      : { env: {}, warnings: [] };
    const merged = configWithSecret(env, fromSecret.env, base, (e) => kind.load(e));
    const warnings = [...fromSecret.warnings, ...merged.warnings];
    for (const w of warnings) logger.warn(w, { secretArn: arn });
    current = { loaded: { config: merged.config, warnings }, secret, checkedAt: now() };
    return current.loaded;
  };

  return async () => {
    const fresh = current && (now() - current.checkedAt) / 1000 < ttl;
    if (fresh) return current!.loaded;
    loading ??= load().finally(() => (loading = undefined));
    return loading;
  };
}
