// Record and replay (issue 15): an LLM run keeps every request's answer, and the same run replays from
// that recording with no network and no key. The recording is the model's side of the run, so
// re-analysing, debugging or testing an expensive run costs nothing and gives the same result.
import { createHash } from "node:crypto";
import { z } from "zod";
import { DongneError } from "../platform/errors.ts";
import {
  isLlmFailure,
  LlmOutputError,
  LlmUnavailableError,
  type LlmPort,
  type StructuredRequest,
  type StructuredResult,
} from "./port.ts";

/** One request and what came back: an answer, or the error the caller saw (its fallback replays too). */
export const RecordedCall = z.object({
  /** what identifies the request: its tier, system prompt, prompt and token cap */
  key: z.string(),
  /** the model id that answered (the adapter's name where it has no models) */
  model: z.string(),
  tier: z.enum(["fast", "smart"]),
  usage: z.object({ calls: z.number(), inputTokens: z.number(), outputTokens: z.number() }),
  value: z.unknown().optional(),
  error: z
    .object({ kind: z.enum(["output", "unavailable"]), message: z.string(), status: z.number().optional() })
    .optional(),
});
export type RecordedCall = z.infer<typeof RecordedCall>;

/** Where a recording goes (a file locally, the blob store in AWS). */
export interface CallLog {
  append(call: RecordedCall): Promise<void>;
}

export function requestKey(
  req: Pick<StructuredRequest<z.ZodType>, "tier" | "system" | "prompt" | "maxTokens">,
) {
  return createHash("sha256")
    .update(JSON.stringify([req.tier, req.system, req.prompt, req.maxTokens ?? null]))
    .digest("hex");
}

/** Passes every request to the model and writes what it answered (or how it failed) to the log. */
export class RecordingLlm implements LlmPort {
  readonly name: string;
  readonly models?: { fast: string; smart: string };

  constructor(
    private readonly inner: LlmPort,
    private readonly log: CallLog,
  ) {
    this.name = inner.name;
    this.models = inner.models;
  }

  async structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<StructuredResult<z.infer<S>>> {
    const base = {
      key: requestKey(req),
      model: this.inner.models?.[req.tier] ?? this.inner.name,
      tier: req.tier,
    };
    try {
      const answer = await this.inner.structured(req);
      await this.log.append({ ...base, usage: answer.usage, value: answer.value });
      return answer;
    } catch (err) {
      if (isLlmFailure(err)) {
        const status = err instanceof LlmUnavailableError ? err.status : undefined;
        await this.log.append({
          ...base,
          usage: err.usage,
          error: {
            kind: err instanceof LlmOutputError ? "output" : "unavailable",
            message: err.message,
            ...(status !== undefined ? { status } : {}),
          },
        });
      }
      throw err;
    }
  }
}

/** A request the recording does not hold: the replayed run has left the recorded one. */
export class ReplayMissError extends DongneError {
  constructor(readonly key: string) {
    super(
      "conflict",
      `the recording has no answer for request ${key.slice(0, 12)}: the run differs from the recorded one`,
    );
  }
}

/**
 * Answers from a recording. The same request asked several times gets its answers in recorded order.
 * A miss is an error, not a fallback: a replay that quietly asked something else would not be a replay.
 */
export class ReplayLlm implements LlmPort {
  readonly name = "replay";
  readonly models: { fast: string; smart: string };
  private readonly byKey = new Map<string, RecordedCall[]>();

  constructor(calls: Iterable<RecordedCall>) {
    const models = { fast: "", smart: "" };
    for (const c of calls) {
      models[c.tier] ||= c.model;
      const queue = this.byKey.get(c.key);
      if (queue) queue.push(c);
      else this.byKey.set(c.key, [c]);
    }
    this.models = models;
  }

  /** Requests recorded but not asked yet. */
  get remaining(): number {
    let n = 0;
    for (const q of this.byKey.values()) n += q.length;
    return n;
  }

  async structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<StructuredResult<z.infer<S>>> {
    const key = requestKey(req);
    const call = this.byKey.get(key)?.shift();
    if (!call) throw new ReplayMissError(key);
    if (call.error?.kind === "output") throw new LlmOutputError(call.error.message, call.usage);
    if (call.error) throw new LlmUnavailableError(call.error.message, call.error.status, call.usage);
    return { value: req.schema.parse(call.value), usage: call.usage };
  }
}

/** A recording as JSON lines, and back. */
export const toJsonl = (calls: Iterable<RecordedCall>) =>
  [...calls].map((c) => `${JSON.stringify(c)}\n`).join("");

export const fromJsonl = (text: string): RecordedCall[] =>
  text
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => RecordedCall.parse(JSON.parse(l)));
