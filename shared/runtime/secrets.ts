// The product's configuration with its keys secret (secret-loader.ts over the one config schema): what
// the runtime of every step Lambda, the API and the CLI is built from.
import type { z } from "zod";
import { loadConfig, type Config } from "../platform/config.ts";
import { ConfigSchema, PAIRED_KEY_NAMES, PROVIDER_KEY_NAMES } from "../platform/config-schema.ts";
import { useLogLevel } from "../platform/log.ts";
import {
  secretConfigLoader,
  secretEnv as secretEnvOf,
  type Loaded,
  type SecretReader,
} from "./secret-loader.ts";

export { powertoolsSecretReader, type SecretReader } from "./secret-loader.ts";

export type LoadedConfig = Loaded<Config>;

const FIELDS = ConfigSchema.shape as Record<string, z.ZodType>;

/**
 * What a secret contributes to the environment: only the variables it may set (`names`: the provider
 * keys, or API_KEYS), each checked by its own field of the config schema (secret-loader.ts).
 */
export function secretEnv(
  text: string | undefined,
  names: readonly string[] = PROVIDER_KEY_NAMES,
  env: Record<string, string | undefined> = {},
): { env: Record<string, string>; warnings: string[] } {
  return secretEnvOf(text, names, env, FIELDS, PAIRED_KEY_NAMES);
}

/** The process's configuration, re-read from the keys secret after SECRETS_TTL_SECONDS. */
export function configLoader(
  env: Record<string, string | undefined> = process.env,
  readSecret?: SecretReader,
  now: () => number = Date.now,
  names: readonly string[] = PROVIDER_KEY_NAMES,
): () => Promise<LoadedConfig> {
  return secretConfigLoader(
    {
      load: loadConfig,
      fields: FIELDS,
      names,
      pairs: PAIRED_KEY_NAMES,
      secretsArn: (c) => c.aws.secretsArn,
      secretsTtlSeconds: (c) => c.aws.secretsTtlSeconds,
      applyLogLevel: (c) => useLogLevel(c.logLevel),
    },
    env,
    readSecret,
    now,
  );
}
