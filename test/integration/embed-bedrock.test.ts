import { afterEach, describe, expect, it } from "vitest";
import { TitanEmbedder } from "../../shared/embed/bedrock-titan.ts";
import { EmbedderError } from "../../shared/embed/port.ts";
import { startFakeBedrock, type BedrockReply, type FakeBedrock } from "../helpers/fake-bedrock.ts";

const vector = (text: string, dim: number) => {
  const v = Array.from({ length: dim }, (_, i) => Math.sin(i + text.length));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const ok = (text: string, dim = 512): BedrockReply => ({
  json: {
    embedding: vector(text, dim),
    inputTextTokenCount: text.length,
    embeddingsByType: { float: vector(text, dim) },
  },
});
const awsError = (status: number, errorType: string): BedrockReply => ({ status, errorType });

let fake: FakeBedrock | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const titan = (url: string, extra: Partial<ConstructorParameters<typeof TitanEmbedder>[0]> = {}) =>
  new TitanEmbedder({
    region: "us-east-1",
    endpoint: url,
    credentials: { accessKeyId: "AKIDTEST", secretAccessKey: "s" },
    baseDelayMs: 5,
    ...extra,
  });

describe("Bedrock Titan Text Embeddings V2 against a fake Bedrock", () => {
  it("asks for 512 normalised dimensions, one text per call, signed, with bounded concurrency", async () => {
    // the first three calls are answered once all three are in: as many at once as allowed, no more
    fake = await startFakeBedrock((r) => ok(r.body.inputText), { together: 3 });
    const e = titan(fake.url, { concurrency: 3 });
    const texts = Array.from({ length: 9 }, (_, i) => `식당 이름: 가게 ${i}`);
    const vectors = await e.embed(texts);
    expect(vectors).toHaveLength(9);
    expect(vectors[0]).toHaveLength(512);
    expect(fake.requests).toHaveLength(9);
    const first = fake.requests[0]!;
    expect(first.headers[":method"]).toBe("POST");
    expect(decodeURIComponent(first.path)).toBe("/model/amazon.titan-embed-text-v2:0/invoke");
    expect(first.body).toEqual({ inputText: "식당 이름: 가게 0", dimensions: 512, normalize: true });
    expect(String(first.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/bedrock\/aws4_request/,
    );
    expect(fake.maxInFlight()).toBeLessThanOrEqual(3);
    expect(fake.maxInFlight()).toBeGreaterThan(1);
    expect(e.inputTokens).toBe(texts.reduce((s, t) => s + t.length, 0));
    expect(e.name).toBe("bedrock:amazon.titan-embed-text-v2:0");
  });

  it("retries throttling and 5xx with backoff, and gives up on a refusal at once", async () => {
    fake = await startFakeBedrock((r, nth) =>
      nth < 2
        ? nth === 0
          ? awsError(429, "ThrottlingException")
          : awsError(503, "ServiceUnavailableException")
        : ok(r.body.inputText),
    );
    const [v] = await titan(fake.url).embed(["주차되는 일식집"]);
    expect(v).toHaveLength(512);
    expect(fake.requests).toHaveLength(3);
    await fake.close();
    fake = await startFakeBedrock(() => awsError(400, "ValidationException"));
    await expect(titan(fake.url).embed(["x"])).rejects.toMatchObject({
      name: "EmbedderError",
      retryable: false,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("paces its calls to the configured rate, and slows down after a throttle (a fake clock)", async () => {
    fake = await startFakeBedrock((r, nth) =>
      nth === 2 ? awsError(429, "ThrottlingException") : ok(r.body.inputText),
    );
    let clock = 0;
    const waits: number[] = [];
    const e = titan(fake.url, {
      concurrency: 1,
      ratePerSecond: 5,
      pacer: { now: () => clock, sleep: async (ms) => void (waits.push(ms), (clock += ms)) },
    });
    expect(await e.embed(["가", "나", "다", "라"])).toHaveLength(4);
    expect(fake.requests).toHaveLength(5); // the third was throttled once and retried
    // 200 ms apart (5 a second); after the throttle the gap doubled, then narrows by a tenth a success
    expect(waits.slice(0, 2)).toEqual([200, 200]);
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(360);
  });

  it("fails after its attempts when throttling does not stop", async () => {
    fake = await startFakeBedrock(() => awsError(429, "ThrottlingException"));
    const err = await titan(fake.url, { maxAttempts: 3 })
      .embed(["x"])
      .catch((e) => e);
    expect(err).toBeInstanceOf(EmbedderError);
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/ThrottlingException/);
    expect(fake.requests).toHaveLength(3);
  });

  it("refuses a vector of the wrong size and times out a hanging call", async () => {
    fake = await startFakeBedrock(() => ok("x", 256));
    await expect(titan(fake.url).embed(["x"])).rejects.toThrow(/expected 512/);
    await fake.close();
    fake = await startFakeBedrock(() => ({ hang: true }));
    await expect(titan(fake.url, { timeoutMs: 150, maxAttempts: 2 }).embed(["x"])).rejects.toMatchObject({
      retryable: true,
    });
    expect(fake.requests).toHaveLength(2);
  });
});
