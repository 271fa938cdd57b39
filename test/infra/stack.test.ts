// The CDK stack: resources, routes, least-privilege IAM, and cdk-nag AwsSolutions with no open findings.
import { App, Validations } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { beforeAll, describe, expect, it } from "vitest";
import { DongneStack } from "../../infra/stack.ts";

let app: App;
let stack: DongneStack;
let template: Template;

beforeAll(() => {
  // skip esbuild bundling in unit tests; `npm run synth` bundles for real
  app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
  stack = new DongneStack(app, "Dongne", { env: { account: "123456789012", region: "ap-northeast-2" } });
  template = Template.fromStack(stack);
});

const policyOf = (roleLogicalIdPrefix: string) => {
  const policies = template.findResources("AWS::IAM::Policy");
  const entry = Object.entries(policies).find(([id]) => id.startsWith(roleLogicalIdPrefix));
  expect(entry, `policy for ${roleLogicalIdPrefix}`).toBeDefined();
  return entry![1].Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[];
};
const actions = (statements: { Action: string | string[] }[]) => statements.flatMap((s) => [s.Action].flat());

describe("DongneStack", () => {
  it("has one Lambda per agent step plus the API, on Node 22 arm64 with tracing", () => {
    template.resourceCountIs("AWS::Lambda::Function", 13);
    template.allResourcesProperties("AWS::Lambda::Function", {
      Runtime: "nodejs22.x",
      Architectures: ["arm64"],
      TracingConfig: { Mode: "Active" },
      // metrics as CloudWatch Embedded Metric Format lines (shared/metrics.ts)
      Environment: { Variables: Match.objectLike({ METRICS: "emf" }) },
    });
    for (const description of [
      "Translator agent",
      "MapSearch agent",
      "APIPicker agent",
      "route fan-out",
      "post-processing",
      "HTTP API",
    ]) {
      template.hasResourceProperties("AWS::Lambda::Function", {
        Description: Match.stringLikeRegexp(description),
      });
    }
  });

  it("defines the Express search workflows and the Standard simulation workflows, all logged and traced", () => {
    const machines = Object.values(template.findResources("AWS::StepFunctions::StateMachine"));
    expect(machines.map((m) => m.Properties.StateMachineType).sort()).toEqual([
      "EXPRESS",
      "EXPRESS",
      "STANDARD",
      "STANDARD",
    ]);
    template.allResourcesProperties("AWS::StepFunctions::StateMachine", {
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: Match.objectLike({ Level: "ALL", IncludeExecutionData: true }),
    });
    // the per-agent fan-out is capped per simulation, by what PrepareSlot hands it
    const definitions = Object.values(template.findResources("AWS::StepFunctions::StateMachine")).map((m) =>
      JSON.stringify(m.Properties.DefinitionString),
    );
    expect(
      definitions.filter((d) => d.includes('\\"MaxConcurrencyPath\\":\\"$.agentsInFlight\\"')),
    ).toHaveLength(1);
  });

  it("routes the API's paths to the API Lambda, with access logs and throttling", () => {
    for (const key of [
      "POST /v1/search/plan",
      "POST /v1/search",
      "POST /v1/search/execute",
      "GET /v1/place-photos/{proxy+}",
      "GET /health",
      "GET /openapi.json",
    ]) {
      template.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: key });
    }
    template.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 }),
    });
  });

  it("grants least privilege: the API may only start the two workflows, each workflow invoke only its steps", () => {
    const api = policyOf("ApiFunctionServiceRoleDefaultPolicy");
    expect([...new Set(actions(api).filter((a) => a.startsWith("states:")))].sort()).toEqual([
      "states:StartExecution",
      "states:StartSyncExecution",
    ]);
    const startsAsync = JSON.stringify(
      api.filter((s) => actions([s]).includes("states:StartExecution")).map((s) => s.Resource),
    );
    expect(startsAsync).toContain("SimulationWorkflow");
    expect(startsAsync).not.toContain("SimulationSlotWorkflow");
    expect(
      actions(api)
        .filter((a) => a.startsWith("dynamodb:"))
        .every((a) => !/Put|Update|Delete|Write/.test(a)),
    ).toBe(true);
    const started = JSON.stringify(
      api.filter((s) => actions([s]).includes("states:StartSyncExecution")).map((s) => s.Resource),
    );
    expect(started).toContain("PlaceSearchPlanWorkflow");
    expect(started).toContain("PlaceSearchWorkflow");

    const invokes = (prefix: string) =>
      JSON.stringify(
        policyOf(prefix)
          .filter((s) => actions([s]).includes("lambda:InvokeFunction"))
          .map((s) => s.Resource),
      );
    const plan = invokes("PlaceSearchPlanWorkflowRoleDefaultPolicy");
    expect(plan).toContain("TranslateFunction");
    expect(plan).toContain("PlanFunction");
    expect(plan).not.toContain("ExecuteFunction");
    const search = invokes("PlaceSearchWorkflowRoleDefaultPolicy");
    for (const fn of [
      "TranslateFunction",
      "PlanFunction",
      "ExecuteFunction",
      "SearchPointFunction",
      "PostProcessFunction",
    ])
      expect(search).toContain(fn);
    expect(search).not.toContain("ApiFunction");
  });

  it("keeps simulation state in a DynamoDB table with point-in-time recovery, behind the API's routes", () => {
    template.hasResourceProperties("AWS::DynamoDB::Table", {
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    for (const key of [
      "POST /v1/simulations",
      "GET /v1/simulations/{id}",
      "GET /v1/simulations/{id}/report.html",
      "GET /v1/stores/{id}/ratings",
    ]) {
      template.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: key });
    }
  });

  it("lets only the functions that call providers or the LLM read the keys secret", () => {
    const policies = template.findResources("AWS::IAM::Policy");
    const readsSecret = (fn: string) =>
      Object.entries(policies).some(
        ([id, p]) =>
          id.startsWith(`${fn}ServiceRole`) && JSON.stringify(p).includes("secretsmanager:GetSecretValue"),
      );
    for (const fn of [
      "TranslateFunction",
      "ExecuteFunction",
      "SearchPointFunction",
      "ApiFunction",
      "SimAgentFunction",
    ])
      expect(readsSecret(fn), fn).toBe(true);
    for (const fn of ["PlanFunction", "PostProcessFunction", "SimFlushFunction", "SimCollectFunction"])
      expect(readsSecret(fn), fn).toBe(false);
  });

  it("passes cdk-nag AwsSolutions checks; every acknowledgement carries a reason", () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(
      report.violations.map(
        (v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.resourceLogicalId).join(",")}`,
      ),
    ).toEqual([]);
    const acks = app.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.entries(m.data as Record<string, unknown>));
    expect(acks.length).toBeGreaterThan(0);
    for (const [id, reason] of acks) expect(JSON.stringify(reason).length, id).toBeGreaterThan(30);
  });
});
