// The one bounded cache: least recently used goes first, an entry past its time to live is gone, the
// bound holds however many keys pass through.
import { describe, expect, it } from "vitest";
import { Lru } from "../../shared/platform/lru.ts";

describe("Lru", () => {
  it("evicts the least recently used entry, a read counting as a use", () => {
    const lru = new Lru<string, number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1);
    lru.set("c", 3);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe(1);
    expect(lru.get("c")).toBe(3);
  });

  it("forgets an entry once its time to live has passed, and keeps one without", () => {
    let now = 1_000;
    const lru = new Lru<string, string>(10, () => now);
    lru.set("short", "x", 500);
    lru.set("forever", "y");
    now += 499;
    expect(lru.get("short")).toBe("x");
    now += 1;
    expect(lru.get("short")).toBeUndefined();
    expect(lru.size).toBe(1);
    now += 10 ** 12;
    expect(lru.get("forever")).toBe("y");
  });

  it("stays within its capacity over many keys, and refuses a capacity below one", () => {
    const lru = new Lru<number, number>(100);
    for (let i = 0; i < 10_000; i++) lru.set(i, i);
    expect(lru.size).toBe(100);
    expect(lru.get(9_999)).toBe(9_999);
    expect(lru.get(9_899)).toBeUndefined();
    expect(() => new Lru(0)).toThrow(RangeError);
  });

  it("bounds what its entries weigh when given a weight, keeping the newest however heavy", () => {
    const lru = new Lru<string, number[]>(10, Date.now, (v) => v.length);
    lru.set("a", [1, 2, 3, 4]);
    lru.set("b", [1, 2, 3, 4]);
    expect(lru.weight).toBe(8);
    lru.set("c", [1, 2, 3]);
    expect(lru.get("a")).toBeUndefined();
    expect(lru.weight).toBe(7);
    lru.set("huge", new Array(50).fill(0));
    expect(lru.size).toBe(1);
    expect(lru.get("huge")?.length).toBe(50);
    lru.delete("huge");
    expect(lru.weight).toBe(0);
  });
});
