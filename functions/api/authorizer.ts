// Lambda authorizer of the HTTP API (simple responses): the `x-api-key` header checked against the API
// keys secret (its API_KEYS, the only variable taken from it); the caller's id and scopes go on to the
// API Lambda. API Gateway caches the verdict per key for five minutes. A malformed API_KEYS counts as
// no keys (every caller denied, with a warning in the logs), and any failure here denies and is logged:
// an authorizer that throws would answer every caller with a 500.
import {
  API_KEYS_NAMES,
  AuthorizerEnv,
  loadAuthorizerConfig,
  type AuthorizerConfig,
} from "../../shared/platform/config-api-keys.ts";
import { logger } from "../../shared/platform/log.ts";
import { useLogLevel } from "../../shared/platform/log.ts";
import { secretConfigLoader, type Loaded } from "../../shared/runtime/secret-loader.ts";
import { API_KEY_HEADER, authenticate } from "./auth.ts";

interface AuthorizerEvent {
  headers?: Record<string, string | undefined>;
}

// its own few variables (config-api-keys.ts), not the product's configuration or runtime: no adapter and
// no other setting is loaded, so a cold start stays light
let load: (() => Promise<Loaded<AuthorizerConfig>>) | undefined;

export async function handler(event: AuthorizerEvent) {
  try {
    load ??= secretConfigLoader({
      load: loadAuthorizerConfig,
      fields: AuthorizerEnv.shape,
      names: API_KEYS_NAMES,
      secretsArn: (c) => c.secretsArn,
      secretsTtlSeconds: (c) => c.secretsTtlSeconds,
      applyLogLevel: (c) => useLogLevel(c.logLevel),
    });
    const { config } = await load();
    const caller = authenticate(event.headers?.[API_KEY_HEADER], config.keys);
    if (caller)
      return { isAuthorized: true, context: { callerId: caller.id, scopes: caller.scopes.join(",") } };
  } catch (err) {
    logger.error("the authorizer could not check the key: denied", { error: (err as Error).message });
  }
  return { isAuthorized: false };
}
