// The CDK stack: resources derived from the step declarations and the route table, least-privilege IAM,
// the keys secret as JSON, authorization and throttles, alarms, and cdk-nag AwsSolutions with no open
// findings.
import { App, Validations } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../functions/api/routes/index.ts";
import { ALL_STEPS, MACHINES } from "../../shared/runtime/machines.ts";
import { DongneStack } from "../../infra/stack.ts";
import { productVersion } from "../../shared/platform/version.ts";
import { ConfigSchema, STATE_MACHINE_ARN_VARIABLES } from "../../shared/platform/config-schema.ts";

let app: App;
let template: Template;

beforeAll(() => {
  // skip esbuild bundling in unit tests; `npm run synth` bundles for real
  app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
  const stack = new DongneStack(app, "Dongne", {
    env: { account: "123456789012", region: "ap-northeast-2" },
  });
  template = Template.fromStack(stack);
});

type Statement = { Action: string | string[]; Resource: unknown };
const policiesOf = (logicalIdPrefix: string): Statement[] =>
  Object.entries(template.findResources("AWS::IAM::Policy"))
    .filter(([id]) => id.startsWith(logicalIdPrefix))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
const actions = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());
/** A state machine's definition, its references (Lambda ARNs) replaced by a placeholder. */
type Definition = { States: Record<string, Record<string, unknown>> };
const definitionOf = (m: Record<string, unknown>): Definition => {
  const d = (m.Properties as { DefinitionString: string | { "Fn::Join": [string, unknown[]] } })
    .DefinitionString;
  const text =
    typeof d === "string" ? d : d["Fn::Join"][1].map((p) => (typeof p === "string" ? p : "REF")).join("");
  return JSON.parse(text) as Definition;
};
const gatewayKey = (r: (typeof ROUTES)[number]) =>
  `${r.method.toUpperCase()} ${r.path.replace(/\{\w+\+\}/, "{proxy+}")}`;

