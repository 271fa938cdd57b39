// Runs a state-machine definition in-process with aws-local-stepfunctions, each Task state mapped (by
// state name) to the step its Lambda runs in AWS. The definition is the one CDK deploys, and what only
// AWS would enforce is enforced here too: the envelope (JSON in, JSON out), Lambda's timeout, errors
// shaped as Step Functions shapes them ({Error, Cause} with Cause a JSON string), and the 256 KB limit
// on a state's data (an uncatchable States.DataLimitExceeded, as in AWS).
import "./polyfills.ts";
import { randomUUID } from "node:crypto";
import { ExecutionError, StateMachine, type StateMachineDefinition } from "aws-local-stepfunctions";
import { lambdaError, StatesError, WorkflowFailedError, WorkflowTimeoutError } from "./errors.ts";
import { defaultKnownValid } from "./known-valid.ts";
import { runStep, type StepSpec } from "./step.ts";

export type TaskHandler = (input: never) => unknown;

/** Step Functions' limit on the data a state receives or passes on (UTF-8 bytes). */
export const STATE_PAYLOAD_LIMIT_BYTES = 262_144;

export function checkPayload(value: unknown, where: string, limit = STATE_PAYLOAD_LIMIT_BYTES): string {
  const json = JSON.stringify(value ?? null);
  const bytes = Buffer.byteLength(json);
  if (bytes > limit) {
    throw new StatesError(
      "States.DataLimitExceeded",
      `${where}: ${bytes} bytes, over the ${limit}-byte limit of a state's data`,
      { terminal: true },
    );
  }
  return json;
}

/**
 * The Lambda envelope around a step: the input as JSON (what the Lambda would receive), its timeout,
 * its error shaped as Step Functions shapes a Lambda error, its output checked against the limit.
 */
export function localTask<R>(
  spec: StepSpec<unknown, unknown, R>,
  rt: R,
  limit = STATE_PAYLOAD_LIMIT_BYTES,
): TaskHandler {
  return async (input: unknown) => {
    const event: unknown = JSON.parse(checkPayload(input, `${spec.state} input`, limit));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new StatesError(
              "Sandbox.Timedout",
              JSON.stringify({
                errorType: "Sandbox.Timedout",
                errorMessage: `Task timed out after ${spec.lambda.timeoutSeconds}.00 seconds`,
              }),
            ),
          ),
        spec.lambda.timeoutSeconds * 1000,
      );
    });
    let out: unknown;
    try {
      out = await Promise.race([runStep(spec, event, rt), timeout]);
    } catch (err) {
      throw err instanceof StatesError ? err : lambdaError(err);
    } finally {
      clearTimeout(timer);
    }
    return JSON.parse(checkPayload(out, `${spec.state} output`, limit)) as unknown;
  };
}

/** Handlers for every Task state of these steps, keyed by state name. */
export function localTasks<R>(
  specs: readonly StepSpec<unknown, unknown, R>[],
  rt: R,
): Record<string, TaskHandler> {
  return Object.fromEntries(specs.map((s) => [s.state, localTask(s, rt)]));
}

export interface RunOptions {
  /** the execution's name ($$.Execution.Name); a fresh id when absent */
  name?: string;
  /** stop waiting (and abort the execution) when this fires */
  signal?: AbortSignal;
}

/** The definitions (as JSON) known valid: each is checked once, not per world or per process. */
const validated = defaultKnownValid();

export class LocalWorkflow {
  private readonly machine: StateMachine;
  /** the runner's overrides, the same for every execution: built once */
  private readonly overrides: {
    taskResourceLocalHandlers: Record<string, (i: unknown) => Promise<never>>;
    retryIntervalOverrides: Record<string, number>;
  };

  constructor(definition: object, handlers: Record<string, TaskHandler>) {
    // validated here the first time this checkout sees it (known-valid.ts: asl-validator compiles its
    // schema on every call, and tests build every machine for each of their many worlds); the same
    // object is validated again by the infra tests with asl-validator
    const json = JSON.stringify(definition);
    this.machine = new StateMachine(definition as StateMachineDefinition, {
      validationOptions: { checkArn: false, noValidate: validated.has(json) },
    });
    validated.add(json);
    this.overrides = {
      taskResourceLocalHandlers: Object.fromEntries(
        Object.entries(handlers).map(([state, fn]) => [
          state,
          async (i: unknown) => (await fn(i as never)) as never,
        ]),
      ),
      retryIntervalOverrides: Object.fromEntries(Object.keys(handlers).map((state) => [state, 0])),
    };
  }

  async run<T>(input: unknown, opts: RunOptions = {}): Promise<T> {
    const overrides = this.overrides;
    checkPayload(input, "execution input");
    const name = opts.name ?? randomUUID();
    const execution = this.machine.run(input as never, {
      overrides,
      context: {
        Execution: { Name: name, Id: `arn:aws:states:local:000000000000:execution:local:${name}` },
      },
    });
    const onAbort = () => execution.abort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const result = (await execution.result) as T;
      checkPayload(result, "execution output");
      return result;
    } catch (err) {
      if (opts.signal?.aborted) throw new WorkflowTimeoutError("local execution");
      const inner = err instanceof ExecutionError ? ((err as { cause?: unknown }).cause ?? err) : err;
      const e = inner as { name?: string; message?: string };
      throw new WorkflowFailedError(
        err instanceof Error ? err.message : String(err),
        JSON.stringify({ Error: e.name ?? "Error", Cause: e.message ?? "" }),
        inner,
      );
    } finally {
      opts.signal?.removeEventListener("abort", onAbort);
    }
  }
}
