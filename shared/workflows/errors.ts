// The errors of a workflow, shared by the port's two adapters (the local runner and Step Functions)
// and by the services that start workflows: a Task's error as Step Functions shapes it, and how a
// synchronous run ends when it does not succeed.
import { DongneError } from "../platform/errors.ts";

/**
 * An error as a Task state sees it: `name` is the Error Retry/Catch match (Step Functions' own, not the
 * class's), `message` the Cause.
 */
export class StatesError extends DongneError {
  readonly retryable: boolean;
  readonly catchable: boolean;
  constructor(name: string, cause: string, opts: { terminal?: boolean } = {}) {
    super("upstream", cause);
    this.name = name;
    // States.DataLimitExceeded and States.Runtime are terminal in AWS: no Retry or Catch matches them
    this.retryable = !opts.terminal;
    this.catchable = !opts.terminal;
  }
  get isRetryable(): boolean {
    return this.retryable;
  }
  get isCatchable(): boolean {
    return this.catchable;
  }
}

/** A Lambda function's error as Step Functions reports it: Error = its type, Cause = Lambda's JSON. */
export function lambdaError(err: unknown): StatesError {
  const e = err instanceof Error ? err : new Error(String(err));
  const errorType = e.name || "Error";
  const trace = (e.stack ?? "").split("\n").slice(0, 10);
  return new StatesError(errorType, JSON.stringify({ errorType, errorMessage: e.message, trace }));
}

export class WorkflowFailedError extends DongneError {
  constructor(
    message: string,
    /** Step Functions' `{Error, Cause}` of the failure */
    readonly error: string,
    override readonly cause: unknown,
  ) {
    super("upstream", message, { code: "workflow_failed" });
  }
}

export class WorkflowTimeoutError extends DongneError {
  constructor(what: string) {
    super("timeout", `${what}: the workflow did not finish in time`);
  }
}
