// What ops watch: alarms (API 5xx and latency near the 29 s limit, Lambda errors and throttles, the
// day's estimated LLM spend, provider failures) to one SNS topic, and a dashboard of the same.
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
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Construct } from "constructs";
import { METRICS_NAMESPACE, type MetricName } from "../../shared/platform/metrics.ts";
import { acknowledgeNag } from "../nag.ts";

/** The operations the product records metrics for (shared/platform/metrics.ts callers). */
export const OPERATIONS = ["plan", "search", "execute", "news", "restaurant-qa", "simulation-agent"] as const;

export interface ObservabilityProps {
  api: HttpApi;
  functions: IFunction[];
  /** alarm when a UTC day's estimated LLM spend passes this (USD) */
  llmDailyBudgetUsd: number;
  /** subscribed to the alarms when given */
  alarmEmail?: string;
}

export class Observability extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    this.topic = new Topic(this, "Alarms", { displayName: "dongne alarms", enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    acknowledgeNag(this.topic, {
      rule: "AwsSolutions-SNS2",
      reason:
        "Alarm notifications carry no data beyond the alarm's name and state; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key.",
    });
    const action = new SnsAction(this.topic);

    /** One product metric summed over every operation that records it. */
    const total = (name: MetricName, period: Duration, label: string): IMetric => {
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
    };
    const alarm = (
      id: string,
      metric: IMetric,
      threshold: number,
      description: string,
      evaluationPeriods = 1,
    ) =>
      new Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      }).addAlarmAction(action);

    const fiveMinutes = Duration.minutes(5);
    const spend = new MathExpression({
      expression: "microusd / 1000000",
      usingMetrics: { microusd: total("LlmSpendMicroUsd", Duration.days(1), "LLM spend (µUSD)") },
      label: "LLM spend (USD, per day)",
      period: Duration.days(1),
    });
    alarm(
      "LlmSpendAlarm",
      spend,
      props.llmDailyBudgetUsd,
      `Estimated LLM spend passed ${props.llmDailyBudgetUsd} USD today`,
    );
    const errors5xx = props.api.metricServerError({ period: fiveMinutes, statistic: "Sum" });
    alarm("Api5xxAlarm", errors5xx, 5, "The API answered more than 5 server errors in 5 minutes");
    const latency = props.api.metricLatency({ period: fiveMinutes, statistic: "p99" });
    alarm("ApiLatencyAlarm", latency, 25_000, "p99 latency is near API Gateway's 29 s limit", 2);
    // an alarm's math may name at most 10 metrics: alarms read the region's Lambda totals (the stack's
    // functions, in the account dongne is deployed to), the dashboard each function's
    const regionLambda = (metricName: string) =>
      new Metric({ namespace: "AWS/Lambda", metricName, statistic: "Sum", period: fiveMinutes });
    alarm("LambdaErrorsAlarm", regionLambda("Errors"), 10, "More than 10 Lambda errors in 5 minutes");
    alarm("LambdaThrottlesAlarm", regionLambda("Throttles"), 0, "Lambda invocations were throttled");
    const lambdaErrors = sumOf(
      props.functions.map((f) => f.metricErrors({ period: fiveMinutes })),
      "Lambda errors",
    );
    const throttles = sumOf(
      props.functions.map((f) => f.metricThrottles({ period: fiveMinutes })),
      "Lambda throttles",
    );
    const providerFailures = total("ProviderFailures", fiveMinutes, "provider failures");
    alarm(
      "ProviderFailuresAlarm",
      providerFailures,
      20,
      "Map providers failed more than 20 times in 5 minutes",
    );

    new Dashboard(this, "Dashboard", {
      dashboardName: "dongne",
      widgets: [
        [
          new GraphWidget({
            title: "API: requests, 4xx, 5xx",
            left: [
              props.api.metricCount({ period: fiveMinutes }),
              props.api.metricClientError({ period: fiveMinutes }),
              errors5xx,
            ],
          }),
          new GraphWidget({
            title: "API latency (p50, p99)",
            left: [props.api.metricLatency({ period: fiveMinutes, statistic: "p50" }), latency],
          }),
        ],
        [
          new GraphWidget({
            title: "LLM tokens",
            left: [
              total("LlmInputTokens", fiveMinutes, "input tokens"),
              total("LlmOutputTokens", fiveMinutes, "output tokens"),
            ],
          }),
          new GraphWidget({ title: "LLM spend (USD/day)", left: [spend] }),
        ],
        [
          new GraphWidget({
            title: "Providers: calls and failures",
            left: [total("ProviderCalls", fiveMinutes, "provider calls"), providerFailures],
          }),
          new GraphWidget({ title: "Lambda errors and throttles", left: [lambdaErrors, throttles] }),
        ],
        [
          new GraphWidget({
            title: "Simulation: failed agents",
            left: [total("LlmFailedAgents", fiveMinutes, "llm_failed agents")],
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
