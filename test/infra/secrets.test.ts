// The two secrets hold no value in the template and no deploy rewrites them (infra/secrets.ts says what
// CloudFormation behaviour this relies on, with its sources). The upgrade from a stack made by the old
// template is safe because the secrets are new resources: the old ones (SecretString in the template)
// leave the template retained, with ops' values, and nothing in the new template can write to them.
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { PLACEHOLDER_KEY } from "../../infra/secrets.ts";
import { DongneStack, PROVIDER_KEYS } from "../../infra/stack.ts";
import { secretEnv } from "../../shared/runtime/runtime.ts";

/** The logical ids of the secrets as the template before issue 22 made them (with a SecretString). */
const OLD_SECRETS = ["ProviderKeys2563E0B5", "ApiApiKeys4E4316BE"];

type SecretResource = {
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Properties: {
    Name?: string;
    SecretString?: unknown;
    GenerateSecretString?: { SecretStringTemplate: string; GenerateStringKey: string };
  };
};
let secrets: Record<string, SecretResource>;
/** which secret a logical id is (they have no fixed names) */
const nameOf = (id: string) =>
  id.startsWith("ProviderKeys") ? "provider-keys" : id.startsWith("ApiApiKeys") ? "api-keys" : id;
beforeAll(() => {
  const app = new App({ context: { "aws:cdk:bundling-stacks": [] } });
  const stack = new DongneStack(app, "Dongne", {
    env: { account: "123456789012", region: "ap-northeast-2" },
  });
  secrets = Template.fromStack(stack).findResources("AWS::SecretsManager::Secret") as Record<
    string,
    SecretResource
  >;
});

describe("the keys secrets", () => {
  it("carry no value in the template: each key's name, empty, and a generated placeholder", () => {
    expect(Object.keys(secrets)).toHaveLength(2);
    for (const s of Object.values(secrets)) {
      expect(s.Properties.SecretString).toBeUndefined();
      expect(s.Properties.GenerateSecretString!.GenerateStringKey).toBe(PLACEHOLDER_KEY);
    }
    const byName = Object.fromEntries(Object.entries(secrets).map(([id, s]) => [nameOf(id), s.Properties]));
    expect(JSON.parse(byName["provider-keys"]!.GenerateSecretString!.SecretStringTemplate)).toEqual(
      Object.fromEntries(PROVIDER_KEYS.map((k) => [k, ""])),
    );
    expect(JSON.parse(byName["api-keys"]!.GenerateSecretString!.SecretStringTemplate)).toEqual({
      API_KEYS: "",
    });
  });

  it("are pinned: a change to GenerateSecretString would make CloudFormation write a new value over ops' keys", () => {
    // if this fails, do not update the snapshot: add keys by documenting them (an unset key is already
    // "not configured"), or move to new secret names with a one-time copy, as issue 22 did
    expect(
      Object.fromEntries(
        Object.entries(secrets).map(([id, s]) => [nameOf(id), s.Properties.GenerateSecretString]),
      ),
    ).toEqual({
      "provider-keys": {
        SecretStringTemplate:
          '{"ANTHROPIC_API_KEY":"","KAKAO_REST_API_KEY":"","GOOGLE_MAPS_API_KEY":"","NAVER_CLIENT_ID":"","NAVER_CLIENT_SECRET":"","OPENDART_API_KEY":"","TAVILY_API_KEY":""}',
        GenerateStringKey: "_created",
        PasswordLength: 16,
        ExcludePunctuation: true,
      },
      "api-keys": {
        SecretStringTemplate: '{"API_KEYS":""}',
        GenerateStringKey: "_created",
        PasswordLength: 16,
        ExcludePunctuation: true,
      },
    });
  });

  it("are new resources, kept by a deleted stack and deleted by a failed create, under names CloudFormation makes unique", () => {
    for (const id of OLD_SECRETS) expect(secrets[id]).toBeUndefined();
    for (const s of Object.values(secrets)) {
      expect(s.DeletionPolicy).toBe("RetainExceptOnCreate");
      expect(s.UpdateReplacePolicy).toBe("Retain");
      // a fixed name would stay taken after a failed create (Secrets Manager's recovery window)
      expect(s.Properties.Name).toBeUndefined();
    }
  });

  it("as created read as 'not configured' with the usual warning, the placeholder ignored", () => {
    const created = JSON.stringify({
      ...Object.fromEntries(PROVIDER_KEYS.map((k) => [k, ""])),
      [PLACEHOLDER_KEY]: "Xq3Vb7RkP2mLw9Zt",
    });
    const { env, warnings } = secretEnv(created);
    expect(env).toEqual({});
    expect(warnings).toEqual([`the secret leaves ${PROVIDER_KEYS.join(", ")} unset: not configured`]);
    expect(warnings.join(" ")).not.toContain("Xq3Vb7RkP2mLw9Zt");
  });
});
