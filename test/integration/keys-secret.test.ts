// The keys secret in AWS, against a fake Secrets Manager on loopback through the real SDK: created by
// the stack as JSON with empty fields (not configured: the offline engines, with a warning), a malformed
// secret, a bad or half-set key or a setting that is not a key counts as not configured with a warning
// (never the value) instead of failing every call, and a corrected key takes effect in a warm process
// after the TTL. The authorizer takes only API_KEYS from its secret and denies when it is malformed.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFake, type FakeServer } from "../helpers/fake-http.ts";

// a cold start: the authorizer keeps its loader for the life of its process (a Lambda container), and a
// file run before this one in the same test worker (the suite shares modules) may have made one, so
// this file takes fresh modules (the logger too, so the spies watch the instance the authorizer logs to)
vi.resetModules();
const { handler: authorizer } = await import("../../functions/api/authorizer.ts");
const { logger } = await import("../../shared/platform/log.ts");
const { createLlm } = await import("../../shared/llm/index.ts");
const { runtimeLoader } = await import("../../shared/runtime/runtime.ts");

let fake: FakeServer;
let secret = "";
let reads = 0;
/** answer as Secrets Manager does for a secret that has no value yet */
let noValue = false;
const ARN = "arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:ProviderKeys-abc";

beforeAll(async () => {
  fake = await startFake((r) => {
    expect(r.headers["x-amz-target"]).toBe("secretsmanager.GetSecretValue");
    reads++;
    if (noValue)
      return {
        status: 400,
        json: {
          __type: "ResourceNotFoundException",
          message: "Secrets Manager can't find the specified secret value for staging label: AWSCURRENT",
        },
      };
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
afterEach(() => vi.restoreAllMocks());

const env = {
  SECRETS_ARN: ARN,
  SECRETS_TTL_SECONDS: "60",
  DATA_DIR: "/nonexistent-dongne-data",
  LOG_LEVEL: process.env.LOG_LEVEL,
};

/** Every line the loader logs as a warning, as one string (to look for values that must not be there). */
const warnLog = () => {
  const spy = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
  return () => JSON.stringify(spy.mock.calls);
};

describe("the keys secret", () => {
  it("as the stack creates it (JSON, every key empty): not configured, offline, with a warning", async () => {
    const logged = warnLog();
    secret = JSON.stringify({ ANTHROPIC_API_KEY: "", KAKAO_REST_API_KEY: "", GOOGLE_MAPS_API_KEY: "" });
    const rt = await runtimeLoader(env, undefined, Date.now, { createLlm })();
    expect(rt.llm).toBeUndefined();
    expect(rt.config.providers.place).toBe("embedded");
    expect(rt.warnings.join(" ")).toMatch(/ANTHROPIC_API_KEY, KAKAO_REST_API_KEY, .* unset: not configured/);
    // missing keys count too
    expect(rt.warnings.join(" ")).toMatch(/TAVILY_API_KEY/);
    expect(logged()).toMatch(/ANTHROPIC_API_KEY/);
  });

  it("a half-set Naver pair is not configured, with a warning; the other keys still load", async () => {
    const logged = warnLog();
    secret = JSON.stringify({
      NAVER_CLIENT_ID: "naver-id-abc",
      NAVER_CLIENT_SECRET: "",
      ANTHROPIC_API_KEY: "sk-ant-half",
    });
    const rt = await runtimeLoader(env, undefined, Date.now, { createLlm })();
    expect(rt.config.providers.naver).toBeUndefined();
    expect(rt.config.news.naver).toBeUndefined();
    expect(rt.llm?.name).toBe("anthropic");
    expect(rt.warnings.join(" ")).toMatch(/NAVER_CLIENT_ID and NAVER_CLIENT_SECRET must be set together/);
    expect(logged()).toMatch(/NAVER_CLIENT_ID and NAVER_CLIENT_SECRET/);
    expect(logged()).not.toContain("naver-id-abc");
    expect(logged()).not.toContain("sk-ant-half");
  });

  it("takes only the provider keys: a bad setting or a non-key override is ignored with a warning", async () => {
    const logged = warnLog();
    secret = JSON.stringify({
      PROVIDER_TIMEOUT_MS: "abc",
      SIM_TABLE: "someone-elses-table",
      API_KEYS: "[]",
      KAKAO_REST_API_KEY: "kakao-good",
      GOOGLE_MAPS_API_KEY: 97531,
    });
    const rt = await runtimeLoader(env, undefined, Date.now, { createLlm })();
    expect(rt.config.providers.timeoutMs).toBe(10_000);
    expect(rt.config.aws.tables.simulation).toBe("dongne-simulations");
    expect(rt.config.providers.place).toBe("kakao");
    expect(rt.config.providers.googleKey).toBeUndefined();
    const said = rt.warnings.join(" ");
    expect(said).toMatch(/PROVIDER_TIMEOUT_MS, SIM_TABLE, API_KEYS ignored/);
    expect(said).toMatch(/GOOGLE_MAPS_API_KEY is not a string: not configured/);
    expect(logged()).not.toContain("someone-elses-table");
    expect(logged()).not.toContain("97531");
    expect(logged()).not.toContain("kakao-good");
  });

  it("a random string (CloudFormation's default) counts as empty, with a warning, and no call fails", async () => {
    secret = "h8#Kq2!x9Lm$";
    const rt = await runtimeLoader(env, undefined, Date.now, { createLlm })();
    expect(rt.llm).toBeUndefined();
    expect(rt.warnings.join(" ")).toMatch(/not a JSON object/);
  });

  it("a corrected secret takes effect after the TTL, in the same (warm) process (Powertools' cache too)", async () => {
    // one clock for the loader and for Powertools' cache (it reads Date.now)
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(1_000_000);
      secret = "not json";
      const load = runtimeLoader(env, undefined, Date.now, { createLlm });
      const before = await load();
      expect(before.llm).toBeUndefined();
      secret = JSON.stringify({ ANTHROPIC_API_KEY: "sk-ant-new", KAKAO_REST_API_KEY: "kakao-new" });
      const readsBefore = reads;
      vi.advanceTimersByTime(30_000); // within the TTL: the cached runtime, no request
      expect(await load()).toBe(before);
      expect(reads).toBe(readsBefore);
      vi.advanceTimersByTime(31_000); // past it: read again, rebuilt
      const after = await load();
      expect(after).not.toBe(before);
      expect(after.llm?.name).toBe("anthropic");
      expect(after.config.providers.place).toBe("kakao");
      expect(after.warnings.join(" ")).not.toMatch(/ANTHROPIC_API_KEY|KAKAO_REST_API_KEY|not a JSON object/);
      const readsNow = reads;
      vi.advanceTimersByTime(61_000); // unchanged secret: read, but the runtime (and its caches) is kept
      expect(await load()).toBe(after);
      expect(reads).toBe(readsNow + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a secret created without a value reads as not configured, with the warning naming every key", async () => {
    const logged = warnLog();
    noValue = true;
    try {
      const rt = await runtimeLoader(env, undefined, Date.now, { createLlm })();
      expect(rt.llm).toBeUndefined();
      expect(rt.warnings.join(" ")).toMatch(/ANTHROPIC_API_KEY, .* unset: not configured/);
      expect(logged()).toMatch(/ANTHROPIC_API_KEY/);
      // an answer, not a failure to read (which would keep retrying and log an error)
      expect(logged()).not.toMatch(/could not be read/);
    } finally {
      noValue = false;
    }
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

describe("the authorizer and its API keys secret", () => {
  const KEY = "a-caller-key-of-enough-length";
  const keyed = { headers: { "x-api-key": KEY } };
  let saved: Record<string, string | undefined>;
  beforeAll(() => {
    saved = { SECRETS_ARN: process.env.SECRETS_ARN, SECRETS_TTL_SECONDS: process.env.SECRETS_TTL_SECONDS };
    // read on every call, so each case sees its secret
    Object.assign(process.env, { SECRETS_ARN: ARN, SECRETS_TTL_SECONDS: "0" });
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it("a malformed API_KEYS denies every caller and says so in the logs, instead of failing", async () => {
    const logged = warnLog();
    for (const bad of ["not json", JSON.stringify([{ id: "ops", key: "short" }]), "{"]) {
      secret = JSON.stringify({ API_KEYS: bad });
      expect(await authorizer(keyed)).toEqual({ isAuthorized: false });
    }
    secret = "not json at all";
    expect(await authorizer(keyed)).toEqual({ isAuthorized: false });
    expect(logged()).toMatch(/API_KEYS is invalid/);
    expect(logged()).not.toContain("short");
  });

  it("a valid API_KEYS authorizes its callers; provider keys in that secret are not read", async () => {
    secret = JSON.stringify({
      API_KEYS: JSON.stringify([{ id: "ops", key: KEY, scopes: ["read"] }]),
      PROVIDER_TIMEOUT_MS: "abc",
    });
    expect(await authorizer(keyed)).toEqual({
      isAuthorized: true,
      context: { callerId: "ops", scopes: "read" },
    });
    expect(await authorizer({ headers: { "x-api-key": "someone-else-entirely" } })).toEqual({
      isAuthorized: false,
    });
  });
});
