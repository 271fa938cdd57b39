// Faults that live between CloudFormation and a service, which no local run can see: each test encodes
// the service's documented rule, with its source, and fails on the template that broke it (issue 22).
// Then the deploy simulation (test/infra/deploy-sim/): each profile's template created in
// CloudFormation's order with every service rule checked at each resource, a create failed at every
// resource in turn with its rollback and a retry, and the account's quota read before the domain.
//
// Cost: synthesizes both profiles once without bundling (~25 s on two cores, more when they are shared),
// then cfn-lint over both templates where it is installed (~30–120 s); each walk takes a few seconds.
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveProfile } from "../../infra/profile.ts";
import { DongneStack } from "../../infra/stack.ts";
import {
  DEFAULT_ENVIRONMENT,
  customResourceWorstSeconds,
  CUSTOM_RESOURCE_LIMIT_S,
} from "./deploy-sim/rules.ts";
import {
  createViolations,
  simulateCreate,
  simulateEveryFailure,
  type RollbackOutcome,
} from "./deploy-sim/simulate.ts";
import { TemplateGraph, type CfnTemplate } from "./deploy-sim/template.ts";
import { MACHINES } from "../../shared/runtime/machines.ts";
import { SYNC_MACHINE_TIMEOUT_SECONDS, synchronous } from "../../shared/workflows/asl.ts";
import { DEFAULT_API_BUDGET_MS } from "../../shared/platform/config-schema.ts";
import { SYNC_GRACE_MS } from "../../shared/workflows/port.ts";

/**
 * The $context variables an HTTP API (API Gateway v2) accepts in its access-log format, from "Customize
 * HTTP API access logs", https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-logging-variables.html
 * (read 2026-11). `{property}` stands for any name (the authorizer's context map, a JWT claim). REST API
 * variables such as $context.resourcePath, $context.resourceId or $context.authorize.* are not on it: an
 * HTTP API stage whose format names one fails to update ("Invalid variable").
 */
export const HTTP_API_ACCESS_LOG_VARIABLES = [
  "accountId",
  "apiId",
  "authorizer.claims.{property}",
  "authorizer.error",
  "authorizer.{property}",
  "awsEndpointRequestId",
  "awsEndpointRequestId2",
  "customDomain.basePathMatched",
  "dataProcessed",
  "domainName",
  "domainPrefix",
  "error.message",
  "error.messageString",
  "error.responseType",
  "extendedRequestId",
  "httpMethod",
  "identity.accountId",
  "identity.caller",
  "identity.cognitoAuthenticationProvider",
  "identity.cognitoAuthenticationType",
  "identity.cognitoIdentityId",
  "identity.cognitoIdentityPoolId",
  "identity.principalOrgId",
  "identity.clientCert.clientCertPem",
  "identity.clientCert.subjectDN",
  "identity.clientCert.issuerDN",
  "identity.clientCert.serialNumber",
  "identity.clientCert.validity.notBefore",
  "identity.clientCert.validity.notAfter",
  "identity.sourceIp",
  "identity.user",
  "identity.userAgent",
  "identity.userArn",
  "integration.error",
  "integration.integrationStatus",
  "integration.latency",
  "integration.requestId",
  "integration.status",
  "integrationErrorMessage",
  "integrationLatency",
  "integrationStatus",
  "path",
  "protocol",
  "requestId",
  "requestTime",
  "requestTimeEpoch",
  "responseLatency",
  "responseLength",
  "routeKey",
  "stage",
  "status",
] as const;

/** Whether `variable` (without "$context.") is one the HTTP API documents. */
export function isDocumentedHttpApiVariable(variable: string): boolean {
  return HTTP_API_ACCESS_LOG_VARIABLES.some((documented) => {
    if (!documented.includes("{property}")) return documented === variable;
    const prefix = documented.replace("{property}", "");
    const rest = variable.slice(prefix.length);
    // a property of the authorizer's context map is one name, never one of the REST-only sub-fields
    return (
      variable.startsWith(prefix) &&
      /^[A-Za-z0-9_]+$/.test(rest) &&
      !(prefix === "authorizer." && ["principalId", "latency", "integrationLatency"].includes(rest))
    );
  });
}

