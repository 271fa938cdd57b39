// What ops watch: alarms (API 5xx and latency near the 29 s limit, each Lambda's errors and throttles,
// each state machine's failed and timed-out executions, the OpenSearch cluster's health, storage and
// JVM pressure, the day's estimated LLM spend, provider failures) to one SNS topic, and a dashboard.
// Each alarm is a standard-resolution alarm on one metric ($0.10 a month each: README, the cost table).
import { Duration } from "aws-cdk-lib";
import type { HttpApi } from "aws-cdk-lib/aws-apigatewayv2";
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import type { IFunction } from "aws-cdk-lib/aws-lambda";
import type { Domain } from "aws-cdk-lib/aws-opensearchservice";
import type { StateMachine } from "aws-cdk-lib/aws-stepfunctions";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Construct } from "constructs";
import { METRICS_NAMESPACE, type MetricName } from "../../shared/platform/metrics.ts";
import { acknowledgeNag } from "../nag.ts";

/** The operations the product records metrics for (shared/platform/metrics.ts callers). */
export const OPERATIONS = [
  "plan",
  "search",
  "execute",
  "news",
  "restaurant-qa",
  "simulation-agent",
  // every LLM call, by tier, where it happens (shared/llm/gated.ts): the spend alarm's source
  "llm-fast",
  "llm-smart",
] as const;

export interface ObservabilityProps {
  api: HttpApi;
  /** each function by a short name (its construct id): one errors and one throttles alarm each */
  functions: { name: string; fn: IFunction }[];
  /** each state machine by a short name: one failed and one timed-out alarm each */
  machines: { name: string; machine: StateMachine }[];
  /** the restaurant index's domain and each data node's volume (the free-storage threshold) */
  search: { domain: Domain; volumeGb: number };
  /** alarm when a UTC day's estimated LLM spend passes this (USD) */
  llmDailyBudgetUsd: number;
  /** subscribed to the alarms when given */
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/** One product metric summed over every operation that records it. */
function total(name: MetricName, period: Duration, label: string): IMetric {
  const id = (i: number) => `${name.toLowerCase()}${i}`; // ids are unique within a graph
  return new MathExpression({
    expression: OPERATIONS.map((_, i) => `FILL(${id(i)}, 0)`).join(" + "),
    usingMetrics: Object.fromEntries(
      OPERATIONS.map((op, i) => [
        id(i),
        new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: name,
          dimensionsMap: { service: "dongne", Operation: op },
          statistic: "Sum",
          period,
        }),
      ]),
    ),
    label,
    period,
  });
}

/** The metrics both an alarm and the dashboard show. */
interface Watched {
  spend: IMetric;
  errors5xx: IMetric;
  latency: IMetric;
  providerFailures: IMetric;
}