describe("DongneStack", () => {
  it("has one Lambda per declared step, plus the API and its authorizer, on Node 22 arm64, without X-Ray or source maps", () => {
    // ours: the ones that emit the product's metrics (CDK adds one custom resource for the domain's logs)
    const ours = Object.values(template.findResources("AWS::Lambda::Function")).filter(
      (f) => f.Properties.Environment?.Variables?.METRICS === "on",
    );
    // + the deploy-time index setup and its isComplete
    expect(ours).toHaveLength(ALL_STEPS.length + 4);
    for (const f of ours) {
      expect(f.Properties).toMatchObject({ Runtime: "nodejs22.x", Architectures: ["arm64"] });
      expect(f.Properties.TracingConfig).toBeUndefined();
      // a 10–14 MB map parsed at every cold start: only with -c sourceMaps=on
      expect(f.Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
    }
    for (const spec of ALL_STEPS)
      template.hasResourceProperties("AWS::Lambda::Function", {
        Description: spec.description,
        Timeout: spec.lambda.timeoutSeconds,
      });
  });

  it("sets only variables the config schema reads, and gives the API every state machine's ARN", () => {
    // ours (the provider framework's functions have their own)
    const variables = Object.values(template.findResources("AWS::Lambda::Function"))
      .map((f) => (f.Properties.Environment?.Variables ?? {}) as Record<string, unknown>)
      .filter((v) => v.METRICS === "on");
    const known = new Set(Object.keys(ConfigSchema.shape));
    const set = new Set(variables.flatMap((v) => Object.keys(v)));
    expect(set.size).toBeGreaterThan(15);
    expect([...set].filter((name) => !known.has(name))).toEqual([]);
    const [api] = Object.entries(template.findResources("AWS::Lambda::Function"))
      .filter(([id]) => id.startsWith("ApiFunction"))
      .map(([, f]) => Object.keys(f.Properties.Environment.Variables as object));
    expect(api).toEqual(
      expect.arrayContaining([...Object.values(STATE_MACHINE_ARN_VARIABLES), "SECRETS_ARN"]),
    );
  });

  it("names the product version on every Lambda (simulation provenance) and stops a simulation cleanly at its budget", () => {
    const ours = Object.values(template.findResources("AWS::Lambda::Function")).filter(
      (f) => f.Properties.Environment?.Variables?.METRICS === "on",
    );
    const version = productVersion(process.env.DONGNE_VERSION); // the checkout's, found at synth
    expect(version).toMatch(/^([0-9a-f]{40}(-dirty)?|v[\d.]+)$/);
    for (const f of ours) expect(f.Properties.Environment.Variables.DONGNE_VERSION).toBe(version);
    const [machine] = Object.values(template.findResources("AWS::StepFunctions::StateMachine")).filter((m) =>
      JSON.stringify(m.Properties.DefinitionString).includes("MarkFailed"),
    );
    const states = definitionOf(machine!).States;
    expect(states.BudgetExhausted).toMatchObject({ Type: "Succeed" });
    expect((states.Slots!.Catch as { ErrorEquals: string[]; Next: string }[])[0]).toMatchObject({
      ErrorEquals: ["BudgetExhausted"],
      Next: "BudgetExhausted",
    });
  });

  it("defines every workflow of the registry: untraced, errors logged without data, each with its execution timeout", () => {
    // the product's machines (the provider framework's waiter of the index setup is CDK's)
    const machines = Object.entries(template.findResources("AWS::StepFunctions::StateMachine"))
      .filter(([id]) => !id.includes("IndexProvider"))
      .map(([, m]) => m);
    expect(machines.map((m) => m.Properties.StateMachineType).sort()).toEqual(
      Object.values(MACHINES)
        .map((m) => m.type)
        .sort(),
    );
    for (const m of machines)
      expect(m.Properties).toMatchObject({
        TracingConfiguration: { Enabled: false },
        LoggingConfiguration: { Level: "ERROR", IncludeExecutionData: false },
      });
    for (const m of machines)
      expect(JSON.stringify(m.Properties.DefinitionString)).toMatch(/\\"TimeoutSeconds\\":\d+/);
    const definitions = machines.map((m) => JSON.stringify(m.Properties.DefinitionString));
    expect(
      definitions.filter((d) => d.includes('\\"MaxConcurrencyPath\\":\\"$.batchesInFlight\\"')),
    ).toHaveLength(1);
  });

  it("runs each slot's agents as a Distributed Map of Standard child executions, so a cap of 100 LLM calls is honoured (an Inline Map stops at 40)", () => {
    const slots = Object.entries(template.findResources("AWS::StepFunctions::StateMachine")).filter(
      ([, m]) => "Agents" in definitionOf(m).States,
    );
    expect(slots).toHaveLength(1);
    const [slotId, slot] = slots[0]!;
    const agents = definitionOf(slot).States.Agents!;
    expect(agents).toMatchObject({
      Type: "Map",
      MaxConcurrencyPath: "$.batchesInFlight",
      ToleratedFailurePercentage: 0,
      ItemProcessor: { ProcessorConfig: { Mode: "DISTRIBUTED", ExecutionType: "STANDARD" } },
    });
    expect(agents.MaxConcurrency).toBeUndefined();
    // a failing batch is caught in its own child execution: Collect counts its agents llm_failed
    const inner = (agents.ItemProcessor as Definition).States;
    expect(inner.AgentTurn!.Catch).toEqual([
      { ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: "AgentFailed" },
    ]);
    expect(inner.AgentFailed).toMatchObject({ Type: "Pass", Parameters: { failed: true } });

    // the slot machine's role starts, follows and stops its own children, naming the machine by its
    // fixed name: a Ref to the machine would make a cycle (the machine depends on its role's policy)
    const name = slot.Properties.StateMachineName as string;
    expect(name).toBe("Dongne-SimulationSlot");
    const own = policiesOf("SimulationSlotWorkflowRoleDefaultPolicy");
    const resourcesOf = (action: string) =>
      JSON.stringify(own.filter((s) => actions([s]).includes(action)).map((s) => s.Resource));
    expect(resourcesOf("states:StartExecution")).toContain(
      `:states:ap-northeast-2:123456789012:stateMachine:${name}"`,
    );
    for (const action of ["states:DescribeExecution", "states:StopExecution"])
      expect(resourcesOf(action)).toContain(`:execution:${name}/*`);
    expect(JSON.stringify(own)).not.toContain(slotId);
    expect(slot.DependsOn).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SimulationSlotWorkflowRoleDefaultPolicy/)]),
    );
    // the parent follows the slot execution it starts
    const parent = JSON.stringify(
      policiesOf("SimulationWorkflowRoleDefaultPolicy")
        .filter((s) => actions([s]).includes("states:DescribeExecution"))
        .map((s) => s.Resource),
    );
    expect(parent).toContain(`:execution:${name}:*`);
  });

  it("tells a failed, timed-out or aborted simulation execution to the step that marks its run failed; PrepareSlot keeps batches within the agent function's reservation", () => {
    const rules = Object.values(template.findResources("AWS::Events::Rule"));
    const ended = rules.filter((r) => JSON.stringify(r.Properties.EventPattern).includes("aws.states"));
    expect(ended).toHaveLength(1);
    const rule = ended[0]!.Properties;
    expect(rule.EventPattern).toMatchObject({
      source: ["aws.states"],
      "detail-type": ["Step Functions Execution Status Change"],
      detail: { status: ["FAILED", "TIMED_OUT", "ABORTED"] },
    });
    expect(JSON.stringify(rule.EventPattern.detail.stateMachineArn)).toContain("SimulationWorkflow");
    expect(JSON.stringify(rule.Targets)).toContain("ExecutionEndedFunction");
    const prepare = Object.entries(template.findResources("AWS::Lambda::Function")).find(([id]) =>
      id.startsWith("StepsPrepareSlotFunction"),
    );
    expect(prepare?.[1].Properties.Environment.Variables.SIM_AGENT_CONCURRENCY).toBe("100");
  });

  it("routes every path of the app's route table, behind the API-key authorizer unless public, each with its throttle", () => {
    const routes = Object.values(template.findResources("AWS::ApiGatewayV2::Route"));
    expect(routes).toHaveLength(ROUTES.length);
    for (const r of ROUTES) {
      template.hasResourceProperties("AWS::ApiGatewayV2::Route", {
        RouteKey: gatewayKey(r),
        AuthorizationType: r.access === "public" ? "NONE" : "CUSTOM",
      });
    }
    template.hasResourceProperties("AWS::ApiGatewayV2::Authorizer", {
      AuthorizerType: "REQUEST",
      EnableSimpleResponses: true,
      IdentitySource: ["$request.header.x-api-key"],
    });
    const stage = Object.values(template.findResources("AWS::ApiGatewayV2::Stage"))[0]!;
    expect(stage.Properties.AccessLogSettings.DestinationArn).toBeDefined();
    for (const r of ROUTES)
      expect(stage.Properties.RouteSettings[gatewayKey(r)]).toEqual({
        ThrottlingRateLimit: r.throttle.rate,
        ThrottlingBurstLimit: r.throttle.burst,
      });
  });

  it("grants least privilege: the API starts exactly its workflows; each workflow invokes only its steps", () => {
    const api = policiesOf("ApiFunctionServiceRoleDefaultPolicy");
    expect([...new Set(actions(api).filter((a) => a.startsWith("states:")))].sort()).toEqual([
      "states:DescribeExecution",
      "states:StartExecution",
      "states:StartSyncExecution",
    ]);
    const resourcesOf = (action: string) =>
      JSON.stringify(api.filter((s) => actions([s]).includes(action)).map((s) => s.Resource));
    expect(resourcesOf("states:StartExecution")).toContain("SimulationWorkflow");
    expect(resourcesOf("states:StartExecution")).not.toContain("SlotWorkflow");
    expect(resourcesOf("states:StartSyncExecution")).toContain("PlaceSearchPlanWorkflow");
    expect(resourcesOf("states:StartSyncExecution")).toContain("PlaceSearchSearchWorkflow");

    const invokes = (prefix: string) =>
      JSON.stringify(
        policiesOf(prefix)
          .filter((s) => actions([s]).includes("lambda:InvokeFunction"))
          .map((s) => s.Resource),
      );
    const plan = invokes("PlaceSearchPlanWorkflowRoleDefaultPolicy");
    expect(plan).toContain("StepsTranslateFunction");
    expect(plan).toContain("StepsPlanFunction");
    expect(plan).not.toContain("StepsExecuteFunction");
    const search = invokes("PlaceSearchSearchWorkflowRoleDefaultPolicy");
    for (const fn of ["Translate", "Plan", "Execute", "SearchPoint", "PostProcess"])
      expect(search).toContain(`Steps${fn}Function`);
    expect(search).not.toContain("AgentTurn");
  });

  it("lets only the steps that declare it, and the API, read the keys secret; the authorizer reads only the API keys", () => {
    const readsSecret = (fn: string, which: "ProviderKeys" | "ApiKeys") =>
      policiesOf(fn).some(
        (s) =>
          actions([s]).includes("secretsmanager:GetSecretValue") &&
          JSON.stringify(s.Resource).includes(which),
      );
    for (const spec of ALL_STEPS)
      expect(readsSecret(`Steps${spec.state}FunctionServiceRole`, "ProviderKeys"), spec.state).toBe(
        Boolean(spec.lambda.keys),
      );
    expect(readsSecret("ApiFunctionServiceRole", "ProviderKeys")).toBe(true);
    expect(readsSecret("ApiAuthorizerFunctionServiceRole", "ApiKeys")).toBe(true);
    expect(readsSecret("ApiAuthorizerFunctionServiceRole", "ProviderKeys")).toBe(false);
  });

  it("holds every function that may call the LLM (it reads the keys) to the account-wide limit in one table", () => {
    // the provider keys' readers (the authorizer reads only the API keys, and never calls an LLM)
    const fns = Object.values(template.findResources("AWS::Lambda::Function")).filter((f) =>
      JSON.stringify(f.Properties.Environment?.Variables?.SECRETS_ARN ?? "").includes("ProviderKeys"),
    );
    expect(fns.length).toBeGreaterThan(10);
    const tables = new Set(
      fns.map((f) => JSON.stringify(f.Properties.Environment.Variables.LLM_LEASE_TABLE)),
    );
    expect(tables.size).toBe(1);
    expect([...tables][0]).toContain("LlmTable");
    for (const f of fns) expect(f.Properties.Environment.Variables.LLM_MAX_CONCURRENCY).toBe("50");
  });

  it("keeps simulation state in a DynamoDB table with point-in-time recovery and a TTL", () => {
    template.hasResourceProperties("AWS::DynamoDB::Table", {
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: "expiresAt", Enabled: true },
    });
  });

  it("alarms on LLM spend, API errors and latency, Lambda errors and throttles, provider failures; has a dashboard", () => {
    const alarms = Object.values(template.findResources("AWS::CloudWatch::Alarm"));
    const descriptions = alarms.map((a) => a.Properties.AlarmDescription).join("\n");
    for (const what of [
      /LLM spend passed 50 USD/,
      /server errors/,
      /29 s limit/,
      /Lambda errors/,
      /throttled/,
      /providers failed/,
    ])
      expect(descriptions).toMatch(what);
    for (const a of alarms) expect(a.Properties.AlarmActions).toHaveLength(1);
    template.resourceCountIs("AWS::CloudWatch::Dashboard", 1);
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
