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

/** Work waiting for its turn on the event loop, first come first served. */
const turns: (() => void)[] = [];
let turnScheduled = false;

function nextInLine(): void {
  turns.shift()?.();
  // an immediate set from inside one runs on the next turn of the loop: I/O is polled in between
  if (turns.length) setImmediate(nextInLine);
  else turnScheduled = false;
}

/**
 * Waits for a turn of the event loop of its own: CPU-bound work in one process (the local workflow
 * runner's steps) takes turns with every other request, one piece per turn of the loop, and the loop
 * polls for I/O between two pieces — so a request that needs no CPU (/health, a refusal) waits for at
 * most one piece, however many requests are working. (Awaiting a resolved promise yields to nothing:
 * a chain of in-memory steps would hold the loop from its first to its last.)
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    turns.push(resolve);
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(nextInLine);
  });
}

/** CPU work a piece runs before it gives the event loop a turn (`TimeSlice`). */
export const TURN_SLICE_MS = 8;

/**
 * A cooperative time slice for long CPU work in one process: the work calls `pause()` at its natural
 * boundaries (a place scanned, a cell read, a batch written) and, once `sliceMs` has passed on the
 * clock since its last turn, waits there for a turn of the event loop of its own (`nextTurn`) — so no
 * piece holds the loop much past a slice, however long the whole is, and /health, refusals and other
 * requests' pieces run in between. Before the slice is spent `pause()` is a resolved promise: no turn,
 * no reordering, so a short piece of work runs as it did. The clock is injected (tests advance it).
 */
export class TimeSlice {
  private since: number;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly sliceMs = TURN_SLICE_MS,
  ) {
    this.since = now();
  }

  /** Whether the slice is spent: the next `pause()` will wait for a turn. */
  get due(): boolean {
    return this.now() - this.since >= this.sliceMs;
  }

  /** Waits for a turn of the event loop when the slice is spent; else returns at once. */
  async pause(): Promise<void> {
    if (!this.due) return;
    await nextTurn();
    this.since = this.now();
  }
}

/** Runs fn over items one by one, pausing (`TimeSlice`) between two: a long loop in bounded turns. */
export async function eachInTurns<T>(
  items: Iterable<T>,
  fn: (item: T, index: number) => void | Promise<void>,
  slice = new TimeSlice(),
): Promise<void> {
  let i = 0;
  for (const item of items) {
    await slice.pause();
    await fn(item, i++);
  }
}
