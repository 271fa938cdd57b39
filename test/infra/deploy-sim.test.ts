// The deploy simulation itself (test/infra/deploy-sim/), on small hand-written templates: the order it
// derives, and each rule both firing and staying quiet. No synth: the real templates are walked in
// test/infra/service-rules.test.ts (npm run test:deploy).
import { describe, expect, it } from "vitest";
import { RULES, customResourceWorstSeconds, type Environment } from "./deploy-sim/rules.ts";
import { simulateCreate, simulateEveryFailure, simulateFailedCreate } from "./deploy-sim/simulate.ts";
import { TemplateGraph, references, type CfnResource } from "./deploy-sim/template.ts";

const graphOf = (resources: Record<string, CfnResource>) => new TemplateGraph({ Resources: resources });
const env: Environment = { accountConcurrency: 1000, retryAfterMinutes: 10 };

describe("the template graph", () => {
  it("reads Ref, GetAtt, Sub and DependsOn as waits, and leaves pseudo parameters out", () => {
    expect([
      ...references({
        a: { Ref: "X" },
        b: [{ "Fn::GetAtt": ["Y", "Arn"] }],
        c: { "Fn::Sub": "${Z.Arn}/${AWS::Region}" },
      }),
    ]).toEqual(["X", "Y", "Z", "AWS::Region"]);
    const g = graphOf({
      A: { Type: "T" },
      B: { Type: "T", Properties: { x: { Ref: "A" }, r: { Ref: "AWS::StackName" } } },
      C: { Type: "T", DependsOn: ["B"] },
      D: { Type: "T" },
    });
    expect(g.createWaves()).toEqual([["A", "D"], ["B"], ["C"]]);
    expect([...g.ancestors("C")].sort()).toEqual(["A", "B"]);
    expect([...g.descendants("A")].sort()).toEqual(["B", "C"]);
    expect(g.deleteOrder(new Set(["A", "B", "D"]))).toEqual(["B", "D", "A"]);
  });

  it("refuses a cycle, as CloudFormation does", () => {
    const g = graphOf({ A: { Type: "T", DependsOn: "B" }, B: { Type: "T", DependsOn: "A" } });
    expect(() => g.createWaves()).toThrow(/cycle/);
  });
});

