// Two wrappers around the LLM port, applied where the runtime builds the LLM (shared/runtime):
//   MeteredLlm records every call where it happens — tokens and estimated spend at the price of the
//     call's own tier (fast or smart), whether the call succeeded, failed its schema, or timed out —
//     so ingest enrichment, failed and timed-out runs count like answered ones (issue 22: before, the
//     synchronous routes recorded only after a workflow succeeded, and at the fast tier's price);
//   GatedLlm holds one lease of the account-wide LLM concurrency limit for each call (a semaphore in
//     DynamoDB shared by every simulation, experiment and synchronous route), waiting at most until the
//     request's deadline (or `maxWaitMs`), then failing the way a rate-limited call fails (429), which
//     every caller already handles: the synchronous features answer by rules, the simulation backs off.
import type { z } from "zod";
import { logger } from "../platform/log.ts";
import { recordMetrics, spendMicroUsd } from "../platform/metrics.ts";
import {
  isLlmFailure,
  LlmUnavailableError,
  noUsage,
  type LlmPort,
  type StructuredRequest,
  type StructuredResult,
  type TokenUsage,
} from "./port.ts";

export interface TierPrices {
  fast: { input: number; output: number };
  smart: { input: number; output: number };
}

/** The metric line of one call: its tier is the operation (`llm-fast`, `llm-smart`). */
export function recordLlmCall(tier: "fast" | "smart", usage: TokenUsage, prices: TierPrices): void {
  if (!usage.calls) return;
  const tokens = { input: usage.inputTokens, output: usage.outputTokens };
  recordMetrics(`llm-${tier}`, {
    LlmCalls: usage.calls,
    LlmInputTokens: tokens.input,
    LlmOutputTokens: tokens.output,
    LlmSpendMicroUsd: spendMicroUsd(tokens, prices[tier]),
  });
}

export class MeteredLlm implements LlmPort {
  readonly name: string;
  readonly models?: LlmPort["models"];

  constructor(
    private readonly inner: LlmPort,
    private readonly prices: TierPrices,
    private readonly record = recordLlmCall,
  ) {
    this.name = inner.name;
    this.models = inner.models;
  }

  async structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<StructuredResult<z.infer<S>>> {
    try {
      const result = await this.inner.structured(req);
      this.record(req.tier, result.usage, this.prices);
      return result;
    } catch (err) {
      // a failed call was still sent (and billed) as often as its usage says
      if (isLlmFailure(err)) this.record(req.tier, err.usage, this.prices);
      throw err;
    }
  }
}

/** A pool of leases: a release function, or null when none came free by `untilMs`. */
export interface LeasePool {
  acquire(untilMs: number): Promise<(() => Promise<void>) | null>;
}

export class GatedLlm implements LlmPort {
  readonly name: string;
  readonly models?: LlmPort["models"];

  constructor(
    private readonly inner: LlmPort,
    private readonly pool: LeasePool,
    private readonly o: { maxWaitMs: number; limit: number },
  ) {
    this.name = inner.name;
    this.models = inner.models;
  }

  async structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<StructuredResult<z.infer<S>>> {
    const latest = Date.now() + this.o.maxWaitMs;
    // a request with a deadline keeps half a second for the call itself
    const until = req.deadline?.at ? Math.min(latest, req.deadline.at - 500) : latest;
    const release = await this.pool.acquire(until);
    if (!release)
      throw new LlmUnavailableError(
        `the account's LLM concurrency limit (${this.o.limit} calls in flight) is reached`,
        429,
        noUsage(),
      );
    try {
      return await this.inner.structured(req);
    } finally {
      // a lease not given back expires by itself
      await release().catch((err: Error) =>
        logger.warn("an LLM lease was not released", { error: err.message }),
      );
    }
  }
}