export const contextVariables = (format: string): string[] =>
  [...format.matchAll(/\$context\.([A-Za-z0-9_.]+)/g)].map((m) => m[1]!.replace(/\.$/, ""));

/** Each profile's template as `cdk deploy` would send it (production: the README's example context). */
const PROFILE_CONTEXT = {
  dev: {},
  production: { profile: "production", accountConcurrency: "1000" },
} as const;
type ProfileName = keyof typeof PROFILE_CONTEXT;

function synthesize(name: ProfileName): CfnTemplate {
  const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
  const context = PROFILE_CONTEXT[name] as Record<string, string>;
  const stack = new DongneStack(app, "Dongne", {
    env: { account: "123456789012", region: "ap-northeast-2" },
    alarmEmail: "ops@example.com",
    profile: resolveProfile((key) => context[key]),
  });
  return Template.fromStack(stack).toJSON() as CfnTemplate;
}

const templates = {} as Record<ProfileName, CfnTemplate>;
let template: Template;
beforeAll(() => {
  templates.dev = synthesize("dev");
  templates.production = synthesize("production");
  template = Template.fromJSON(templates.dev);
}, 240_000);

describe("the HTTP API's access-log format", () => {
  it("tells documented variables from REST-only ones (the check itself)", () => {
    expect(isDocumentedHttpApiVariable("routeKey")).toBe(true);
    expect(isDocumentedHttpApiVariable("authorizer.callerId")).toBe(true);
    expect(isDocumentedHttpApiVariable("identity.sourceIp")).toBe(true);
    // what AccessLogFormat.jsonWithStandardFields() writes for a REST API
    expect(isDocumentedHttpApiVariable("resourcePath")).toBe(false);
    expect(isDocumentedHttpApiVariable("authorizer.principalId")).toBe(false);
    expect(isDocumentedHttpApiVariable("authorize.latency")).toBe(false);
    expect(contextVariables('{"a":"$context.requestId","b":"$context.identity.sourceIp"}')).toEqual([
      "requestId",
      "identity.sourceIp",
    ]);
  });

  it("names only variables an HTTP API documents, and carries the request id", () => {
    const [stage] = Object.values(template.findResources("AWS::ApiGatewayV2::Stage"));
    const format = stage!.Properties.AccessLogSettings.Format as string;
    const variables = contextVariables(format);
    expect(variables.length).toBeGreaterThan(5);
    expect(variables.filter((v) => !isDocumentedHttpApiVariable(v))).toEqual([]);
    // API Gateway requires $context.requestId or $context.extendedRequestId in a custom format
    expect(variables).toContain("requestId");
    expect(() => JSON.parse(format)).not.toThrow();
  });
});

describe("the OpenSearch domain and its logs' resource policy", () => {
  // CreateDomain refuses log publishing to a group whose resource policy does not yet let
  // es.amazonaws.com write ("The Resource Access Policy specified for the CloudWatch Logs log group …
  // does not grant sufficient permissions"): https://docs.aws.amazon.com/opensearch-service/latest/developerguide/createdomain-configure-slow-logs.html
  // With suppressLogsResourcePolicy: true CDK writes no policy and so adds no dependency
  // (aws/aws-cdk#28707); CloudFormation then creates domain and policy in parallel
  // (aws-cloudformation/cloudformation-coverage-roadmap#1769).
  it("creates the domain only after the policy that lets it write its logs", () => {
    const policies = Object.entries(template.findResources("AWS::Logs::ResourcePolicy"));
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0]!;
    const [domain] = Object.values(template.findResources("AWS::OpenSearchService::Domain"));
    expect(domain!.DependsOn).toEqual(expect.arrayContaining([policyId]));
    // and the policy lets es.amazonaws.com write to every group the domain publishes to
    const document = JSON.stringify(policy.Properties.PolicyDocument);
    expect(document).toContain("es.amazonaws.com");
    const groups = Object.values(
      domain!.Properties.LogPublishingOptions as Record<
        string,
        { CloudWatchLogsLogGroupArn: { "Fn::GetAtt": [string, string] } }
      >,
    ).map((o) => o.CloudWatchLogsLogGroupArn["Fn::GetAtt"][0]);
    expect(groups).toHaveLength(3);
    for (const id of groups) expect(document).toContain(id);
  });
});

