// Process-wide configuration and adapters, built once (a Lambda's cold start, or the local server) and
// handed to every step and service. The configuration comes from the environment and the keys secret
// (secrets.ts: Powertools Parameters, re-read after SECRETS_TTL_SECONDS); the runtime is rebuilt when it
// changes. The LLM adapter (the Anthropic SDK) is handed in by the entry that may need it
// (functions/lambda-llm.ts, the API, the local server): a Lambda that reads no keys never bundles it.
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Config } from "../platform/config.ts";
import { PROVIDER_KEY_NAMES } from "../platform/config-schema.ts";
import type { createLlm } from "../llm/index.ts";
import type { LlmPort } from "../llm/port.ts";
import { useLogLevel } from "../platform/log.ts";
import { useMetrics } from "../platform/metrics.ts";
import { createExecDeps, type ExecDeps } from "../providers/exec-deps.ts";
import type { Runtime } from "./port.ts";
import { documentClient } from "../store/dynamo.ts";
import { DynamoLlmLeases } from "../store/llm-limits.ts";
import { GatedLlm, MeteredLlm } from "../llm/gated.ts";
import { configLoader, type LoadedConfig, type SecretReader } from "./secrets.ts";

export { powertoolsSecretReader, secretEnv, type SecretReader } from "./secrets.ts";

export interface RuntimeOverrides {
  /** null: no LLM even when a key is configured */
  llm?: LlmPort | null;
  exec?: () => ExecDeps;
  documents?: () => DynamoDBDocumentClient;
  warnings?: string[];
  /** feature services to use instead of building them (tests) */
  services?: Record<string, unknown>;
  /** the LLM adapter's factory (llm/index.ts), handed in by the entry; without it, no LLM */
  createLlm?: typeof createLlm;
}

/**
 * What an entry point brings to its runtime: the adapters its bundle carries. `loadLlm` imports the LLM
 * adapter when a key is configured, and only then: a process without a key never evaluates the SDK.
 */
export type RuntimeAdapters = Pick<RuntimeOverrides, "createLlm"> & {
  loadLlm?: () => Promise<{ createLlm: typeof createLlm }>;
};

/** `make` runs once, on the first call (an undefined result is kept too) */
const lazy = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

export function buildRuntime(config: Config, overrides: RuntimeOverrides = {}): Runtime {
  useLogLevel(config.logLevel);
  useMetrics(config.metrics);
  // the clients are built when first read: the authorizer, and many steps, never call an LLM
  const given = overrides.llm;
  const leases = lazy(() =>
    config.llm.gate.table
      ? new DynamoLlmLeases(documentClient(config.aws.dynamoEndpoint), config.llm.gate.table, {
          limit: config.llm.gate.limit,
          // a call, its SDK retries and its schema retry
          leaseMs: config.llm.timeoutMs * 3 + 5000,
        })
      : undefined,
  );
  // every model call is metered at its tier's price, and held to the account-wide limit where one is set
  const wrap = (inner: LlmPort | undefined): LlmPort | undefined => {
    if (!inner) return undefined;
    const metered = new MeteredLlm(inner, {
      fast: config.llm.pricePerMTok,
      smart: config.llm.smartPricePerMTok,
    });
    const pool = leases();
    return pool
      ? new GatedLlm(metered, pool, { maxWaitMs: config.llm.gate.maxWaitMs, limit: config.llm.gate.limit })
      : metered;
  };
  const make = overrides.createLlm;
  const llm = lazy(() => (given === null ? undefined : (given ?? wrap(make?.(config)))));
  const llmWithoutRetries = lazy(() =>
    given === null ? undefined : (given ?? wrap(make?.(config, { sdkRetries: 0 }))),
  );
  const services = new Map<string, unknown>(Object.entries(overrides.services ?? {}));
  return {
    config,
    warnings: overrides.warnings ?? [],
    service<T>(key: string, make: () => T): T {
      if (!services.has(key)) services.set(key, make());
      return services.get(key) as T;
    },
    get llm() {
      return llm();
    },
    get llmWithoutRetries() {
      return llmWithoutRetries();
    },
    exec: overrides.exec ?? lazy(() => createExecDeps(config)),
    documents: overrides.documents ?? lazy(() => documentClient(config.aws.dynamoEndpoint)),
  };
}

/**
 * The process's runtime, rebuilt when its configuration changes (the keys secret: configLoader), with
 * the adapters `overrides` brings. `readSecret` and `now` are the seams for tests; `names` are the
 * variables the secret may set.
 */
export function runtimeLoader(
  env: Record<string, string | undefined> = process.env,
  readSecret?: SecretReader,
  now: () => number = Date.now,
  overrides: RuntimeOverrides & Pick<RuntimeAdapters, "loadLlm"> = {},
  names: readonly string[] = PROVIDER_KEY_NAMES,
): () => Promise<Runtime> {
  const configs = configLoader(env, readSecret, now, names);
  const { loadLlm, ...rest } = overrides;
  let built: { from: LoadedConfig; runtime: Runtime } | undefined;
  return async () => {
    const loaded = await configs();
    if (built?.from === loaded) return built.runtime;
    const keyed = loaded.config.llm.mode === "anthropic" && rest.llm === undefined;
    const createLlm = rest.createLlm ?? (keyed && loadLlm ? (await loadLlm()).createLlm : undefined);
    built = {
      from: loaded,
      runtime: buildRuntime(loaded.config, { ...rest, createLlm, warnings: loaded.warnings }),
    };
    return built.runtime;
  };
}

let processRuntime: (() => Promise<Runtime>) | undefined;

/** The runtime of this Lambda (or CLI) process, with the adapters its entry brings (the first call's). */
export function runtime(adapters: RuntimeAdapters = {}): Promise<Runtime> {
  processRuntime ??= runtimeLoader(process.env, undefined, Date.now, adapters);
  return processRuntime();
}
