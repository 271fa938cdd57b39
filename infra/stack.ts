// The dongne stack: HTTP API → API Lambda (Hono) → Express workflow (Translate → Plan), one Lambda per
// agent step; provider and LLM keys in Secrets Manager. Least privilege: each grant names its resource.
import { CfnElement, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { HttpApi, HttpMethod, LogGroupLogDestination } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from "aws-cdk-lib/aws-stepfunctions";
import type { Construct } from "constructs";
import { acknowledgeNag } from "./nag.ts";
import { placeSearchDefinition } from "./workflows/place-search.ts";
import { DongneFunction } from "./node-function.ts";

export class DongneStack extends Stack {
  readonly api: HttpApi;
  readonly placeSearchWorkflow: StateMachine;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const keys = new Secret(this, "ProviderKeys", {
      description:
        "ANTHROPIC_API_KEY, KAKAO_REST_API_KEY, GOOGLE_MAPS_API_KEY, NAVER_CLIENT_ID, NAVER_CLIENT_SECRET (JSON)",
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const withKeys = { SECRETS_ARN: keys.secretArn };

    const translate = new DongneFunction(this, "TranslateFunction", {
      entry: "functions/place-search/translate.ts",
      description: "Translator agent: query → translator_result (rules first, LLM when unsure)",
      timeout: Duration.seconds(60),
      environment: withKeys,
    });
    keys.grantRead(translate);
    const plan = new DongneFunction(this, "PlanFunction", {
      entry: "functions/place-search/plan.ts",
      description: "MapSearch agent: translator_result → checked search plan",
      timeout: Duration.seconds(10),
    });

    const workflowLogs = new LogGroup(this, "PlaceSearchWorkflowLogs", {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.placeSearchWorkflow = new StateMachine(this, "PlaceSearchWorkflow", {
      stateMachineType: StateMachineType.EXPRESS,
      definitionBody: DefinitionBody.fromString(
        JSON.stringify(
          placeSearchDefinition({
            translateFunctionArn: translate.functionArn,
            planFunctionArn: plan.functionArn,
          }),
        ),
      ),
      timeout: Duration.minutes(2),
      tracingEnabled: true,
      logs: { destination: workflowLogs, level: LogLevel.ALL, includeExecutionData: true },
    });
    translate.grantInvoke(this.placeSearchWorkflow);
    plan.grantInvoke(this.placeSearchWorkflow);

    const apiFn = new DongneFunction(this, "ApiFunction", {
      entry: "functions/api/handler.ts",
      description: "HTTP API (Hono): validates requests, starts workflows synchronously",
      timeout: Duration.seconds(29),
      environment: { PLAN_STATE_MACHINE_ARN: this.placeSearchWorkflow.stateMachineArn },
    });
    this.placeSearchWorkflow.grantStartSyncExecution(apiFn);

    const accessLogs = new LogGroup(this, "ApiAccessLogs", {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const integration = new HttpLambdaIntegration("ApiIntegration", apiFn);
    this.api = new HttpApi(this, "HttpApi", {
      description: "dongne: Korean local search agents",
      createDefaultStage: false,
    });
    this.api.addStage("DefaultStage", {
      stageName: "$default",
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.jsonWithStandardFields(),
      },
    });
    this.api.addRoutes({ path: "/v1/search/plan", methods: [HttpMethod.POST], integration });
    this.api.addRoutes({ path: "/health", methods: [HttpMethod.GET], integration });
    this.api.addRoutes({ path: "/openapi.json", methods: [HttpMethod.GET], integration });

    new CfnOutput(this, "ApiUrl", { value: this.api.apiEndpoint });
    new CfnOutput(this, "PlaceSearchWorkflowArn", { value: this.placeSearchWorkflow.stateMachineArn });

    this.acknowledgeNagFindings(keys, [translate, plan]);
  }

  /** Each cdk-nag acknowledgement sits on the construct it concerns and says why it is accepted. */
  private acknowledgeNagFindings(keys: Secret, invokedFunctions: DongneFunction[]): void {
    acknowledgeNag(
      this.placeSearchWorkflow,
      {
        rule: "AwsSolutions-IAM5[Resource::*]",
        reason:
          "X-Ray PutTraceSegments/PutTelemetryRecords and the CloudWatch Logs delivery actions that Step Functions logging needs accept no resource ARN.",
      },
      ...invokedFunctions.map((fn) => ({
        rule: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
        reason:
          "lambda:InvokeFunction on the function's own versions and aliases (name:*), which is how CDK grants invoke.",
      })),
    );
    acknowledgeNag(this.api, {
      rule: "AwsSolutions-APIG4",
      reason:
        "The search API is public and read-only by design (it holds no user data) and is throttled at the stage; a deployment that must identify callers adds a JWT authorizer.",
    });
    acknowledgeNag(keys, {
      rule: "AwsSolutions-SMG4",
      reason:
        "Third-party API keys (Anthropic, Kakao, Google, Naver) cannot be rotated by a Lambda; they are rotated in their consoles.",
    });
  }
}
