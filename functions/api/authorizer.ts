// Lambda authorizer of the HTTP API (simple responses): the `x-api-key` header checked against the API
// keys secret (its API_KEYS); the caller's id and scopes go on to the API Lambda. API Gateway caches the
// verdict per key for five minutes.
import { runtime } from "../../shared/runtime.ts";
import { API_KEY_HEADER, authenticate } from "./auth.ts";

interface AuthorizerEvent {
  headers?: Record<string, string | undefined>;
}

export async function handler(event: AuthorizerEvent) {
  const { config } = await runtime();
  const caller = authenticate(event.headers?.[API_KEY_HEADER], config.api.keys);
  return caller
    ? { isAuthorized: true, context: { callerId: caller.id, scopes: caller.scopes.join(",") } }
    : { isAuthorized: false };
}
