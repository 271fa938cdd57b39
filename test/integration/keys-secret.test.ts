// The keys secret in AWS, against a fake Secrets Manager on loopback through the real SDK: created by
// the stack as JSON with empty fields (not configured: the offline engines, no error), a malformed one
// counts as empty with a warning instead of failing every call, and a corrected key takes effect in a
// warm process after the TTL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runtimeLoader } from "../../shared/runtime.ts";
import { startFake, type FakeServer } from "../helpers/fake-http.ts";

let fake: FakeServer;
let secret = "";
let reads = 0;
const ARN = "arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:ProviderKeys-abc";

beforeAll(async () => {
  fake = await startFake((r) => {
    expect(r.headers["x-amz-target"]).toBe("secretsmanager.GetSecretValue");
    reads++;
    return { json: { ARN, Name: "ProviderKeys", SecretString: secret, VersionId: String(reads) } };
  });
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: fake.url,
    AWS_REGION: "ap-northeast-2",
    AWS_ACCESS_KEY_ID: "test",
    AWS_SECRET_ACCESS_KEY: "test",
  });
});
afterAll(() => fake.close());

const env = { SECRETS_ARN: ARN, SECRETS_TTL_SECONDS: "60", DATA_DIR: "/nonexistent-dongne-data" };

describe("the keys secret", () => {
  it("as the stack creates it (JSON, every key empty): not configured, offline, no warning", async () => {
    secret = JSON.stringify({ ANTHROPIC_API_KEY: "", KAKAO_REST_API_KEY: "", GOOGLE_MAPS_API_KEY: "" });
    const rt = await runtimeLoader(env)();
    expect(rt.llm).toBeUndefined();
    expect(rt.config.providers.place).toBe("embedded");
    expect(rt.warnings).toEqual([]);
  });

  it("a random string (CloudFormation's default) counts as empty, with a warning, and no call fails", async () => {
    secret = "h8#Kq2!x9Lm$";
    const rt = await runtimeLoader(env)();
    expect(rt.llm).toBeUndefined();
    expect(rt.warnings.join(" ")).toMatch(/not a JSON object/);
  });

  it("a corrected secret takes effect after the TTL, in the same (warm) process", async () => {
    let now = 1_000_000;
    secret = "not json";
    const load = runtimeLoader(env, undefined, () => now);
    const before = await load();
    expect(before.llm).toBeUndefined();
    secret = JSON.stringify({ ANTHROPIC_API_KEY: "sk-ant-new", KAKAO_REST_API_KEY: "kakao-new" });
    now += 30_000; // within the TTL: the cached runtime
    expect(await load()).toBe(before);
    now += 31_000; // past it: read again, rebuilt
    const after = await load();
    expect(after).not.toBe(before);
    expect(after.llm?.name).toBe("anthropic");
    expect(after.config.providers.place).toBe("kakao");
    expect(after.warnings).toEqual([]);
    const readsNow = reads;
    now += 61_000; // unchanged secret: read, but the runtime (and its caches) is kept
    expect(await load()).toBe(after);
    expect(reads).toBe(readsNow + 1);
  });

  it("keeps serving with the last good keys when Secrets Manager cannot be reached", async () => {
    let now = 0;
    secret = JSON.stringify({ ANTHROPIC_API_KEY: "sk-ant-x" });
    let fail = false;
    const load = runtimeLoader(
      env,
      async () => {
        if (fail) throw new Error("connect ECONNREFUSED");
        return secret;
      },
      () => now,
    );
    const first = await load();
    fail = true;
    now += 120_000;
    expect(await load()).toBe(first);
  });
});
