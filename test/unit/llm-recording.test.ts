// Record and replay through the real Anthropic SDK against the fake Messages API: the replay needs no
// server and answers the same values, usage and errors, in recorded order.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AnthropicLlm } from "../../shared/llm/anthropic.ts";
import { LlmUnavailableError } from "../../shared/llm/port.ts";
import {
  fromJsonl,
  RecordingLlm,
  ReplayLlm,
  ReplayMissError,
  requestKey,
  toJsonl,
  type RecordedCall,
} from "../../shared/llm/recording.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../helpers/fake-anthropic.ts";

const Pick = z.object({ store: z.string(), reason: z.string() });
let fake: FakeAnthropic | undefined;
afterEach(() => fake?.close());

const ask = (llm: AnthropicLlm | RecordingLlm | ReplayLlm, prompt: string) =>
  llm.structured({ system: "you choose a store", prompt, schema: Pick, tier: "fast" });

describe("record and replay", () => {
  it("replays a recorded run with no server: same answers, usage and errors, in order", async () => {
    const replies = [
      {
        text: JSON.stringify({ store: "망원칼국수", reason: "비 오는 점심" }),
        inputTokens: 120,
        outputTokens: 30,
      },
      {
        text: JSON.stringify({ store: "망원분식", reason: "어제와 다르게" }),
        inputTokens: 121,
        outputTokens: 31,
      },
      { status: 529, errorType: "overloaded_error" },
    ];
    fake = await startFakeAnthropic(replies);
    const model = new AnthropicLlm({
      apiKey: "sk-ant-test",
      baseURL: fake.baseURL,
      models: { fast: "claude-haiku-test", smart: "claude-sonnet-test" },
      timeoutMs: 2000,
      maxRetries: 0,
    });
    const calls: RecordedCall[] = [];
    const recording = new RecordingLlm(model, { append: async (c) => void calls.push(c) });
    const first = await ask(recording, "day 1 lunch");
    const again = await ask(recording, "day 1 lunch"); // the same request asked twice
    await expect(ask(recording, "day 1 dinner")).rejects.toBeInstanceOf(LlmUnavailableError);
    await fake.close();
    fake = undefined;

    expect(calls.map((c) => c.model)).toEqual([
      "claude-haiku-test",
      "claude-haiku-test",
      "claude-haiku-test",
    ]);
    const replay = new ReplayLlm(fromJsonl(toJsonl(calls)));
    expect(replay.models.fast).toBe("claude-haiku-test");
    expect(await ask(replay, "day 1 lunch")).toEqual(first);
    expect(await ask(replay, "day 1 lunch")).toEqual(again);
    const failed = await ask(replay, "day 1 dinner").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(LlmUnavailableError);
    expect((failed as LlmUnavailableError).status).toBe(529);
    expect(replay.remaining).toBe(0);
  });

  it("a request the recording does not hold is an error, not a quiet fallback", async () => {
    const replay = new ReplayLlm([]);
    await expect(ask(replay, "never recorded")).rejects.toBeInstanceOf(ReplayMissError);
  });

  it("a recorded answer that no longer fits the schema fails on replay", async () => {
    const key = requestKey({ tier: "fast", system: "you choose a store", prompt: "p" });
    const replay = new ReplayLlm([
      {
        key,
        model: "m",
        tier: "fast",
        usage: { calls: 1, inputTokens: 1, outputTokens: 1 },
        value: { store: 1 },
      },
    ]);
    await expect(ask(replay, "p")).rejects.toThrow();
  });
});
