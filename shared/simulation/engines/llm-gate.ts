// 004's rate-limit control: every LLM call of a simulation goes through one gate — at most N calls in
// flight (the semaphore), each holding its slot for 004's rate delay after it answers, 3 tries, a 429
// waits (attempt + 1) × 10 s outside the gate.
import { Semaphore } from "../../platform/concurrency.ts";
import { LlmUnavailableError, addUsage, type LlmPort, type TokenUsage } from "../../llm/port.ts";

export class LlmCallFailedError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(
      `${step}: LLM call failed after retries (${cause instanceof Error ? cause.message : String(cause)})`,
    );
    this.name = "LLMCallFailedError";
  }
}

export interface LlmCallerOptions {
  /** concurrent LLM calls across all agents (004: the semaphore) */
  maxConcurrent: number;
  /** 004: 3 tries */
  tries?: number;
  /** 004: 429 → wait (attempt + 1) × 10 s */
  backoffUnitMs?: number;
  /** 004: asyncio.sleep(0.5) after each call, inside the semaphore */
  rateDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Every LLM call of a simulation goes through here: a semaphore, 3 tries, 429 backoff outside the slot. */
export class LlmCaller {
  private readonly gate: Semaphore;
  constructor(
    readonly llm: LlmPort,
    private readonly opts: LlmCallerOptions,
  ) {
    this.gate = new Semaphore(opts.maxConcurrent);
  }

  /** `usage` is the calling agent's running total: every try's tokens count. */
  async call<T>(
    step: string,
    run: () => Promise<{ value: T; usage: TokenUsage }>,
    usage: TokenUsage,
  ): Promise<T> {
    const tries = this.opts.tries ?? 3;
    const sleep = this.opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    let last: unknown;
    for (let attempt = 0; attempt < tries; attempt++) {
      try {
        const out = await this.gate.use(async () => {
          try {
            return await run();
          } finally {
            if (this.opts.rateDelayMs) await sleep(this.opts.rateDelayMs);
          }
        });
        Object.assign(usage, addUsage(usage, out.usage));
        return out.value;
      } catch (err) {
        last = err;
        if (err && typeof err === "object" && "usage" in err)
          Object.assign(usage, addUsage(usage, (err as { usage: TokenUsage }).usage));
        // waiting for a rate limit frees the slot for other agents
        if (err instanceof LlmUnavailableError && err.status === 429 && attempt < tries - 1) {
          await sleep((attempt + 1) * (this.opts.backoffUnitMs ?? 10_000));
        }
      }
    }
    throw new LlmCallFailedError(step, last);
  }
}
