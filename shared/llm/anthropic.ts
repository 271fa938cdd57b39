// Anthropic adapter: structured output through output_config.format (a JSON schema made from the zod
// schema), parsed here with the same schema. Invalid output gets one retry that quotes the error.
import Anthropic from "@anthropic-ai/sdk";
import { zodOutputFormat } from "@anthropic-ai/sdk/helpers/zod";
import type { z } from "zod";
import {
  LlmOutputError,
  LlmUnavailableError,
  addUsage,
  noUsage,
  type LlmPort,
  type StructuredRequest,
  type StructuredResult,
  type TokenUsage,
} from "./port.ts";

export interface AnthropicOptions {
  apiKey: string;
  baseURL?: string;
  models: { fast: string; smart: string };
  timeoutMs: number;
  /** the SDK's own retries for 429/5xx/connection errors; callers don't retry on top */
  maxRetries?: number;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 8)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}

/** A call with less time than this left is not sent (it could not finish). */
const MIN_CALL_MS = 500;

const oneCall: TokenUsage = { calls: 1, inputTokens: 0, outputTokens: 0 };

export class AnthropicLlm implements LlmPort {
  readonly name = "anthropic";
  readonly models: { fast: string; smart: string };
  private readonly client: Anthropic;

  constructor(private readonly opts: AnthropicOptions) {
    this.models = opts.models;
    this.client = new Anthropic({
      apiKey: opts.apiKey,
      baseURL: opts.baseURL,
      timeout: opts.timeoutMs,
      maxRetries: opts.maxRetries ?? 2,
    });
  }

  async structured<S extends z.ZodType>(req: StructuredRequest<S>): Promise<StructuredResult<z.infer<S>>> {
    const model = req.tier === "smart" ? this.opts.models.smart : this.opts.models.fast;
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: req.prompt }];
    let usage: TokenUsage = noUsage();
    let lastProblem = "";
    for (let attempt = 0; attempt < 2; attempt++) {
      const timeout = req.deadline?.timeoutMs(this.opts.timeoutMs) ?? this.opts.timeoutMs;
      if (req.deadline?.at && timeout < MIN_CALL_MS)
        throw new LlmUnavailableError(
          "Anthropic request not sent: the time budget is spent",
          undefined,
          usage,
        );
      let response: Anthropic.Message;
      try {
        response = await this.client.messages.create(
          {
            model,
            max_tokens: req.maxTokens ?? 1024,
            system: req.system,
            messages,
            output_config: { format: zodOutputFormat(req.schema as never) },
          },
          // a deadline leaves no room for the SDK's own retries
          req.deadline?.at ? { timeout, maxRetries: 0 } : undefined,
        );
      } catch (err) {
        const status = err instanceof Anthropic.APIError ? (err.status as number | undefined) : undefined;
        const kind =
          err instanceof Anthropic.APIConnectionTimeoutError
            ? "timed out"
            : `failed (${status ?? "network"})`;
        // a request that was sent counts, answered or not (a 429 is a request the provider bills against
        // the rate limit)
        throw new LlmUnavailableError(`Anthropic request ${kind}`, status, addUsage(usage, oneCall));
      }
      usage = addUsage(usage, {
        ...oneCall,
        inputTokens: response.usage?.input_tokens ?? 0,
        outputTokens: response.usage?.output_tokens ?? 0,
      });
      const text = response.content
        .filter((b): b is Anthropic.TextBlock => b.type === "text")
        .map((b) => b.text)
        .join("");
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        lastProblem = "the answer is not valid JSON";
      }
      if (json !== undefined) {
        const parsed = req.schema.safeParse(json);
        if (parsed.success) return { value: parsed.data, usage };
        lastProblem = describeIssues(parsed.error);
      }
      messages.push(
        { role: "assistant", content: text || "(empty)" },
        {
          role: "user",
          content: `That answer does not match the schema: ${lastProblem}. Reply again with only the corrected JSON.`,
        },
      );
    }
    throw new LlmOutputError(`LLM output invalid after a retry: ${lastProblem}`, usage);
  }
}
