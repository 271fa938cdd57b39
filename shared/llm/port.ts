// The LLM port: structured output validated by a zod schema. Adapters: Anthropic (anthropic.ts) and,
// where a system has one, an offline engine that answers the same schema without a model.
import type { z } from "zod";
import type { Deadline } from "../platform/deadline.ts";
import { DongneError } from "../platform/errors.ts";

export interface TokenUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

export const noUsage = (): TokenUsage => ({ calls: 0, inputTokens: 0, outputTokens: 0 });

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    calls: a.calls + b.calls,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
  };
}

export interface StructuredRequest<S extends z.ZodType> {
  system: string;
  prompt: string;
  schema: S;
  /** fast (Haiku-class) for extraction, smart (Sonnet-class) for judgement */
  tier: "fast" | "smart";
  maxTokens?: number;
  /** the request's budget: the call's timeout shrinks to fit it */
  deadline?: Deadline;
}

export interface StructuredResult<T> {
  value: T;
  usage: TokenUsage;
}

export interface LlmPort {
  readonly name: string;
  /** the model behind each tier, where there is one (provenance and recordings name it) */
  readonly models?: { readonly fast: string; readonly smart: string };
  structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<StructuredResult<z.infer<S>>>;
}

/** The model answered twice with output that fails the schema. */
export class LlmOutputError extends DongneError {
  constructor(
    message: string,
    readonly usage: TokenUsage,
  ) {
    super("upstream", message);
  }
}

/** The model could not be reached: rate limited, overloaded, timed out, refused the key. */
export class LlmUnavailableError extends DongneError {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly usage: TokenUsage,
  ) {
    super("unavailable", message);
  }
}

/** The model failed in a way its caller falls back from (an invalid answer or no answer at all). */
export function isLlmFailure(err: unknown): err is LlmOutputError | LlmUnavailableError {
  return err instanceof LlmOutputError || err instanceof LlmUnavailableError;
}
