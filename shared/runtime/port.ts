// What every workflow step and feature service is handed: the configuration and the adapters, each
// behind its port. It sits with the adapters (it names only their ports); building it from the
// environment and the keys secret is composition (runtime.ts).
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { LlmPort } from "../llm/port.ts";
import type { Config } from "../platform/config.ts";
import type { ExecDeps } from "../providers/exec-deps.ts";
import type { StepSpec } from "../workflows/step.ts";

export interface Runtime {
  config: Config;
  /** configuration problems a caller should hear of (a malformed keys secret) */
  warnings: string[];
  /** the LLM, or undefined: the offline engines answer; the client is built when first read */
  readonly llm?: LlmPort;
  /** the LLM with the SDK's own retries off, for callers that retry with their own backoff (004); lazy too */
  readonly llmWithoutRetries?: LlmPort;
  /** provider adapters, built on first use (the embedded places take ~0.2 s to generate) */
  exec(): ExecDeps;
  /** DynamoDB (dynalite when DYNAMODB_ENDPOINT is set), built on first use */
  documents(): DynamoDBDocumentClient;
  /** one instance per runtime of a feature's service, built on first use (`make` runs once) */
  service<T>(key: string, make: () => T): T;
}

/** A workflow step of this product, declared once (its run is handed the runtime). */
export function defineStep<I, O>(spec: StepSpec<I, O, Runtime>): StepSpec<I, O, Runtime> {
  return spec;
}