type State = {
  Type: string;
  TimeoutSeconds?: number;
  Branches?: { States: Record<string, State> }[];
  ItemProcessor?: { States: Record<string, State> };
};
const taskTimeouts = (states: Record<string, State>): number[] =>
  Object.values(states).flatMap((s) => [
    ...(s.Type === "Task" ? [s.TimeoutSeconds ?? Infinity] : []),
    ...(s.Branches ?? []).flatMap((b) => taskTimeouts(b.States)),
    ...(s.ItemProcessor ? taskTimeouts(s.ItemProcessor.States) : []),
  ]);

describe("synchronous machines", () => {
  const express = Object.entries(MACHINES).filter(([, m]) => m.type === "EXPRESS");
  const arn = () => "arn:aws:lambda:ap-northeast-2:123456789012:function:x";

  it("stop at the API's budget plus its grace (an Express execution cannot be stopped)", () => {
    expect(SYNC_MACHINE_TIMEOUT_SECONDS).toBe(Math.ceil((DEFAULT_API_BUDGET_MS + SYNC_GRACE_MS) / 1000));
    expect(SYNC_MACHINE_TIMEOUT_SECONDS).toBeLessThan(29); // API Gateway's own limit
    expect(express.length).toBe(5);
    for (const [name, m] of express) {
      const d = m.definition(arn, arn) as { TimeoutSeconds: number; States: Record<string, State> };
      expect(d.TimeoutSeconds, name).toBe(SYNC_MACHINE_TIMEOUT_SECONDS);
      // no Task may wait past what the budget leaves (Map and Parallel states included)
      const timeouts = taskTimeouts(d.States);
      expect(timeouts.length, name).toBeGreaterThan(0);
      expect(Math.max(...timeouts), name).toBeLessThanOrEqual(SYNC_MACHINE_TIMEOUT_SECONDS);
    }
  });

  it("caps nested Tasks and leaves shorter ones alone (the helper)", () => {
    const d = synchronous(
      {
        TimeoutSeconds: 120,
        States: {
          A: { Type: "Task", TimeoutSeconds: 65 },
          B: { Type: "Task", TimeoutSeconds: 10 },
          P: { Type: "Parallel", Branches: [{ States: { C: { Type: "Task", TimeoutSeconds: 45 } } }] },
          M: { Type: "Map", ItemProcessor: { States: { D: { Type: "Task" } } } },
        },
      },
      27,
    );
    expect(d.TimeoutSeconds).toBe(27);
    expect(taskTimeouts(d.States as Record<string, State>)).toEqual([27, 10, 27, 27]);
  });

  it("are deployed with that timeout, and the API Lambda is given the budget they were cut to", () => {
    const machines = Object.values(template.findResources("AWS::StepFunctions::StateMachine")).filter(
      (m) => m.Properties.StateMachineType === "EXPRESS",
    );
    expect(machines).toHaveLength(5);
    for (const m of machines)
      expect(JSON.stringify(m.Properties.DefinitionString)).toContain(
        `\\"TimeoutSeconds\\":${SYNC_MACHINE_TIMEOUT_SECONDS},`,
      );
    template.hasResourceProperties("AWS::Lambda::Function", {
      Environment: { Variables: { API_BUDGET_MS: String(DEFAULT_API_BUDGET_MS) } },
    });
  });
});

const PROFILES: ProfileName[] = ["dev", "production"];
const graphOf = (name: ProfileName) => new TemplateGraph(templates[name]);
const describeOutcome = (o: RollbackOutcome) =>
  `failing at ${o.failedAt}: ${[
    ...o.stuck.map((s) => `stuck ${s.resource} (${s.rule}: ${s.message})`),
    ...(o.kept.length ? [`kept ${o.kept.join(", ")}`] : []),
    ...o.retryFailures.map((f) => `retry fails at ${f.resource} (${f.message})`),
  ].join("; ")}`;

