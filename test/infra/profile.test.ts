// The two profiles (infra/profile.ts): dev is today's single small node; production spreads two data
// nodes over two zones on gp3, protects the simulation table once the stack exists, reserves
// concurrency within the account's quota (read at deploy, checked at synth when given) and requires an
// alarm subscriber. Both alarm per function, per
// machine and on the cluster's health, and pass cdk-nag.
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { describe, expect, it } from "vitest";
import {
  checkReservations,
  DEFAULT_RESERVATIONS,
  parseReservations,
  ProfileError,
  resolveProfile,
} from "../../infra/profile.ts";
import { DongneStack } from "../../infra/stack.ts";
import { DEFAULT_EMBED_RATE, largestDemoCorpus } from "../../infra/constructs/restaurant-qa.ts";
import { generateDemoCorpus } from "../../shared/demo/corpus.ts";
import { embeddedPlaces } from "../../shared/providers/exec-deps.ts";
import { ALL_STEPS, MACHINES } from "../../shared/runtime/machines.ts";

const env = { account: "123456789012", region: "ap-northeast-2" };
const contextOf =
  (values: Record<string, string>) =>
  (key: string): unknown =>
    values[key];

function synth(values: Record<string, string>, alarmEmail?: string) {
  const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
  const stack = new DongneStack(app, "Dongne", {
    env,
    alarmEmail,
    profile: resolveProfile(contextOf(values)),
  });
  return { app, template: Template.fromStack(stack) };
}

const production = { profile: "production", accountConcurrency: "1000" };

