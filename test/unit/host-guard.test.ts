// Which Host headers the keyless local server answers (functions/api/host-guard.ts): the loopback
// names with its port or none, its own listening address, the listed hosts (with their port, or the
// server's), "*" for any — and nothing that merely contains one of those names.
import { describe, expect, it } from "vitest";
import { hostAllowed, parseHost } from "../../functions/api/host-guard.ts";

const rule = { port: 3000, listen: "127.0.0.1", allowed: ["dongne.test", "lan.test:8080"] };

describe("hostAllowed", () => {
  it("answers the loopback, its own address and the listed hosts", () => {
    for (const h of [
      "localhost:3000",
      "LOCALHOST:3000",
      "localhost",
      "127.0.0.1:3000",
      "127.1.2.3:3000",
      "[::1]:3000",
      "[::1]",
      "dongne.test:3000",
      "dongne.test",
      "lan.test:8080",
    ])
      expect(hostAllowed(h, rule), h).toBe(true);
    expect(hostAllowed("192.168.0.5:3000", { port: 3000, listen: "192.168.0.5" })).toBe(true);
  });

  it("refuses other names, other ports, look-alikes, and no Host at all", () => {
    for (const h of [
      undefined,
      "",
      "evil.example",
      "evil.example:3000",
      "localhost:3001",
      "127.0.0.1:80",
      "127.0.0.1.evil.example:3000",
      "localhost.evil.example",
      "evil-localhost:3000",
      "dongne.test.evil:3000",
      "lan.test:3000",
      "lan.test:9090",
      "[::2]:3000",
      "0.0.0.0:3000",
      "localhost:3000, evil.example",
      "user@localhost:3000",
    ])
      expect(hostAllowed(h, rule), String(h)).toBe(false);
    // listening everywhere allows no address by itself
    expect(hostAllowed("0.0.0.0:3000", { port: 3000, listen: "0.0.0.0" })).toBe(false);
  });

  it('"*" answers any Host', () => {
    expect(hostAllowed("evil.example", { port: 3000, allowed: ["*"] })).toBe(true);
  });

  it("reads a Host header's name and port", () => {
    expect(parseHost("[::1]:3000")).toEqual({ name: "::1", port: 3000 });
    expect(parseHost("Example.TEST")).toEqual({ name: "example.test" });
    expect(parseHost("a b")).toBeNull();
  });
});
