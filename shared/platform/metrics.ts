// Metrics through Powertools: one Metrics instance per process, switched on from configuration (the
// stack sets METRICS=on; locally it is off). Each record is one CloudWatch Embedded Metric Format line
// with the operation as its dimension: provider calls, LLM calls, tokens and estimated spend, latency,
// failed agents. CloudWatch turns the lines into metrics with no API call; the alarms and the dashboard
// read them.
import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";

export const METRICS_NAMESPACE = "Dongne";

const UNITS = {
  ProviderCalls: MetricUnit.Count,
  ProviderFailures: MetricUnit.Count,
  LlmCalls: MetricUnit.Count,
  LlmInputTokens: MetricUnit.Count,
  LlmOutputTokens: MetricUnit.Count,
  /** estimated from the token counts and the configured prices, in micro-dollars (CloudWatch has no currency) */
  LlmSpendMicroUsd: MetricUnit.Count,
  LlmFailedAgents: MetricUnit.Count,
  Latency: MetricUnit.Milliseconds,
} as const;
export type MetricName = keyof typeof UNITS;
export type MetricValues = Partial<Record<MetricName, number>>;

let metrics: Metrics | null = null;

/** Chosen once per process from configuration; `out` replaces stdout (tests). */
export function useMetrics(on: boolean, out?: (line: string) => void): void {
  if (!on) {
    metrics = null;
    return;
  }
  metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: "dongne" });
  if (out) (metrics as unknown as { console: { log(l: string): void } }).console = { log: out };
}

export function recordMetrics(operation: string, values: MetricValues): void {
  if (!metrics) return;
  const entries = Object.entries(values).filter((e): e is [MetricName, number] => Number.isFinite(e[1]));
  if (!entries.length) return;
  // synchronous from the first add to the publish: records of concurrent requests never interleave
  metrics.addDimension("Operation", operation);
  for (const [name, value] of entries) metrics.addMetric(name, UNITS[name], value);
  metrics.publishStoredMetrics();
}

/** Estimated LLM spend in micro-dollars from token counts and per-million-token prices. */
export function spendMicroUsd(
  tokens: { input: number; output: number },
  pricePerMTok: { input: number; output: number },
): number {
  return Math.round(tokens.input * pricePerMTok.input + tokens.output * pricePerMTok.output);
}
