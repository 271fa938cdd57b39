// Plans from the rules engine are a pure function of the query, so repeated queries (search traffic is
// head-heavy) are answered from a bounded LRU. LLM-made plans are not cached: the model may answer
// differently, and a fallback ("rules-fallback") should be retried once the model is back.
import type { PlanResponse } from "./schemas.ts";
import { normalizeQuery } from "../korean/normalize.ts";
import { Lru } from "../platform/lru.ts";

export class PlanCache {
  private readonly entries: Lru<string, PlanResponse>;
  hits = 0;
  misses = 0;

  constructor(capacity = 2000) {
    this.entries = new Lru(capacity);
  }

  wrap(plan: (query: string) => Promise<PlanResponse>): (query: string) => Promise<PlanResponse> {
    return async (query) => {
      const key = normalizeQuery(query);
      const cached = this.entries.get(key);
      if (cached) {
        this.hits++;
        return { ...cached, query, meta: { ...cached.meta, cache: "hit", durationMs: 0 } };
      }
      this.misses++;
      const fresh = await plan(query);
      if (fresh.meta.engine === "rules") this.entries.set(key, fresh);
      return { ...fresh, meta: { ...fresh.meta, cache: "miss" } };
    };
  }

  get size(): number {
    return this.entries.size;
  }
}