describe("profiles", () => {
  const dev = synth({});
  const prod = synth(production, "ops@example.com");
  const domainOf = (t: Template) =>
    Object.values(t.findResources("AWS::OpenSearchService::Domain"))[0]!.Properties;

  it("dev is one t3.small.search node on gp3, without zone awareness, reservations or deletion protection", () => {
    expect(domainOf(dev.template).ClusterConfig).toMatchObject({
      InstanceCount: 1,
      InstanceType: "t3.small.search",
      ZoneAwarenessEnabled: false,
    });
    expect(domainOf(dev.template).EBSOptions).toMatchObject({ VolumeSize: 10, VolumeType: "gp3" });
    for (const f of Object.values(dev.template.findResources("AWS::Lambda::Function")))
      expect(f.Properties.ReservedConcurrentExecutions).toBeUndefined();
    for (const t of Object.values(dev.template.findResources("AWS::DynamoDB::Table")))
      expect(t.Properties.DeletionProtectionEnabled).toBeUndefined();
  });

  it("production is two current general-purpose nodes in two zones on gp3, the domain retained", () => {
    const domain = Object.values(prod.template.findResources("AWS::OpenSearchService::Domain"))[0]!;
    expect(domain.Properties.ClusterConfig).toMatchObject({
      InstanceCount: 2,
      InstanceType: "m7g.large.search",
      ZoneAwarenessEnabled: true,
      ZoneAwarenessConfig: { AvailabilityZoneCount: 2 },
    });
    expect(domain.Properties.EBSOptions).toMatchObject({ VolumeSize: 20, VolumeType: "gp3" });
    // kept by a deleted stack, deleted by a failed create (no domain billing after a failed first deploy)
    expect(domain.DeletionPolicy).toBe("RetainExceptOnCreate");
  });

  it("production protects the simulation table only after everything else exists; nothing a failed create deletes is protected", () => {
    for (const type of ["AWS::DynamoDB::Table", "AWS::Logs::LogGroup"])
      for (const r of Object.values(prod.template.findResources(type)))
        expect(r.Properties.DeletionProtectionEnabled).toBeUndefined();
    const [protect] = Object.entries(prod.template.findResources("Custom::AWS"));
    expect(protect).toBeDefined();
    const [id, resource] = protect!;
    expect(JSON.stringify(resource.Properties.Create)).toMatch(
      /updateTable.*DeletionProtectionEnabled\\":true/,
    );
    expect(JSON.stringify(resource.Properties.Create)).toContain("SimulationTable");
    const all = Object.keys(prod.template.toJSON().Resources as object);
    // it waits for every resource but itself and the function that runs it (which it names)
    expect(new Set(resource.DependsOn).size).toBeGreaterThanOrEqual(all.length - 3);
    expect(dev.template.findResources("Custom::AWS")).toEqual({});
    // the same keep-policies in both profiles, none plain Retain: a failed create deletes everything it made
    const kept = (t: Template) =>
      Object.entries(t.toJSON().Resources as Record<string, { DeletionPolicy?: string }>)
        .filter(([, r]) => r.DeletionPolicy?.startsWith("Retain"))
        .map(([rid, r]) => `${rid} ${r.DeletionPolicy}`)
        .sort();
    expect(kept(prod.template).filter((k) => k.endsWith(" Retain"))).toEqual([]);
    // the ingest bucket is kept in production; in dev the deploy writes the demo corpus into it, so it
    // goes with the stack, emptied first
    expect(kept(prod.template).filter((k) => !k.startsWith("RestaurantQaIngestBucket"))).toEqual(
      kept(dev.template),
    );
    expect(id).toMatch(/^ProtectSimulationTable/);
    prod.template.hasResourceProperties("AWS::S3::Bucket", {
      LifecycleConfiguration: { Rules: [{ Prefix: "jobs/", ExpirationInDays: 30, Status: "Enabled" }] },
    });
  });

  it("production reserves concurrency for the API, the authorizer and the agent turn only", () => {
    const reserved = Object.entries(prod.template.findResources("AWS::Lambda::Function"))
      .filter(([, f]) => f.Properties.ReservedConcurrentExecutions !== undefined)
      .map(([id, f]) => [id.replace(/[0-9A-F]{8}$/, ""), f.Properties.ReservedConcurrentExecutions]);
    expect(Object.fromEntries(reserved)).toEqual({
      ApiFunction: DEFAULT_RESERVATIONS.api,
      ApiAuthorizerFunction: DEFAULT_RESERVATIONS.authorizer,
      StepsAgentTurnFunction: DEFAULT_RESERVATIONS.agentTurn,
    });
  });

  it("PrepareSlot keeps a slot's batches in flight within the agent function's reservation, whatever it is", () => {
    const functions = (t: Template) => Object.entries(t.findResources("AWS::Lambda::Function"));
    const settings = (t: Template) => {
      const fns = functions(t);
      const prepare = fns.find(([id]) => id.startsWith("StepsPrepareSlotFunction"))![1];
      const agent = fns.find(([id]) => id.startsWith("StepsAgentTurnFunction"))![1];
      return [
        prepare.Properties.Environment.Variables.SIM_AGENT_CONCURRENCY,
        agent.Properties.ReservedConcurrentExecutions,
      ];
    };
    expect(settings(prod.template)).toEqual([
      String(DEFAULT_RESERVATIONS.agentTurn),
      DEFAULT_RESERVATIONS.agentTurn,
    ]);
    const smaller = synth({ ...production, reservedConcurrency: "agentTurn=40" }, "ops@example.com");
    expect(settings(smaller.template)).toEqual(["40", 40]);
    // dev reserves nothing: the production default still bounds the batches in flight
    expect(settings(dev.template)).toEqual([String(DEFAULT_RESERVATIONS.agentTurn), undefined]);
  });

  it("production refuses to synthesize without an alarm subscriber, or with a domain OpenSearch would refuse", () => {
    expect(() => synth(production)).toThrow(/alarmEmail/);
    expect(() => resolveProfile(contextOf({ profile: "staging" }))).toThrow(ProfileError);
    expect(() => resolveProfile(contextOf({ ...production, opensearchDataNodes: "1" }))).toThrow(
      /two data nodes/,
    );
    // two zones: an even number of data nodes
    expect(() => resolveProfile(contextOf({ ...production, opensearchDataNodes: "3" }))).toThrow(
      /even number/,
    );
    expect(resolveProfile(contextOf({ ...production, opensearchDataNodes: "4" })).opensearch.dataNodes).toBe(
      4,
    );
    // a bounded volume per node
    for (const gb of ["5", "513", "100000"])
      expect(() => resolveProfile(contextOf({ ...production, opensearchVolumeGb: gb })), gb).toThrow(
        /opensearchVolumeGb/,
      );
    expect(() =>
      resolveProfile(
        contextOf({ ...production, opensearchInstanceType: "t3.medium.search", opensearchVolumeGb: "200" }),
      ),
    ).toThrow(/10–100 GB/);
    expect(resolveProfile(contextOf({ ...production, opensearchVolumeGb: "512" })).opensearch.volumeGb).toBe(
      512,
    );
  });

  it("production reads the account's concurrency at deploy, before the domain and every reservation", () => {
    // without -c accountConcurrency the profile resolves: the deploy reads the account's figure
    expect(resolveProfile(contextOf({ profile: "production" })).reservations).toEqual(DEFAULT_RESERVATIONS);
    const checks = Object.entries(prod.template.findResources("Custom::AccountConcurrency"));
    expect(checks).toHaveLength(1);
    const [checkId, check] = checks[0]!;
    const total = DEFAULT_RESERVATIONS.api + DEFAULT_RESERVATIONS.authorizer + DEFAULT_RESERVATIONS.agentTurn;
    expect(check.Properties.Reserved).toBe(String(total));
    const resources = prod.template.toJSON().Resources as Record<
      string,
      { Type: string; DependsOn?: string[]; Properties: Record<string, unknown> }
    >;
    const waiting = Object.entries(resources).filter(([, r]) => r.DependsOn?.includes(checkId));
    expect(waiting.some(([, r]) => r.Type === "AWS::OpenSearchService::Domain")).toBe(true);
    for (const [, r] of Object.entries(resources))
      if (r.Type === "AWS::Lambda::Function" && r.Properties.ReservedConcurrentExecutions !== undefined)
        expect(r.DependsOn).toContain(checkId);
    expect(dev.template.findResources("Custom::AccountConcurrency")).toEqual({});
  });

  it("keeps reservations at least 100 below the account's quota (a new account's may be 10)", () => {
    const total = DEFAULT_RESERVATIONS.api + DEFAULT_RESERVATIONS.authorizer + DEFAULT_RESERVATIONS.agentTurn;
    expect(() => checkReservations(DEFAULT_RESERVATIONS, total + 100)).not.toThrow();
    expect(() => checkReservations(DEFAULT_RESERVATIONS, total + 99)).toThrow(/fewer than 100/);
    expect(() => resolveProfile(contextOf({ profile: "production", accountConcurrency: "10" }))).toThrow(
      /quota of 10/,
    );
    // a smaller reservation fits a smaller account
    const small = resolveProfile(
      contextOf({
        profile: "production",
        accountConcurrency: "150",
        reservedConcurrency: "api=20,authorizer=5,agentTurn=25",
      }),
    );
    expect(small.reservations).toEqual({ api: 20, authorizer: 5, agentTurn: 25 });
    expect(parseReservations("agentTurn=60")).toEqual({ ...DEFAULT_RESERVATIONS, agentTurn: 60 });
    expect(() => parseReservations("worker=3")).toThrow(/unknown function/);
    expect(() => parseReservations("api=-1")).toThrow(/whole number/);
  });

  it("paces only the ingest embedder, at the configured rate over the ingest job's four lanes", () => {
    const paced = Object.entries(dev.template.findResources("AWS::Lambda::Function"))
      .filter(([, f]) => f.Properties.Environment?.Variables?.BEDROCK_EMBED_RATE !== undefined)
      .map(([id, f]) => [
        id.replace(/[0-9A-F]{8}$/, ""),
        f.Properties.Environment.Variables.BEDROCK_EMBED_RATE,
      ]);
    expect(paced).toEqual([["StepsEmbedIngestFunction", "2.5"]]);
  });

  it("replicas fit the node count (a green cluster): none on one node, one on two", () => {
    expect(resolveProfile(contextOf({})).opensearch.replicas).toBe(0);
    expect(resolveProfile(contextOf(production)).opensearch.replicas).toBe(1);
    expect(resolveProfile(contextOf({ ...production, opensearchDataNodes: "4" })).opensearch.replicas).toBe(
      1,
    );
  });
});

