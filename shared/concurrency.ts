// Bounded concurrency for independent work (route sample points × keywords, agents within a slot).

/** Runs fn over items with at most `limit` in flight; results keep the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * A counting semaphore: `use` waits for a slot, runs fn, hands the slot to the waiter with the highest
 * priority (first come first served among equals).
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: { resolve: () => void; priority: number; order: number }[] = [];
  private arrivals = 0;

  constructor(private readonly capacity: number) {}

  async use<T>(fn: () => Promise<T>, priority = 0): Promise<T> {
    if (this.active < this.capacity) this.active++;
    else
      await new Promise<void>((resolve) => this.waiting.push({ resolve, priority, order: this.arrivals++ })); // the releaser hands its slot over
    try {
      return await fn();
    } finally {
      if (this.waiting.length) {
        let best = 0;
        for (let i = 1; i < this.waiting.length; i++) {
          const w = this.waiting[i];
          const b = this.waiting[best];
          if (w.priority > b.priority || (w.priority === b.priority && w.order < b.order)) best = i;
        }
        this.waiting.splice(best, 1)[0].resolve();
      } else {
        this.active--;
      }
    }
  }
}
