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
    template.resourceCountIs("AWS::Lambda::Function", 3);
    template.allResourcesProperties("AWS::Lambda::Function", {
      Runtime: "nodejs22.x",
      Architectures: ["arm64"],
      TracingConfig: { Mode: "Active" },
    });
    for (const description of ["Translator agent", "MapSearch agent", "HTTP API"]) {
      template.hasResourceProperties("AWS::Lambda::Function", {
        Description: Match.stringLikeRegexp(description),
      });
    }
  });

  it("defines the place-search Express workflow with full logging and tracing", () => {
    template.hasResourceProperties("AWS::StepFunctions::StateMachine", {
      StateMachineType: "EXPRESS",
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: Match.objectLike({ Level: "ALL", IncludeExecutionData: true }),
    });
  });

  it("routes the API's paths to the API Lambda, with access logs and throttling", () => {
    for (const key of ["POST /v1/search/plan", "GET /health", "GET /openapi.json"]) {
      template.hasResourceProperties("AWS::ApiGatewayV2::Route", { RouteKey: key });
    }
    template.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      StageName: "$default",
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 }),
    });
  });

  it("grants least privilege: the API may only start the workflow, the workflow may only invoke its two steps", () => {
    const api = policyOf("ApiFunctionServiceRoleDefaultPolicy");
    expect(actions(api)).toContain("states:StartSyncExecution");
    expect(actions(api).filter((a) => a.startsWith("states:"))).toEqual(["states:StartSyncExecution"]);
    expect(actions(api).some((a) => a.startsWith("secretsmanager:"))).toBe(false);

    const workflow = policyOf("PlaceSearchWorkflowRoleDefaultPolicy");
    const invoke = workflow.filter((s) => actions([s]).includes("lambda:InvokeFunction"));
    const targets = JSON.stringify(invoke.map((s) => s.Resource));
    expect(targets).toContain("TranslateFunction");
    expect(targets).toContain("PlanFunction");
    expect(targets).not.toContain("ApiFunction");
  });

  it("lets only the Translator read the keys secret", () => {
    expect(actions(policyOf("TranslateFunctionServiceRoleDefaultPolicy"))).toEqual(
      expect.arrayContaining(["secretsmanager:GetSecretValue"]),
    );
    expect(
      actions(policyOf("PlanFunctionServiceRoleDefaultPolicy")).some((a) => a.startsWith("secretsmanager:")),
    ).toBe(false);
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
