// The dongne stack: HTTP API → API Lambda (Hono) → Express workflow (Translate → Plan), one Lambda per
// agent step; provider and LLM keys in Secrets Manager. Least privilege: each grant names its resource.
import {
  ArnFormat,
  CfnElement,
  CfnOutput,
  Duration,
  RemovalPolicy,
  Stack,
  Token,
  type StackProps,
} from "aws-cdk-lib";
import { HttpApi, HttpMethod, LogGroupLogDestination } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from "aws-cdk-lib/aws-stepfunctions";
import type { Construct } from "constructs";
import { acknowledgeNag } from "./nag.ts";
import { planDefinition, searchDefinition, type PlaceSearchResources } from "./workflows/place-search.ts";
import { DongneFunction, type DongneFunctionProps } from "./node-function.ts";
import { simulationDefinition, slotDefinition, type SimulationResources } from "./workflows/simulation.ts";
import { AttributeType, BillingMode, Table } from "aws-cdk-lib/aws-dynamodb";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";

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
    const addRoute = (path: string, method: HttpMethod) =>
      this.api.addRoutes({ path, methods: [method], integration });
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

    this.simulation(apiFn, keys, addRoute);

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

  /**
   * The neighbourhood simulation: a DynamoDB table, one Lambda per workflow step, a Standard parent over
   * the slots and a Standard child per slot (so no history nears 25,000 events), and the API's routes.
   */
  private simulation(
    apiFn: DongneFunction,
    keys: Secret,
    addRoute: (path: string, method: HttpMethod) => void,
  ): void {
    const table = new Table(this, "SimulationTable", {
      partitionKey: { name: "pk", type: AttributeType.STRING },
      sortKey: { name: "sk", type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const env = { SIM_TABLE: table.tableName };
    const step = (id: string, entry: string, description: string, extra: Partial<DongneFunctionProps> = {}) =>
      new DongneFunction(this, id, {
        entry: `functions/simulation/${entry}.ts`,
        description,
        timeout: Duration.seconds(60),
        environment: env,
        ...extra,
      });
    const initialise = step(
      "SimInitialiseFunction",
      "initialise",
      "Simulation: create it and list the slots to run",
    );
    const flush = step(
      "SimFlushFunction",
      "flush",
      "Simulation: flush the previous slot's ratings (exactly once)",
    );
    const prepare = step("SimPrepareFunction", "prepare", "Simulation: the agents of a slot");
    const agent = step("SimAgentFunction", "agent", "Simulation: one agent's five steps in one slot", {
      timeout: Duration.minutes(10),
      memorySize: 1024,
      environment: { ...env, SECRETS_ARN: keys.secretArn },
    });
    const collect = step(
      "SimCollectFunction",
      "collect",
      "Simulation: a slot's decision counts and LLM usage",
    );
    const finalize = step(
      "SimFinalizeFunction",
      "finalize",
      "Simulation: flush the last slot, mark completed",
    );
    const fail = step("SimFailFunction", "fail", "Simulation: record why it stopped");
    keys.grantRead(agent);
    table.grantReadWriteData(initialise);
    table.grantReadWriteData(flush);
    table.grantReadData(prepare);
    table.grantReadWriteData(agent);
    table.grantReadWriteData(collect);
    table.grantReadWriteData(finalize);
    table.grantReadWriteData(fail);

    const resources: SimulationResources = {
      initialiseFunctionArn: initialise.functionArn,
      flushFunctionArn: flush.functionArn,
      prepareFunctionArn: prepare.functionArn,
      agentFunctionArn: agent.functionArn,
      collectFunctionArn: collect.functionArn,
      finalizeFunctionArn: finalize.functionArn,
      failFunctionArn: fail.functionArn,
      slotStateMachineArn: "", // set below, once the child exists
    };
    const slot = this.workflow(
      "SimulationSlotWorkflow",
      slotDefinition(resources),
      [agent],
      StateMachineType.STANDARD,
    );
    const parent = this.workflow(
      "SimulationWorkflow",
      simulationDefinition({ ...resources, slotStateMachineArn: slot.stateMachineArn }),
      [initialise, flush, prepare, collect, finalize, fail],
      StateMachineType.STANDARD,
    );
    // RunSlot (startExecution.sync:2): start the child, follow it, and the managed rule that reports back
    parent.addToRolePolicy(
      new PolicyStatement({ actions: ["states:StartExecution"], resources: [slot.stateMachineArn] }),
    );
    parent.addToRolePolicy(
      new PolicyStatement({
        actions: ["states:DescribeExecution", "states:StopExecution"],
        resources: [
          Stack.of(this).formatArn({
            service: "states",
            resource: "execution",
            resourceName: `${slot.stateMachineName}:*`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ],
      }),
    );
    parent.addToRolePolicy(
      new PolicyStatement({
        actions: ["events:PutTargets", "events:PutRule", "events:DescribeRule"],
        resources: [
          Stack.of(this).formatArn({
            service: "events",
            resource: "rule",
            resourceName: "StepFunctionsGetEventsForStepFunctionsExecutionRule",
          }),
        ],
      }),
    );
    acknowledgeNag(parent, {
      rule: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:states:${this.shown(this.region, "<AWS::Region>")}:${this.shown(this.account, "<AWS::AccountId>")}:execution:<${this.getLogicalId(slot.node.defaultChild as CfnElement)}.Name>:*]`,
      reason:
        "DescribeExecution/StopExecution of the slot executions this parent starts; execution names are generated per run.",
    });

    apiFn.addEnvironment("SIMULATION_STATE_MACHINE_ARN", parent.stateMachineArn);
    apiFn.addEnvironment("SIM_TABLE", table.tableName);
    parent.grantStartExecution(apiFn);
    table.grantReadData(apiFn);
    for (const path of ["/v1/simulations"]) addRoute(path, HttpMethod.POST);
    addRoute("/v1/simulations/{id}/resume", HttpMethod.POST);
    for (const path of [
      "/v1/simulations/{id}",
      "/v1/simulations/{id}/report",
      "/v1/simulations/{id}/report.html",
      "/v1/stores/{id}/ratings",
    ])
      addRoute(path, HttpMethod.GET);
    new CfnOutput(this, "SimulationWorkflowArn", { value: parent.stateMachineArn });
  }

  /** How cdk-nag prints a stack attribute in a finding: the value, or its pseudo-parameter. */
  private shown(value: string, pseudo: string): string {
    return Token.isUnresolved(value) ? pseudo : value;
  }

  /** An Express workflow with full logging and tracing, allowed to invoke exactly its steps' functions. */
  private expressWorkflow(id: string, definition: object, steps: DongneFunction[]): StateMachine {
    return this.workflow(id, definition, steps, StateMachineType.EXPRESS);
  }

  private workflow(
    id: string,
    definition: object,
    steps: DongneFunction[],
    type: StateMachineType,
  ): StateMachine {
    const logs = new LogGroup(this, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const machine = new StateMachine(this, id, {
      stateMachineType: type,
      definitionBody: DefinitionBody.fromString(JSON.stringify(definition)),
      timeout: type === StateMachineType.EXPRESS ? Duration.minutes(4) : Duration.days(2),
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
