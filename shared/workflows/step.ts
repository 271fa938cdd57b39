// A workflow step, declared once: its Task state's name, input and output schemas, what it runs and
// its Lambda settings. The CDK constructs build one Lambda per step from it, the state-machine
// definitions take their Task states from it, and the local runner calls the same `run` with the
// envelope Lambda gives it (JSON in, JSON out, errors shaped as Step Functions shapes them).
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { logger } from "../platform/log.ts";
import { DongneError } from "../platform/errors.ts";

/** DynamoDB tables a step touches (each feature construct grants exactly these). */
export type TableAccess = "read" | "readwrite";

export interface LambdaSettings {
  /** the Lambda's own timeout; its Task state waits a little longer, so the Lambda's error is the one seen */
  timeoutSeconds: number;
  memoryMb?: number;
  /** reads the provider and LLM keys (the keys secret) */
  keys?: boolean;
  /** tables by logical name (simulation, …) and the access the step needs */
  tables?: Record<string, TableAccess>;
  /** the restaurant index (OpenSearch in AWS) */
  index?: "read" | "write";
  /** calls the embedding model (Bedrock in AWS) */
  embeddings?: boolean;
  /** the blob store (S3 in AWS) of ingest uploads and batches */
  blobs?: "read" | "readwrite";
}

/** `R` is what every step is handed (the composed runtime: configuration and adapters). */
export interface StepSpec<I = unknown, O = unknown, R = unknown> {
  /** the Task state's name in every definition that runs this step (local handlers are keyed by it) */
  state: string;
  description: string;
  input: z.ZodType<I>;
  output: z.ZodType<O>;
  lambda: LambdaSettings;
  /** the Lambda's handler module, as a path under functions/ ("place-search/translate.ts") */
  entry: string;
  run(input: I, rt: R): Promise<O> | O;
}

/** The handler module's path on disk (CDK bundles it). */
export const entryPath = (spec: StepSpec): string =>
  fileURLToPath(new URL(`../../functions/${spec.entry}`, import.meta.url));

/** The Task state's TimeoutSeconds: the Lambda's timeout plus a margin for the invocation itself. */
export const taskTimeoutSeconds = (spec: StepSpec): number => spec.lambda.timeoutSeconds + 5;

/** A value as JSON carries it to the next state (dates as strings, no undefined fields). */
const asJson = (value: unknown): unknown =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/** The ids an event carries that are worth correlating logs on. */
export function correlation(event: unknown): Record<string, string> {
  if (!event || typeof event !== "object") return {};
  const e = event as Record<string, unknown>;
  const slot = e.slot && typeof e.slot === "object" ? (e.slot as Record<string, unknown>).key : e.key;
  const ids: Record<string, unknown> = {
    simulationId: e.simulationId,
    slot,
    agentId: e.agentId,
    query: e.query,
  };
  return Object.fromEntries(
    Object.entries(ids).filter((kv): kv is [string, string] => typeof kv[1] === "string"),
  );
}

/**
 * A step returned what its declared output schema rejects: a bug in the step or in its declaration,
 * failed here (Error "StepOutputError" in Step Functions) rather than passed on to the next state.
 */
export class StepOutputError extends DongneError {
  constructor(state: string, issues: readonly z.core.$ZodIssue[]) {
    const first = issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".") || "(output)"}: ${i.message}`)
      .join("; ");
    super("internal", `${state} returned an output its schema rejects: ${first}`);
  }
}

/**
 * Runs one step on an event: the input checked by its schema, the output too (as the JSON the next
 * state receives), a debug line when done and an error line when it fails (the error still reaches
 * Step Functions, whose Retry and Catch decide). The Lambda handler and the local runner both call it,
 * so both worlds check the same things. The output is returned as the step produced it (the check
 * does not strip or transform it).
 */
export async function runStep<I, O, R>(
  spec: StepSpec<I, O, R>,
  event: unknown,
  rt: R,
  requestId?: string,
): Promise<O> {
  const where = { step: spec.state, requestId, ...correlation(event) };
  const started = performance.now();
  try {
    const out = await spec.run(spec.input.parse(event), rt);
    const checked = spec.output.safeParse(asJson(out));
    if (!checked.success) throw new StepOutputError(spec.state, checked.error.issues);
    logger.debug("step done", { ...where, ms: Math.round(performance.now() - started) });
    return out;
  } catch (err) {
    logger.error("step failed", { ...where, error: err as Error });
    throw err;
  }
}
