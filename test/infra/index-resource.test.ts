// The restaurant index is made at deploy by a custom resource (CDK provider framework): its properties
// carry the mapping's fingerprint (a changed mapping is an Update: a new index, a copy, an alias swap)
// and the profile's replicas and demo-corpus choice; its function may manage the index and start the
// ingest job that loads the dev demo corpus, which the framework waits for.
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { resolveProfile } from "../../infra/profile.ts";
import { DongneStack } from "../../infra/stack.ts";
import { definitionHash } from "../../shared/index/versioned.ts";
import { TITAN_V2_MODEL_ID } from "../../shared/restaurant-qa/config.ts";
import {
  RESTAURANT_INDEX_SCHEMA_VERSION,
  restaurantIndexDefinition,
} from "../../shared/restaurant-qa/index-mapping.ts";

const synth = (context: Record<string, string>, alarmEmail?: string) => {
  const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
  const stack = new DongneStack(app, "Dongne", {
    env: { account: "123456789012", region: "ap-northeast-2" },
    alarmEmail,
    profile: resolveProfile((k) => context[k]),
  });
  return Template.fromStack(stack);
};

describe("the restaurant index custom resource", () => {
  const dev = synth({});
  const prod = synth({ profile: "production", accountConcurrency: "1000" }, "ops@example.com");
  const resourceOf = (t: Template) => Object.values(t.findResources("Custom::RestaurantIndex"))[0]!;

  it("carries the deployed mapping's fingerprint, so a changed mapping updates it", () => {
    const expected = definitionHash(restaurantIndexDefinition(512), {
      embedder: `bedrock:${TITAN_V2_MODEL_ID}`,
      dimension: 512,
      schema_version: RESTAURANT_INDEX_SCHEMA_VERSION,
    });
    expect(resourceOf(dev).Properties).toMatchObject({ Alias: "restaurants", DefinitionHash: expected });
  });

  it("dev: no replicas on one node and the demo corpus; production: one replica on two nodes and an empty index", () => {
    expect(resourceOf(dev).Properties).toMatchObject({ Replicas: "0", DemoCorpus: "true" });
    expect(resourceOf(prod).Properties).toMatchObject({ Replicas: "1", DemoCorpus: "false" });
    // every function that reaches the index builds it with the same replicas
    for (const [t, replicas] of [
      [dev, "0"],
      [prod, "1"],
    ] as const)
      for (const f of Object.values(t.findResources("AWS::Lambda::Function"))) {
        const vars = f.Properties.Environment?.Variables ?? {};
        if (vars.OPENSEARCH_DOMAIN) expect(vars.OPENSEARCH_REPLICAS).toBe(replicas);
      }
  });

  it("waits for the demo corpus job (isComplete) for up to an hour", () => {
    const waiter = Object.entries(dev.findResources("AWS::StepFunctions::StateMachine")).find(([id]) =>
      id.includes("IndexProvider"),
    );
    expect(waiter).toBeDefined();
  });

  it("lets the setup manage the index and its alias, write the upload and start only the ingest job", () => {
    const setup = Object.entries(dev.findResources("AWS::Lambda::Function")).find(([id]) =>
      id.startsWith("RestaurantQaIndexSetupFunction"),
    )?.[1];
    const vars = setup!.Properties.Environment.Variables;
    expect(Object.keys(vars)).toEqual(
      expect.arrayContaining([
        "OPENSEARCH_ENDPOINT",
        "QA_INGEST_BUCKET",
        "QA_TABLE",
        "QA_INGEST_JOB_STATE_MACHINE_ARN",
      ]),
    );
    expect(setup!.Properties.Timeout).toBeLessThanOrEqual(15 * 60);
    const policies = Object.entries(dev.findResources("AWS::IAM::Policy"))
      .filter(([id]) => id.startsWith("RestaurantQaIndexSetupFunctionServiceRole"))
      .flatMap(
        ([, p]) =>
          p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
      );
    const actions = policies.flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining(["es:ESHttpPut", "es:ESHttpPost", "states:StartExecution"]),
    );
    const starts = policies.filter((s) => [s.Action].flat().includes("states:StartExecution"));
    expect(JSON.stringify(starts)).toContain("IngestJobWorkflow");
    expect(JSON.stringify(starts)).not.toContain("SimulationWorkflow");
  });
});