describe("every rule has a source", () => {
  it("names at least one AWS page (or the issue that records the failure) and says what it requires", () => {
    expect(RULES.length).toBeGreaterThanOrEqual(11);
    for (const r of RULES) {
      expect(r.sources.length, r.id).toBeGreaterThan(0);
      for (const s of r.sources)
        expect(s.url, r.id).toMatch(/^https:\/\/(docs\.aws\.amazon\.com|github\.com\/aws)\//);
      expect(r.requires.length, r.id).toBeGreaterThan(20);
    }
  });
});

const route = (key: string): CfnResource => ({
  Type: "AWS::ApiGatewayV2::Route",
  Properties: { ApiId: { Ref: "Api" }, RouteKey: key },
});
const stage = (dependsOn: string[] = []): CfnResource => ({
  Type: "AWS::ApiGatewayV2::Stage",
  DependsOn: dependsOn,
  Properties: { ApiId: { Ref: "Api" }, RouteSettings: { "GET /a": {}, "GET /b": {} } },
});

describe("create rules", () => {
  it("a stage's route settings: only routes it waits for", () => {
    const base = { Api: { Type: "AWS::ApiGatewayV2::Api" }, RA: route("GET /a"), RB: route("GET /b") };
    const early = simulateCreate(graphOf({ ...base, Stage: stage() }), env);
    expect(early.failures).toMatchObject([{ rule: "apigw-stage-route-settings", resource: "Stage" }]);
    expect(early.failures[0]!.message).toMatch(/Unable to find Route by key/);
    expect(simulateCreate(graphOf({ ...base, Stage: stage(["RA"]) }), env).failures[0]!.message).toMatch(
      /1 of 2/,
    );
    expect(simulateCreate(graphOf({ ...base, Stage: stage(["RA", "RB"]) }), env).failures).toEqual([]);
  });

  it("reserved concurrency: within the account's quota less Lambda's 100; what waits for a failure is never tried", () => {
    const g = graphOf({
      F: { Type: "AWS::Lambda::Function", Properties: { ReservedConcurrentExecutions: 50 } },
      After: {
        Type: "AWS::Lambda::Function",
        Properties: { Role: { Ref: "F" }, ReservedConcurrentExecutions: 20 },
      },
    });
    expect(simulateCreate(g, env).failures).toEqual([]);
    const small = simulateCreate(g, { ...env, accountConcurrency: 10 });
    expect(small.failures.map((f) => f.resource)).toEqual(["F"]);
    expect([...small.blocked]).toEqual(["After"]);
  });

  it("a custom resource behind CDK's provider framework: onEvent plus the whole waiter within the hour", () => {
    const provider = (attempts: number, interval: number): Record<string, CfnResource> => ({
      OnEvent: { Type: "AWS::Lambda::Function", Properties: { Timeout: 840 } },
      IsComplete: { Type: "AWS::Lambda::Function", Properties: { Timeout: 10 } },
      Waiter: {
        Type: "AWS::StepFunctions::StateMachine",
        Properties: {
          DefinitionString: `{"Retry":[{"ErrorEquals":["States.ALL"],"IntervalSeconds":${interval},"MaxAttempts":${attempts},"BackoffRate":1}]}`,
        },
      },
      Framework: {
        Type: "AWS::Lambda::Function",
        Properties: {
          Timeout: 900,
          Environment: {
            Variables: {
              USER_ON_EVENT_FUNCTION_ARN: { "Fn::GetAtt": ["OnEvent", "Arn"] },
              USER_IS_COMPLETE_FUNCTION_ARN: { "Fn::GetAtt": ["IsComplete", "Arn"] },
              WAITER_STATE_MACHINE_ARN: { Ref: "Waiter" },
            },
          },
        },
      },
      Index: { Type: "Custom::Index", Properties: { ServiceToken: { "Fn::GetAtt": ["Framework", "Arn"] } } },
    });
    const long = graphOf(provider(120, 30));
    expect(customResourceWorstSeconds("Index", long)).toBe(840 + 3600 + 121 * 10);
    expect(simulateCreate(long, env).failures).toMatchObject([{ rule: "custom-resource-time-limit" }]);
    expect(simulateCreate(graphOf(provider(35, 60)), env).failures).toEqual([]);
  });

  it("two zones need an even node count; Step Functions logs go under /aws/vendedlogs/", () => {
    const domain = (n: number): CfnResource => ({
      Type: "AWS::OpenSearchService::Domain",
      Properties: {
        ClusterConfig: {
          ZoneAwarenessEnabled: true,
          ZoneAwarenessConfig: { AvailabilityZoneCount: 2 },
          InstanceCount: n,
        },
      },
    });
    expect(simulateCreate(graphOf({ D: domain(3) }), env).failures).toMatchObject([
      { rule: "opensearch-two-zones-even-nodes" },
    ]);
    expect(simulateCreate(graphOf({ D: domain(4) }), env).failures).toEqual([]);
    const machine = (name?: string): Record<string, CfnResource> => ({
      Logs: { Type: "AWS::Logs::LogGroup", Properties: name ? { LogGroupName: name } : {} },
      M: {
        Type: "AWS::StepFunctions::StateMachine",
        Properties: {
          LoggingConfiguration: {
            Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: { "Fn::GetAtt": ["Logs", "Arn"] } } }],
          },
        },
      },
    });
    expect(simulateCreate(graphOf(machine()), env).failures).toMatchObject([
      { rule: "stepfunctions-vendedlogs" },
    ]);
    expect(simulateCreate(graphOf(machine("/aws/vendedlogs/states/x")), env).failures).toEqual([]);
  });
});

