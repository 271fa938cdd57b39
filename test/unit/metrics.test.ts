// Metrics as CloudWatch Embedded Metric Format lines: the record's shape, off by default, and what
// the API records for a plan and a search.
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../../functions/api/app.ts";
import { localServices } from "../../functions/api/local.ts";
import { emfRecord, recordMetrics, useMetrics } from "../../shared/metrics.ts";
import { testExecDeps } from "../helpers/server.ts";

afterEach(() => useMetrics("off"));

describe("EMF records", () => {
  it("name each metric with its unit under the Operation dimension, values beside the _aws block", () => {
    expect(emfRecord("search", { ProviderCalls: 3, Latency: 12.5 }, 1_700_000_000_000)).toEqual({
      _aws: {
        Timestamp: 1_700_000_000_000,
        CloudWatchMetrics: [
          {
            Namespace: "Dongne",
            Dimensions: [["Operation"]],
            Metrics: [
              { Name: "ProviderCalls", Unit: "Count" },
              { Name: "Latency", Unit: "Milliseconds" },
            ],
          },
        ],
      },
      Operation: "search",
      ProviderCalls: 3,
      Latency: 12.5,
    });
  });

  it("are written one per line when on, and not at all when off", () => {
    const lines: string[] = [];
    useMetrics("off", (l) => void lines.push(l));
    recordMetrics("plan", { LlmCalls: 1 });
    expect(lines).toEqual([]);
    useMetrics("emf", (l) => void lines.push(l));
    recordMetrics("plan", { LlmCalls: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith("\n")).toBe(true);
    expect(JSON.parse(lines[0])).toMatchObject({ Operation: "plan", LlmCalls: 1 });
  });
});

describe("the API's metrics", () => {
  it("a plan records LLM use and latency; a search also its provider calls", async () => {
    const lines: string[] = [];
    useMetrics("emf", (l) => void lines.push(l));
    const app = createApp(localServices({ exec: testExecDeps }));
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
    expect(plan).toMatchObject({ Operation: "plan", LlmCalls: 0, LlmInputTokens: 0 });
    expect(plan.Latency).toBeGreaterThanOrEqual(0);
    expect(searched).toMatchObject({ Operation: "search", ProviderCalls: body.meta.apiCalls });
    expect(body.meta.apiCalls).toBeGreaterThan(0);
  });
});
