// Bounded concurrency for independent work (route sample points × keywords, agents within a slot).

/** Runs fn over items with at most `limit` in flight; results keep the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  // one iterator shared by the workers: each takes the next item when it is free
  const queue = items.entries();
  const worker = async () => {
    for (const [i, item] of queue) results[i] = await fn(item, i);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** A counting semaphore: `use` waits for a slot, runs fn, hands the slot to the longest waiter. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly capacity: number) {}

  async use<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active < this.capacity) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the releaser hands its slot over
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
