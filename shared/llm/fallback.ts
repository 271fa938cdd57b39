// The one way an agent step asks the LLM: only when there is one, the rules are not sure and there is
// time left; and on an LLM failure (an invalid answer twice, or no answer) the step keeps the rules'
// answer, with the failure said. Errors that are not LLM failures are bugs and are thrown.
import type { Deadline } from "../platform/deadline.ts";
import {
  isLlmFailure,
  noUsage,
  type LlmOutputError,
  type LlmPort,
  type LlmUnavailableError,
  type StructuredResult,
  type TokenUsage,
} from "./port.ts";

/** Rules at or above this confidence answer alone; below it the LLM is asked (when there is one). */
export const CONFIDENCE_FOR_RULES = 0.7;

/** Below this much time left an LLM call would not finish: the rules answer. */
export const LLM_MIN_REMAINING_MS = 1500;

export type LlmOutcome<T> =
  /** the LLM answered */
  | { engine: "llm"; value: T; usage: TokenUsage }
  /** the LLM was not asked: `why` is null when the rules were sure or there is no LLM */
  | { engine: "rules"; usage: TokenUsage; why: null | "no_time" }
  /** the LLM was asked and failed: the rules' answer stands */
  | { engine: "rules-fallback"; usage: TokenUsage; failure: LlmOutputError | LlmUnavailableError };

export interface AskOptions {
  llm: LlmPort | undefined;
  /** the rules' answer is sure enough on its own */
  rulesSure: boolean;
  deadline?: Deadline;
}

export async function askUnlessSure<T>(
  opts: AskOptions,
  ask: (llm: LlmPort) => Promise<StructuredResult<T>>,
): Promise<LlmOutcome<T>> {
  if (!opts.llm || opts.rulesSure) return { engine: "rules", usage: noUsage(), why: null };
  if (opts.deadline?.expired(LLM_MIN_REMAINING_MS))
    return { engine: "rules", usage: noUsage(), why: "no_time" };
  try {
    const answer = await ask(opts.llm);
    return { engine: "llm", value: answer.value, usage: answer.usage };
  } catch (err) {
    if (!isLlmFailure(err)) throw err;
    return { engine: "rules-fallback", usage: err.usage, failure: err };
  }
}
