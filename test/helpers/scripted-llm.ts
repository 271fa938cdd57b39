// An in-process LlmPort for unit tests that behaves like the Anthropic adapter: each reply is parsed
// with the request's schema, a failing one gets one more reply, two failures are an LlmOutputError.
// Replies are consumed in order; a function reply sees the request (to answer from the prompt).
import type { z } from "zod";
import {
  LlmOutputError,
  LlmUnavailableError,
  type LlmPort,
  type StructuredRequest,
} from "../../shared/llm/port.ts";

/** A value to answer with, a function of the request, or `{unavailable}`: the model cannot be reached. */
export type ScriptedReply = unknown;

export interface ScriptedLlm extends LlmPort {
  requests: StructuredRequest<z.ZodType>[];
  /** the validation problems of each rejected reply */
  rejections: string[];
}

export function scriptedLlm(replies: ScriptedReply[]): ScriptedLlm {
  let next = 0;
  const requests: StructuredRequest<z.ZodType>[] = [];
  const rejections: string[] = [];
  return {
    name: "scripted",
    requests,
    rejections,
    async structured<S extends z.ZodType>(req: StructuredRequest<S>) {
      requests.push(req);
      let calls = 0;
      for (let attempt = 0; attempt < 2; attempt++) {
        const reply = replies[Math.min(next++, replies.length - 1)];
        calls++;
        const usage = { calls, inputTokens: 100 * calls, outputTokens: 20 * calls };
        if (reply && typeof reply === "object" && "unavailable" in reply)
          throw new LlmUnavailableError(String(reply.unavailable), 529, usage);
        const value = typeof reply === "function" ? reply(req) : reply;
        const parsed = req.schema.safeParse(value);
        if (parsed.success) return { value: parsed.data, usage };
        rejections.push(parsed.error.issues.map((i) => i.message).join("; "));
        if (attempt === 1) throw new LlmOutputError("invalid twice", usage);
      }
      throw new Error("unreachable");
    },
  };
}
