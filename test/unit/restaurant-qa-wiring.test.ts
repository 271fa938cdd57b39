import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pinnedDemoPlaces } from "../../shared/demo/places.ts";
import { demoCommand } from "../../shared/restaurant-qa/cli.ts";
import type { LlmPort } from "../../shared/llm/port.ts";
import { createQaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { syncIngestLimit } from "../../shared/restaurant-qa/ingest.ts";
import { FakeQaLlm } from "../helpers/fake-qa-llm.ts";
import { qaConfig, QaEnvSchema } from "../../shared/restaurant-qa/config.ts";

const parse = (env: Record<string, string>) => QaEnvSchema.parse(env);

describe("restaurant QA configuration", () => {
  it("chooses the local engine and the hashed embedder without AWS settings", () => {
    const c = qaConfig(parse({}), "/data");
    expect(c.index).toEqual({ kind: "local", file: "/data/restaurants/restaurants.jsonl", demoCorpus: true });
    expect(c.embedder).toEqual({ kind: "hashed", dimension: 512 });
    expect(c.settings).toMatchObject({ candidates: 100, size: 5, boost: true, defaultRadiusM: 3000 });
    expect(c.tavily).toBeUndefined();
  });

  it("chooses OpenSearch with Titan (512, normalised) when an endpoint is set", () => {
    const c = qaConfig(
      parse({
        OPENSEARCH_ENDPOINT: "https://search-x.ap-northeast-2.es.amazonaws.com",
        AWS_REGION: "ap-northeast-2",
        TAVILY_API_KEY: "tvly-k",
      }),
      "/data",
    );
    expect(c.index).toMatchObject({
      kind: "opensearch",
      index: "restaurants",
      service: "es",
      region: "ap-northeast-2",
    });
    expect(c.embedder).toMatchObject({
      kind: "bedrock",
      modelId: "amazon.titan-embed-text-v2:0",
      dimensions: 512,
    });
    expect(c.tavily).toEqual({ apiKey: "tvly-k", baseUrl: "https://api.tavily.com" });
  });

  it("ingests within a request only what fits its 29 s: fewer records with Bedrock or an LLM", () => {
    const runtime = (env: Record<string, string>, llm?: LlmPort) =>
      createQaRuntime(qaConfig(parse(env), "/data"), { llm }).deps;
    const aws = {
      OPENSEARCH_ENDPOINT: "https://search-x.ap-northeast-2.es.amazonaws.com",
      AWS_REGION: "ap-northeast-2",
    };
    // offline: ~1 ms a record
    expect(syncIngestLimit(runtime({}))).toBe(1000);
    // Titan: one InvokeModel per summary, batches of 25 one after another — a couple of batches
    const titan = runtime(aws);
    expect(titan.embedder.name).toMatch(/^bedrock:/);
    expect(syncIngestLimit(titan)).toBeLessThanOrEqual(50);
    expect(syncIngestLimit(runtime({ ...aws, QA_EMBEDDER: "hashed" }))).toBe(1000);
    // an LLM enriches every record: fewer still, whatever embeds
    expect(syncIngestLimit(runtime(aws, new FakeQaLlm()))).toBe(20);
    expect(syncIngestLimit(runtime({}, new FakeQaLlm()))).toBe(20);
  });

  it("names the variable when a value is bad", () => {
    expect(() => parse({ BEDROCK_EMBED_DIMENSIONS: "300" })).toThrow(
      /BEDROCK_EMBED_DIMENSIONS[\s\S]*256, 512, 1024 중 하나여야 합니다/,
    );
    expect(() => parse({ OPENSEARCH_INDEX: "Bad Name" })).toThrow(
      /OPENSEARCH_INDEX[\s\S]*영문 소문자, 숫자, _, -만 쓸 수 있습니다/,
    );
    expect(() => qaConfig(parse({ QA_INDEX: "opensearch" }), "/d")).toThrow(/OPENSEARCH_ENDPOINT/);
  });
});

describe("the local runtime", () => {
  const mangwon = pinnedDemoPlaces().filter((p) => p.formattedAddress.includes("망원"));

  it("serves the synthetic demo corpus until real documents arrive, and keeps only those on disk", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dongne-qa-"));
    const config = qaConfig(parse({}), dir);
    const { qa } = createQaRuntime(config, { places: () => mangwon });
    const demo = await qa.search({ query: "망원동 맛집" });
    expect(demo.documents.length).toBeGreaterThan(0);
    expect(demo.meta.synthetic).toBe(true);
    const report = await qa.ingest([
      {
        place_id: "1993900101",
        title: "우드멜로우",
        address: "서울특별시 강동구 고덕동 482",
        mapx: "1271551201",
        mapy: "375630641",
        reviews: ["브런치 맛있어요"],
      },
    ]);
    expect(report.indexed).toBe(1);
    const real = await qa.search({ query: "강동구 브런치" });
    expect(real.documents.map((d) => d.place_id)).toEqual(["1993900101"]);
    expect(real.meta.synthetic).toBe(false);
    const file = join(dir, "restaurants", "restaurants.jsonl");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8").split("\n").filter(Boolean)).toHaveLength(2); // meta + one document
  });

  it("writes the demo corpus as JSON Lines, saying it is synthetic", () => {
    const out: string[] = [];
    const body = demoCommand(mangwon, {}, { log: (l) => out.push(l) });
    expect(body.trim().split("\n").length).toBeGreaterThan(10);
    expect(out[0]).toMatch(/가상 식당 \d+곳 \(synthetic: true\)/);
  });
});
