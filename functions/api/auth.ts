// Who is calling. In AWS a Lambda authorizer checks the `x-api-key` header against the API keys
// secret and passes the caller on; locally the same check runs in the app when API_KEYS is set, and
// the API is open on loopback when it is not (the quick start). Keys are compared as SHA-256 digests
// in constant time; the secret may hold the digests instead of the keys.
import { createHash, timingSafeEqual } from "node:crypto";
import type { ApiKeyEntry } from "../../shared/platform/config-api-keys.ts";

export type Scope = "read" | "write";
export interface Caller {
  id: string;
  scopes: Scope[];
}

export const API_KEY_HEADER = "x-api-key";
/** What an open (unconfigured, local) API calls its caller. */
export const LOCAL_CALLER: Caller = { id: "local", scopes: ["read", "write"] };

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * What each configured key's digest must be, worked out the first time the key is checked: an entry
 * lives as long as its configuration (a changed secret parses new ones), so a key is hashed once, not
 * on every request.
 */
const expectedDigests = new WeakMap<ApiKeyEntry, Buffer>();

function expectedDigest(k: ApiKeyEntry): Buffer {
  let expected = expectedDigests.get(k);
  if (!expected) {
    expected = k.sha256 ? Buffer.from(k.sha256, "hex") : digest(k.key ?? "");
    expectedDigests.set(k, expected);
  }
  return expected;
}

/** The caller a presented key belongs to, or null. */
export function authenticate(presented: string | undefined, keys: readonly ApiKeyEntry[]): Caller | null {
  if (!presented) return null;
  const given = digest(presented);
  for (const k of keys) {
    const expected = expectedDigest(k);
    if (expected.length === given.length && timingSafeEqual(expected, given))
      return { id: k.id, scopes: k.scopes };
  }
  return null;
}
