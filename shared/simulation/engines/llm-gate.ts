// 004's rate-limit control: every LLM call of a simulation goes through one gate — at most N calls in
// flight (the semaphore), each holding its slot for 004's rate delay after it answers, 3 tries, a 429
// waits (attempt + 1) × 10 s outside the gate.
import { Semaphore } from "../../platform/concurrency.ts";
import { DongneError } from "../../platform/errors.ts";
import { retry, sleep as realSleep } from "../../platform/retry.ts";
import { LlmUnavailableError, addUsage, type LlmPort, type TokenUsage } from "../../llm/port.ts";

export class LlmCallFailedError extends DongneError {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(
      "upstream",
      `${step}: LLM call failed after retries (${cause instanceof Error ? cause.message : String(cause)})`,
    );
    // the name a failed turn's error has always carried
    this.name = "LLMCallFailedError";
  }
}

export interface LlmCallerOptions {
  /** concurrent LLM calls across all agents (004: the semaphore) */
  maxConcurrent: number;
  /** 004: 3 tries */
  tries?: number;
  /** 004: 429 → wait (attempt + 1) × this unit (SIM_BACKOFF_UNIT_MS, 10 s) */
  backoffUnitMs: number;
  /** 004: asyncio.sleep(0.5) after each call, inside the semaphore */
  rateDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const isRateLimit = (err: unknown) => err instanceof LlmUnavailableError && err.status === 429;

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
    const sleep = this.opts.sleep ?? realSleep;
    let last: unknown;
    const once = async () => {
      try {
        const out = await this.gate.use(() => this.held(run, sleep));
        Object.assign(usage, addUsage(usage, out.usage));
        return out.value;
      } catch (err) {
        last = err;
        if (err && typeof err === "object" && "usage" in err)
          Object.assign(usage, addUsage(usage, (err as { usage: TokenUsage }).usage));
        throw err;
      }
    };
    try {
      return await retry(once, {
        attempts: this.opts.tries ?? 3,
        retryable: () => true,
        // waiting for a rate limit frees the slot for other agents; any other failure goes again at once
        delayMs: (attempt) => attempt * this.opts.backoffUnitMs,
        sleep: (ms) => (isRateLimit(last) ? sleep(ms) : Promise.resolve()),
      });
    } catch (err) {
      throw new LlmCallFailedError(step, err);
    }
  }

  /** One try inside the gate, holding its slot for the rate delay after it answers. */
  private async held<T>(run: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
    try {
      return await run();
    } finally {
      if (this.opts.rateDelayMs) await sleep(this.opts.rateDelayMs);
    }
  }
}