describe("a failed create, its rollback and the retry", () => {
  it("a protected table or log group the rollback must delete: ROLLBACK_FAILED", () => {
    const g = graphOf({
      Table: { Type: "AWS::DynamoDB::Table", Properties: { DeletionProtectionEnabled: true } },
      Logs: { Type: "AWS::Logs::LogGroup", Properties: { DeletionProtectionEnabled: true } },
      Later: { Type: "AWS::SNS::Topic", DependsOn: ["Table", "Logs"] },
    });
    const out = simulateFailedCreate(g, "Later", env);
    expect(out.stuck.map((s) => s.rule).sort()).toEqual([
      "dynamodb-deletion-protection",
      "logs-deletion-protection",
    ]);
    // protection switched on by a call that waits for everything: never made when anything else fails
    const after = graphOf({
      Table: { Type: "AWS::DynamoDB::Table", DeletionPolicy: "RetainExceptOnCreate" },
      Later: { Type: "AWS::SNS::Topic" },
      Protect: {
        Type: "Custom::AWS",
        DependsOn: ["Table", "Later"],
        Properties: {
          Create: {
            "Fn::Join": ["", ['{"TableName":"', { Ref: "Table" }, '","DeletionProtectionEnabled":true}']],
          },
        },
      },
    });
    expect(simulateEveryFailure(after, env).rollbackFailed).toEqual([]);
    const early = graphOf({
      ...after.template.Resources,
      Protect: { ...after.resource("Protect"), DependsOn: ["Table"] },
    });
    expect(simulateFailedCreate(early, "Later", env).stuck).toMatchObject([
      { rule: "dynamodb-deletion-protection" },
    ]);
  });

  it("Retain keeps, RetainExceptOnCreate deletes; a named secret blocks the retry either way", () => {
    const secret = (policy: string, name?: string): CfnResource => ({
      Type: "AWS::SecretsManager::Secret",
      DeletionPolicy: policy,
      Properties: name ? { Name: name } : {},
    });
    const fails = { Type: "AWS::SNS::Topic", DependsOn: ["S"] };
    const kept = simulateFailedCreate(graphOf({ S: secret("Retain", "stack/keys"), F: fails }), "F", env);
    expect(kept.kept).toEqual(["S"]);
    expect(kept.retryFailures).toMatchObject([{ rule: "name-still-taken", resource: "S" }]);
    const deleted = simulateFailedCreate(
      graphOf({ S: secret("RetainExceptOnCreate", "stack/keys"), F: fails }),
      "F",
      env,
    );
    expect(deleted.kept).toEqual([]);
    expect(deleted.retryFailures[0]!.message).toMatch(/recovery window/);
    const unnamed = simulateFailedCreate(graphOf({ S: secret("RetainExceptOnCreate"), F: fails }), "F", env);
    expect(unnamed).toMatchObject({ kept: [], stuck: [], retryFailures: [], deleted: ["S"] });
  });

  it("a bucket a custom resource wrote to: the rollback cannot delete it unless an emptier made before the writer deletes first", () => {
    const writer = (emptierFirst: boolean): Record<string, CfnResource> => ({
      Bucket: { Type: "AWS::S3::Bucket" },
      Role: { Type: "AWS::IAM::Role" },
      Policy: {
        Type: "AWS::IAM::Policy",
        Properties: {
          Roles: [{ Ref: "Role" }],
          PolicyDocument: {
            Statement: [
              {
                Effect: "Allow",
                Action: ["s3:PutObject"],
                Resource: { "Fn::Join": ["", [{ "Fn::GetAtt": ["Bucket", "Arn"] }, "/*"]] },
              },
            ],
          },
        },
      },
      Fn: {
        Type: "AWS::Lambda::Function",
        DependsOn: ["Policy"],
        Properties: { Role: { "Fn::GetAtt": ["Role", "Arn"] } },
      },
      Emptier: { Type: "Custom::S3AutoDeleteObjects", Properties: { BucketName: { Ref: "Bucket" } } },
      Writer: {
        Type: "Custom::Thing",
        DependsOn: emptierFirst ? ["Emptier"] : [],
        Properties: { ServiceToken: { "Fn::GetAtt": ["Fn", "Arn"] } },
      },
      Later: { Type: "AWS::SNS::Topic", DependsOn: ["Writer"] },
    });
    expect(simulateFailedCreate(graphOf(writer(false)), "Emptier", env).stuck).toMatchObject([
      { rule: "s3-bucket-empty", resource: "Bucket" },
    ]);
    expect(simulateEveryFailure(graphOf(writer(true)), env).rollbackFailed).toEqual([]);
  });
});