describe.each(PROFILES)("the deploy simulation, %s profile", (name) => {
  it("creates every resource in CloudFormation's order with each service's preconditions met", () => {
    const create = simulateCreate(graphOf(name));
    expect(create.waves.flat()).toHaveLength(Object.keys(templates[name].Resources).length);
    expect(create.failures.map((f) => `${f.resource} (${f.rule}): ${f.message}`)).toEqual([]);
  });

  it("creates the HTTP API's stage only after every route its RouteSettings name", () => {
    const failures = createViolations(graphOf(name)).filter((f) => f.rule === "apigw-stage-route-settings");
    expect(failures.map((f) => f.message)).toEqual([]);
  });

  it("keeps the index's custom resource (onEvent and the whole waiter) inside CloudFormation's hour", () => {
    const graph = graphOf(name);
    const [index] = graph.ofType("Custom::RestaurantIndex");
    expect(customResourceWorstSeconds(index!, graph)).toBeLessThanOrEqual(CUSTOM_RESOURCE_LIMIT_S);
  });

  it("logs every state machine to a group under /aws/vendedlogs/", () => {
    const failures = createViolations(graphOf(name)).filter((f) => f.rule === "stepfunctions-vendedlogs");
    expect(failures.map((f) => f.resource)).toEqual([]);
  });

  it("rolls back a create that fails at any resource: nothing it must delete is protected or holds objects", () => {
    const summary = simulateEveryFailure(graphOf(name));
    expect(summary.simulated).toBe(Object.keys(templates[name].Resources).length);
    expect(summary.rollbackFailed.slice(0, 3).map(describeOutcome)).toEqual([]);
  });

  it("leaves nothing behind after a failed create (a retained domain, table, bucket or secret bills outside the stack)", () => {
    const summary = simulateEveryFailure(graphOf(name));
    const kept = new Set(summary.leftBehind.flatMap((o) => o.kept));
    expect([...kept].sort()).toEqual([]);
  });

  it("deploys the same template again after any failed create (no fixed name left taken)", () => {
    const summary = simulateEveryFailure(graphOf(name));
    expect(summary.retryFailed.slice(0, 3).map(describeOutcome)).toEqual([]);
  });
});

describe("the account's Lambda concurrency, in production", () => {
  it("is read before the domain is started: with a quota of 10 the create fails at something the domain waits for", () => {
    const graph = graphOf("production");
    const create = simulateCreate(graph, { ...DEFAULT_ENVIRONMENT, accountConcurrency: 10 });
    expect(create.failures.length).toBeGreaterThan(0);
    const [domain] = graph.ofType("AWS::OpenSearchService::Domain");
    const waitedFor = graph.ancestors(domain!);
    expect(create.failures.filter((f) => !waitedFor.has(f.resource)).map((f) => f.resource)).toEqual([]);
    // and every reservation waits for the same check, so none is attempted either
    for (const fn of graph.ofType("AWS::Lambda::Function"))
      if (graph.resource(fn).Properties?.ReservedConcurrentExecutions !== undefined)
        expect(create.blocked.has(fn) || create.failures.some((f) => f.resource === fn), fn).toBe(true);
  });
});

describe("cfn-lint", () => {
  const dir = mkdtempSync(join(tmpdir(), "dongne-lint-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const installed = spawnSync("cfn-lint", ["--version"], { encoding: "utf8" }).status === 0;

  it.skipIf(!installed)(
    "finds no errors in either profile's template (warnings allowed)",
    () => {
      const files = PROFILES.map((name) => {
        const file = join(dir, `${name}.json`);
        writeFileSync(file, JSON.stringify(templates[name]));
        return file;
      });
      const run = spawnSync("cfn-lint", ["--format", "json", ...files], {
        encoding: "utf8",
        timeout: 240_000,
      });
      const findings = JSON.parse(run.stdout || "[]") as {
        Level: string;
        Rule: { Id: string };
        Message: string;
      }[];
      expect(findings.filter((f) => f.Level === "Error").map((f) => `${f.Rule.Id}: ${f.Message}`)).toEqual(
        [],
      );
    },
    300_000,
  );

  it.runIf(!installed)("is skipped: cfn-lint is not installed on this machine (pip install cfn-lint)", () => {
    console.warn("cfn-lint is not installed: the template lint was skipped");
  });
});
