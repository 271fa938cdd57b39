// Lambda authorizer of the HTTP API (simple responses): the `x-api-key` header checked against the API
// keys secret (its API_KEYS, the only variable taken from it); the caller's id and scopes go on to the
// API Lambda. API Gateway caches the verdict per key for five minutes. A malformed API_KEYS counts as
// no keys (every caller denied, with a warning in the logs), and any failure here denies and is logged:
// an authorizer that throws would answer every caller with a 500.
import { API_KEYS_NAMES } from "../../shared/platform/config.ts";
import { logger } from "../../shared/platform/log.ts";
import { configLoader, type LoadedConfig } from "../../shared/runtime/secrets.ts";
import { API_KEY_HEADER, authenticate } from "./auth.ts";

interface AuthorizerEvent {
  headers?: Record<string, string | undefined>;
}

// the configuration alone (secrets.ts), not the runtime: no adapter is imported, so a cold start stays light
let load: (() => Promise<LoadedConfig>) | undefined;

export async function handler(event: AuthorizerEvent) {
  try {
    load ??= configLoader(process.env, undefined, undefined, API_KEYS_NAMES);
    const { config } = await load();
    const caller = authenticate(event.headers?.[API_KEY_HEADER], config.api.keys);
    if (caller)
      return { isAuthorized: true, context: { callerId: caller.id, scopes: caller.scopes.join(",") } };
  } catch (err) {
    logger.error("the authorizer could not check the key: denied", { error: (err as Error).message });
  }
  return { isAuthorized: false };
}
