// Metrics: provider calls, LLM calls and tokens, latency, failed agents — per operation. In AWS
// (METRICS=emf, set by the stack) each record is one CloudWatch Embedded Metric Format line on stdout,
// which CloudWatch turns into metrics with no API call and no agent. Locally (METRICS=off, the
// default) nothing is written.

export const METRICS_NAMESPACE = "Dongne";

const UNITS = {
  ProviderCalls: "Count",
  LlmCalls: "Count",
  LlmInputTokens: "Count",
  LlmOutputTokens: "Count",
  LlmFailedAgents: "Count",
  Latency: "Milliseconds",
} as const;
export type MetricName = keyof typeof UNITS;
export type MetricValues = Partial<Record<MetricName, number>>;

/** One EMF record: the `_aws` block names the metrics and their dimension, the values sit beside it. */
export function emfRecord(operation: string, values: MetricValues, timestamp = Date.now()) {
  const names = Object.keys(values) as MetricName[];
  return {
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [["Operation"]],
          Metrics: names.map((name) => ({ Name: name, Unit: UNITS[name] })),
        },
      ],
    },
    Operation: operation,
    ...values,
  };
}

let write: ((line: string) => void) | null = null;

/** Chosen once, from configuration, when the process starts (a test may pass its own writer). */
export function useMetrics(mode: "off" | "emf", writer = (line: string) => void process.stdout.write(line)) {
  write = mode === "emf" ? writer : null;
}

export function recordMetrics(operation: string, values: MetricValues): void {
  write?.(`${JSON.stringify(emfRecord(operation, values))}\n`);
}
