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
import { planDefinition, searchDefinition, type PlaceSearchResources } from "./workflows/place-search.ts";
import { DongneFunction } from "./node-function.ts";

export class DongneStack extends Stack {
  readonly api: HttpApi;
  readonly planWorkflow: StateMachine;
  readonly searchWorkflow: StateMachine;

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
    const plan = new DongneFunction(this, "PlanFunction", {
      entry: "functions/place-search/plan.ts",
      description: "MapSearch agent: translator_result → checked search plan",
      timeout: Duration.seconds(10),
    });
    const execute = new DongneFunction(this, "ExecuteFunction", {
      entry: "functions/place-search/execute.ts",
      description: "APIPicker agent: runs the plan's steps against the providers",
      timeout: Duration.seconds(90),
      memorySize: 1024,
      environment: withKeys,
    });
    const searchPoint = new DongneFunction(this, "SearchPointFunction", {
      entry: "functions/place-search/search-point.ts",
      description: "APIPicker route fan-out: every keyword at one sample point",
      timeout: Duration.seconds(30),
      memorySize: 1024,
      environment: withKeys,
    });
    const postProcess = new DongneFunction(this, "PostProcessFunction", {
      entry: "functions/place-search/post-process.ts",
      description: "Dedupe and post-processing → the normalized AgentResponse",
      timeout: Duration.seconds(30),
    });
    for (const fn of [translate, execute, searchPoint]) keys.grantRead(fn);

    const resources: PlaceSearchResources = {
      translateFunctionArn: translate.functionArn,
      planFunctionArn: plan.functionArn,
      executeFunctionArn: execute.functionArn,
      searchPointFunctionArn: searchPoint.functionArn,
      postProcessFunctionArn: postProcess.functionArn,
      fanoutConcurrency: 10,
    };
    this.planWorkflow = this.expressWorkflow("PlaceSearchPlanWorkflow", planDefinition(resources), [
      translate,
      plan,
    ]);
    this.searchWorkflow = this.expressWorkflow("PlaceSearchWorkflow", searchDefinition(resources), [
      translate,
      plan,
      execute,
      searchPoint,
      postProcess,
    ]);

    const apiFn = new DongneFunction(this, "ApiFunction", {
      entry: "functions/api/handler.ts",
      description: "HTTP API (Hono): validates requests, starts workflows synchronously",
      timeout: Duration.seconds(29),
      environment: {
        ...withKeys,
        PLAN_STATE_MACHINE_ARN: this.planWorkflow.stateMachineArn,
        SEARCH_STATE_MACHINE_ARN: this.searchWorkflow.stateMachineArn,
      },
    });
    this.planWorkflow.grantStartSyncExecution(apiFn);
    this.searchWorkflow.grantStartSyncExecution(apiFn);
    keys.grantRead(apiFn); // Google photo links are resolved with the key, server-side

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
    for (const [path, method] of [
      ["/v1/search/plan", HttpMethod.POST],
      ["/v1/search", HttpMethod.POST],
      ["/v1/search/execute", HttpMethod.POST],
      ["/v1/place-photos/{proxy+}", HttpMethod.GET],
      ["/health", HttpMethod.GET],
      ["/openapi.json", HttpMethod.GET],
    ] as const) {
      this.api.addRoutes({ path, methods: [method], integration });
    }

    new CfnOutput(this, "ApiUrl", { value: this.api.apiEndpoint });
    new CfnOutput(this, "PlaceSearchWorkflowArn", { value: this.searchWorkflow.stateMachineArn });

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

  /** An Express workflow with full logging and tracing, allowed to invoke exactly its steps' functions. */
  private expressWorkflow(id: string, definition: object, steps: DongneFunction[]): StateMachine {
    const logs = new LogGroup(this, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const machine = new StateMachine(this, id, {
      stateMachineType: StateMachineType.EXPRESS,
      definitionBody: DefinitionBody.fromString(JSON.stringify(definition)),
      timeout: Duration.minutes(4),
      tracingEnabled: true,
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: true },
    });
    for (const fn of steps) fn.grantInvoke(machine);
    acknowledgeNag(
      machine,
      {
        rule: "AwsSolutions-IAM5[Resource::*]",
        reason:
          "X-Ray PutTraceSegments/PutTelemetryRecords and the CloudWatch Logs delivery actions that Step Functions logging needs accept no resource ARN.",
      },
      ...steps.map((fn) => ({
        rule: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
        reason:
          "lambda:InvokeFunction on the function's own versions and aliases (name:*), which is how CDK grants invoke.",
      })),
    );
    return machine;
  }
}
