// Metrics through Powertools as CloudWatch Embedded Metric Format lines: the record's shape, off by
// default, and what the API's services record for a plan and a search.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import type { LocalWorld } from "../../functions/api/local.ts";
import {
  METRICS_NAMESPACE,
  recordMetrics,
  spendMicroUsd,
  useMetrics,
} from "../../shared/platform/metrics.ts";
import { testWorld } from "../helpers/server.ts";

afterEach(() => useMetrics(false));

describe("EMF records", () => {
  it("name each metric with its unit under the service and Operation dimensions", () => {
    const lines: string[] = [];
    useMetrics(true, (l) => void lines.push(l));
    recordMetrics("search", { ProviderCalls: 3, Latency: 12.5 });
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!);
    const [directive] = record._aws.CloudWatchMetrics;
    expect(directive.Namespace).toBe(METRICS_NAMESPACE);
    expect(directive.Dimensions).toEqual([["service", "Operation"]]);
    expect(directive.Metrics).toEqual(
      expect.arrayContaining([
        { Name: "ProviderCalls", Unit: "Count" },
        { Name: "Latency", Unit: "Milliseconds" },
      ]),
    );
    expect(record).toMatchObject({ Operation: "search", service: "dongne", ProviderCalls: 3, Latency: 12.5 });
  });

  it("are written when on, and not at all when off", () => {
    const lines: string[] = [];
    useMetrics(false, (l) => void lines.push(l));
    recordMetrics("plan", { LlmCalls: 1 });
    expect(lines).toEqual([]);
    useMetrics(true, (l) => void lines.push(l));
    recordMetrics("plan", { LlmCalls: 1 });
    recordMetrics("plan", { LlmCalls: 2 });
    expect(lines.map((l) => JSON.parse(l).LlmCalls)).toEqual([1, 2]);
  });

  it("estimate spend in micro-dollars from tokens and per-million prices", () => {
    expect(spendMicroUsd({ input: 1_000_000, output: 0 }, { input: 1, output: 5 })).toBe(1_000_000);
    expect(spendMicroUsd({ input: 2000, output: 400 }, { input: 1, output: 5 })).toBe(4000);
  });
});

describe("the API's metrics", () => {
  let world: LocalWorld;
  beforeAll(async () => (world = await testWorld({ planCache: false })));
  afterAll(() => world.close());

  it("a plan records its latency; a search also its provider calls (LLM use is recorded per call, shared/llm/gated.ts)", async () => {
    const lines: string[] = [];
    useMetrics(true, (l) => void lines.push(l));
    const app = createApp(() => world.context);
    const post = (path: string, query: string) =>
      app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
    expect((await post("/v1/search/plan", "강남역 근처 카페")).status).toBe(200);
    const search = await post("/v1/search", "망원역 근처 빵집");
    const body = (await search.json()) as { meta: { apiCalls: number } };
    const [plan, searched] = lines.map((l) => JSON.parse(l));
    expect(plan).toMatchObject({ Operation: "plan" });
    expect(plan.LlmSpendMicroUsd).toBeUndefined();
    expect(plan.Latency).toBeGreaterThanOrEqual(0);
    expect(searched).toMatchObject({
      Operation: "search",
      ProviderCalls: body.meta.apiCalls,
      ProviderFailures: 0,
    });
    expect(body.meta.apiCalls).toBeGreaterThan(0);
  });
});
