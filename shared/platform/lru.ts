// A bounded least-recently-used map, with an optional time to live per entry: every in-process cache
// of the product is one of these, so none grows without a bound (a warm Lambda or `npm start` may run
// for weeks).

export class Lru<K, V> {
  /** Map order is the recency order: a read moves its entry to the end, eviction takes the first. */
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(
    readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(capacity >= 1)) throw new RangeError("an LRU holds at least one entry");
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for `ttlMs` (for good when omitted), evicting the least recently used past capacity. */
  set(key: K, value: V, ttlMs = Number.POSITIVE_INFINITY): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttlMs });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
