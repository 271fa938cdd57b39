// Paces calls to a rate: each call starts no sooner than 1/rate after the one before it. A throttled
// call doubles the gap (up to `maxSlowdown` times), each success narrows it by a tenth back toward the
// rate. What keeps an ingest job's embeddings under the account's Bedrock quota — a new account's may be
// reduced (https://docs.aws.amazon.com/bedrock/latest/userguide/quotas.html) — instead of rejecting a
// batch of documents for a ThrottlingException.
import type { Deadline } from "../platform/deadline.ts";
import { sleep as realSleep } from "../platform/retry.ts";

export interface PacerOptions {
  ratePerSecond: number;
  /** the gap never grows past this many times the rate's (default 8) */
  maxSlowdown?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class Pacer {
  private next = 0;
  private factor = 1;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly o: PacerOptions) {
    if (!(o.ratePerSecond > 0)) throw new Error(`a pacer needs a positive rate (got ${o.ratePerSecond})`);
    this.now = o.now ?? Date.now;
    this.sleep = o.sleep ?? realSleep;
  }

  /** The gap between two starts now (ms). */
  get gapMs(): number {
    return (1000 / this.o.ratePerSecond) * this.factor;
  }

  /**
   * Waits for this call's turn. False, without waiting or taking a turn, when the turn would come later
   * than `deadline` leaves `reserveMs` for the call itself.
   */
  async turn(deadline?: Deadline, reserveMs = 0): Promise<boolean> {
    const now = this.now();
    const at = Math.max(now, this.next);
    if (deadline && deadline.remainingMs() < at - now + reserveMs) return false;
    this.next = at + this.gapMs;
    if (at > now) await this.sleep(at - now);
    return true;
  }

  throttled(): void {
    this.factor = Math.min(this.o.maxSlowdown ?? 8, this.factor * 2);
  }

  succeeded(): void {
    this.factor = Math.max(1, this.factor * 0.9);
  }
}