describe("the dev demo corpus inside the custom resource's hour", () => {
  it("fits the waiter's 35 minutes at the default embedding rate, and the bound moves with the rate", () => {
    const corpus = generateDemoCorpus(embeddedPlaces("/nonexistent-dongne-data").places).records.length;
    // 35 min / (25 docs at 10/4 a second + 5 s) = 140 rounds of 4 lanes × 25 documents
    expect(largestDemoCorpus(DEFAULT_EMBED_RATE)).toBe(14_000);
    expect(corpus).toBeLessThanOrEqual(largestDemoCorpus(DEFAULT_EMBED_RATE));
    // half the rate no longer fits it: docs/deploy.md says how far -c embedRate may go down
    expect(largestDemoCorpus(5)).toBeLessThan(corpus);
    expect(largestDemoCorpus(20)).toBe(21_000);
  });
});

describe("alarms", () => {
  const { template } = synth(production, "ops@example.com");
  const alarms = Object.values(template.findResources("AWS::CloudWatch::Alarm"));
  const withMetric = (namespace: string, metric: string) =>
    alarms.filter((a) => a.Properties.Namespace === namespace && a.Properties.MetricName === metric);

  it("alarm on each function's errors and throttles, by its FunctionName dimension", () => {
    const functions = ALL_STEPS.length + 2;
    for (const metric of ["Errors", "Throttles"]) {
      const found = withMetric("AWS/Lambda", metric);
      expect(found).toHaveLength(functions);
      for (const a of found)
        expect(a.Properties.Dimensions).toEqual([{ Name: "FunctionName", Value: expect.anything() }]);
    }
  });

  it("alarm on each state machine's failed and timed-out executions", () => {
    const machines = Object.keys(MACHINES).length;
    for (const metric of ["ExecutionsFailed", "ExecutionsTimedOut"]) {
      const found = withMetric("AWS/States", metric);
      expect(found).toHaveLength(machines);
      for (const a of found) expect(a.Properties.Dimensions[0].Name).toBe("StateMachineArn");
    }
  });

  it("alarm on the OpenSearch cluster's red and yellow status, free storage and JVM pressure", () => {
    for (const metric of [
      "ClusterStatus.red",
      "ClusterStatus.yellow",
      "FreeStorageSpace",
      "JVMMemoryPressure",
    ]) {
      const [a] = withMetric("AWS/ES", metric);
      expect(a, metric).toBeDefined();
      expect(a!.Properties.Dimensions.map((d: { Name: string }) => d.Name).sort()).toEqual([
        "ClientId",
        "DomainName",
      ]);
    }
    // 25 % of a production node's 20 GB, in MiB
    expect(withMetric("AWS/ES", "FreeStorageSpace")[0]!.Properties.Threshold).toBe(5120);
  });

  it("notify a subscriber in production, and every alarm notifies the topic", () => {
    template.hasResourceProperties("AWS::SNS::Subscription", {
      Protocol: "email",
      Endpoint: "ops@example.com",
    });
    for (const a of alarms) expect(a.Properties.AlarmActions).toHaveLength(1);
  });
});

describe("cdk-nag", () => {
  it("finds nothing open in the production profile either", () => {
    const { app } = synth(production, "ops@example.com");
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(
      report.violations.map(
        (v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.resourceLogicalId).join(",")}`,
      ),
    ).toEqual([]);
  });
});
