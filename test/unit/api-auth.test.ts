// The key check hashes each configured key once, on its first check, not on every request; the
// answers stay those of comparing SHA-256 digests (keys given as digests included).
import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { ApiKeyEntry } from "../../shared/platform/config-api-keys.ts";

vi.mock("node:crypto", async (original) => {
  const actual = await original<typeof import("node:crypto")>();
  return { ...actual, createHash: vi.fn(actual.createHash) };
});
// auth.ts as imported now, with the spied createHash: a file run before this one in the same test worker
// (the suite shares modules) may have imported it with the real one
vi.resetModules();
const { authenticate } = await import("../../functions/api/auth.ts");

const hex = (s: string) => createHash("sha256").update(s).digest("hex");

describe("authenticate()", () => {
  it("hashes a configured key once; after that only the presented key is hashed", async () => {
    const { createHash: spied } = await import("node:crypto");
    const hashes = vi.mocked(spied);
    const keys: ApiKeyEntry[] = [
      { id: "a", key: "first-key-0123456789", scopes: ["read"] },
      { id: "b", key: "second-key-0123456789", scopes: ["read", "write"] },
      { id: "c", sha256: hex("third-key-0123456789"), scopes: ["write"] },
    ];
    hashes.mockClear();
    expect(authenticate("second-key-0123456789", keys)).toEqual({ id: "b", scopes: ["read", "write"] });
    expect(hashes).toHaveBeenCalledTimes(3); // the presented key, then the two plain keys
    hashes.mockClear();
    expect(authenticate("second-key-0123456789", keys)?.id).toBe("b");
    expect(authenticate("third-key-0123456789", keys)?.id).toBe("c");
    expect(authenticate("first-key-0123456789", keys)?.id).toBe("a");
    expect(authenticate("first-key-0123456789x", keys)).toBeNull();
    expect(authenticate("", keys)).toBeNull();
    expect(hashes).toHaveBeenCalledTimes(4); // the presented keys only
  });

  it("a key added to the list is checked too", () => {
    const keys: ApiKeyEntry[] = [{ id: "a", key: "first-key-0123456789", scopes: ["read"] }];
    expect(authenticate("added-key-0123456789", keys)).toBeNull();
    keys.push({ id: "d", key: "added-key-0123456789", scopes: ["read"] });
    expect(authenticate("added-key-0123456789", keys)?.id).toBe("d");
  });
});
