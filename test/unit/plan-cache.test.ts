import { describe, expect, it } from "vitest";
import { PlanCache } from "../../shared/place-search/plan-cache.ts";
import type { PlanResponse } from "../../shared/place-search/schemas.ts";

const response = (query: string, engine: PlanResponse["meta"]["engine"] = "rules") =>
  ({ query, meta: { engine, durationMs: 5, warnings: [] } }) as unknown as PlanResponse;

function counting(engine: PlanResponse["meta"]["engine"] = "rules") {
  const calls: string[] = [];
  return { calls, plan: async (q: string) => (calls.push(q), response(q, engine)) };
}

describe("PlanCache", () => {
  it("answers a repeated query (after whitespace/NFC normalization) from memory, marking hit and miss", async () => {
    const { calls, plan } = counting();
    const cached = new PlanCache().wrap(plan);
    expect((await cached("강남역 근처 카페")).meta.cache).toBe("miss");
    const hit = await cached("  강남역   근처 카페 ");
    expect(hit.meta).toMatchObject({ cache: "hit", durationMs: 0 });
    expect(hit.query).toBe("  강남역   근처 카페 ");
    expect(calls).toEqual(["강남역 근처 카페"]);
  });

  it.each(["llm", "rules-fallback"] as const)("does not cache %s plans", async (engine) => {
    const { calls, plan } = counting(engine);
    const cached = new PlanCache().wrap(plan);
    await cached("q");
    await cached("q");
    expect(calls).toHaveLength(2);
  });

  it("evicts the least recently used entry beyond its capacity", async () => {
    const { calls, plan } = counting();
    const cache = new PlanCache(2);
    const cached = cache.wrap(plan);
    await cached("a");
    await cached("b");
    await cached("a"); // a is now the most recent
    await cached("c"); // evicts b
    await cached("a");
    await cached("b");
    expect(calls).toEqual(["a", "b", "c", "b"]);
    expect(cache.size).toBe(2);
  });
});