export class Observability extends Construct {
  readonly topic: Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    this.topic = new Topic(this, "Alarms", { displayName: "dongne alarms", enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    acknowledgeNag(this.topic, {
      rule: "AwsSolutions-SNS2",
      reason:
        "Alarm notifications carry no data beyond the alarm's name and state; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key.",
    });
    this.action = new SnsAction(this.topic);
    const { spend, errors5xx, latency } = this.apiAlarms(props);
    this.functionAlarms(props);
    this.searchAlarms(props.search);
    const providerFailures = total("ProviderFailures", FIVE_MINUTES, "provider failures");
    this.alarm(
      "ProviderFailuresAlarm",
      providerFailures,
      20,
      "Map providers failed more than 20 times in 5 minutes",
    );
    this.dashboard(props, { spend, errors5xx, latency, providerFailures });
  }

  private alarm(id: string, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1) {
    new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    }).addAlarmAction(this.action);
  }

  /** The day's LLM spend, the API's server errors and its latency near API Gateway's limit. */
  private apiAlarms(props: ObservabilityProps): Omit<Watched, "providerFailures"> {
    const spend = new MathExpression({
      expression: "microusd / 1000000",
      usingMetrics: { microusd: total("LlmSpendMicroUsd", Duration.days(1), "LLM spend (µUSD)") },
      label: "LLM spend (USD, per day)",
      period: Duration.days(1),
    });
    this.alarm(
      "LlmSpendAlarm",
      spend,
      props.llmDailyBudgetUsd,
      `Estimated LLM spend passed ${props.llmDailyBudgetUsd} USD today`,
    );
    const errors5xx = props.api.metricServerError({ period: FIVE_MINUTES, statistic: "Sum" });
    this.alarm("Api5xxAlarm", errors5xx, 5, "The API answered more than 5 server errors in 5 minutes");
    const latency = props.api.metricLatency({ period: FIVE_MINUTES, statistic: "p99" });
    this.alarm("ApiLatencyAlarm", latency, 25_000, "p99 latency is near API Gateway's 29 s limit", 2);
    return { spend, errors5xx, latency };
  }

  /** One alarm per function and metric, and per state machine: a sum would say something failed, not what. */
  private functionAlarms(props: ObservabilityProps): void {
    for (const { name, fn } of props.functions) {
      this.alarm(
        `${name}ErrorsAlarm`,
        fn.metricErrors({ period: FIVE_MINUTES, statistic: "Sum" }),
        4,
        `${name}: more than 4 Lambda errors in 5 minutes`,
      );
      this.alarm(
        `${name}ThrottlesAlarm`,
        fn.metricThrottles({ period: FIVE_MINUTES, statistic: "Sum" }),
        0,
        `${name}: Lambda invocations were throttled`,
      );
    }
    for (const { name, machine } of props.machines) {
      this.alarm(
        `${name}FailedAlarm`,
        machine.metricFailed({ period: FIVE_MINUTES, statistic: "Sum" }),
        0,
        `${name}: Step Functions executions failed (ExecutionsFailed)`,
      );
      this.alarm(
        `${name}TimedOutAlarm`,
        machine.metricTimedOut({ period: FIVE_MINUTES, statistic: "Sum" }),
        0,
        `${name}: Step Functions executions timed out (ExecutionsTimedOut)`,
      );
    }
  }

  private searchAlarms(search: ObservabilityProps["search"]): void {
    // OpenSearch Service's recommended alarms (https://docs.aws.amazon.com/opensearch-service/latest/developerguide/cloudwatch-alarms.html):
    // ClusterStatus.red/.yellow ≥ 1 over a minute; FreeStorageSpace (per node, MiB) ≤ 25 % of a node's
    // volume; JVMMemoryPressure ≥ 95 % three minutes running
    const { domain } = search;
    const minute = Duration.minutes(1);
    const atLeast = ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD;
    const searchAlarm = (
      id: string,
      metric: IMetric,
      threshold: number,
      comparisonOperator: ComparisonOperator,
      description: string,
      evaluationPeriods = 1,
    ) =>
      new Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator,
        // a domain that stops reporting is itself a fault
        treatMissingData: TreatMissingData.BREACHING,
        alarmDescription: description,
      }).addAlarmAction(this.action);
    searchAlarm(
      "SearchClusterRedAlarm",
      domain.metricClusterStatusRed({ period: minute, statistic: "Maximum" }),
      1,
      atLeast,
      "OpenSearch: at least one primary shard is unassigned (ClusterStatus.red): searches miss documents",
    );
    searchAlarm(
      "SearchClusterYellowAlarm",
      domain.metricClusterStatusYellow({ period: minute, statistic: "Maximum" }),
      1,
      atLeast,
      "OpenSearch: replica shards are unassigned (ClusterStatus.yellow)",
    );
    searchAlarm(
      "SearchFreeStorageAlarm",
      domain.metricFreeStorageSpace({ period: minute, statistic: "Minimum" }),
      Math.round(search.volumeGb * 1024 * 0.25),
      ComparisonOperator.LESS_THAN_OR_EQUAL_TO_THRESHOLD,
      `OpenSearch: a data node has 25 % or less of its ${search.volumeGb} GB free (FreeStorageSpace)`,
    );
    searchAlarm(
      "SearchJvmPressureAlarm",
      domain.metricJVMMemoryPressure({ period: minute, statistic: "Maximum" }),
      95,
      atLeast,
      "OpenSearch: JVM memory pressure at or above 95 % for 3 minutes (JVMMemoryPressure)",
      3,
    );
  }

  private dashboard(props: ObservabilityProps, w: Watched): void {
    const { spend, errors5xx, latency, providerFailures } = w;
    const lambdaErrors = sumOf(
      props.functions.map(({ fn }) => fn.metricErrors({ period: FIVE_MINUTES })),
      "Lambda errors",
    );
    const throttles = sumOf(
      props.functions.map(({ fn }) => fn.metricThrottles({ period: FIVE_MINUTES })),
      "Lambda throttles",
    );
    new Dashboard(this, "Dashboard", {
      dashboardName: "dongne",
      widgets: [
        [
          new GraphWidget({
            title: "API: requests, 4xx, 5xx",
            left: [
              props.api.metricCount({ period: FIVE_MINUTES }),
              props.api.metricClientError({ period: FIVE_MINUTES }),
              errors5xx,
            ],
          }),
          new GraphWidget({
            title: "API latency (p50, p99)",
            left: [props.api.metricLatency({ period: FIVE_MINUTES, statistic: "p50" }), latency],
          }),
        ],
        [
          new GraphWidget({
            title: "LLM tokens",
            left: [
              total("LlmInputTokens", FIVE_MINUTES, "input tokens"),
              total("LlmOutputTokens", FIVE_MINUTES, "output tokens"),
            ],
          }),
          new GraphWidget({ title: "LLM spend (USD/day)", left: [spend] }),
        ],
        [
          new GraphWidget({
            title: "Providers: calls and failures",
            left: [total("ProviderCalls", FIVE_MINUTES, "provider calls"), providerFailures],
          }),
          new GraphWidget({ title: "Lambda errors and throttles", left: [lambdaErrors, throttles] }),
        ],
        [
          new GraphWidget({
            title: "Simulation: failed agents",
            left: [total("LlmFailedAgents", FIVE_MINUTES, "llm_failed agents")],
          }),
        ],
      ],
    });
  }
}

/** A sum of many metrics (MathExpression allows at most 500; the stack has ~20 functions). */
function sumOf(metrics: IMetric[], label: string): IMetric {
  const id = (i: number) => `${label.toLowerCase().replace(/\W/g, "")}${i}`; // unique within a graph
  return new MathExpression({
    expression: metrics.map((_, i) => `FILL(${id(i)}, 0)`).join(" + "),
    usingMetrics: Object.fromEntries(metrics.map((m, i) => [id(i), m])),
    label,
    period: Duration.minutes(5),
  });
}
