// A bounded least-recently-used map, with an optional time to live per entry: every in-process cache
// of the product is one of these, so none grows without a bound (a warm Lambda or `npm start` may run
// for weeks). An entry counts 1 towards the capacity unless the map is given a weight (the demo
// world's cells count their places, so a cache of cells is bounded by what it holds, not how many).

export class Lru<K, V> {
  /** Map order is the recency order: a read moves its entry to the end, eviction takes the first. */
  private readonly entries = new Map<K, { value: V; expires: number; weight: number }>();
  private held = 0;

  constructor(
    readonly capacity: number,
    private readonly now: () => number = Date.now,
    private readonly weigh: (value: V) => number = () => 1,
  ) {
    if (!(capacity >= 1)) throw new RangeError("an LRU holds at least one entry");
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) {
      this.held -= entry.weight;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for `ttlMs` (for good when omitted), evicting the least recently used past capacity. */
  set(key: K, value: V, ttlMs = Number.POSITIVE_INFINITY): void {
    this.delete(key);
    const weight = Math.max(0, this.weigh(value));
    this.entries.set(key, { value, expires: this.now() + ttlMs, weight });
    this.held += weight;
    // the newest entry stays even when it alone weighs more than the capacity
    while (this.held > this.capacity && this.entries.size > 1) this.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.weight;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries weigh together (their number, unless the map was given a weight). */
  get weight(): number {
    return this.held;
  }
}
