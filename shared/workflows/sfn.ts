// The Workflows port in AWS: Step Functions. Express workflows are run with StartSyncExecution (the
// call is abandoned when the request's deadline passes, so the API answers 504 before API Gateway's
// bare 500); Standard ones are started by name, and an execution's ARN is derived from its name.
import {
  DescribeExecutionCommand,
  ExecutionDoesNotExist,
  SFNClient,
  StartExecutionCommand,
  StartSyncExecutionCommand,
} from "@aws-sdk/client-sfn";
import type { Config } from "../platform/config.ts";
import type { Deadline } from "../platform/deadline.ts";

import { SYNC_GRACE_MS, type MachineKey, type Workflows } from "./port.ts";
import { WorkflowFailedError, WorkflowTimeoutError } from "./errors.ts";

/** Time an API request waits past its budget for the workflow to answer before it gives up (504). */

export class SfnWorkflows implements Workflows {
  private readonly client: SFNClient;

  constructor(
    private readonly arns: Config["aws"]["stateMachines"],
    opts: { endpoint?: string; client?: SFNClient } = {},
  ) {
    // a custom endpoint (a proxy, a test double) takes no "sync-" host prefix for StartSyncExecution
    this.client =
      opts.client ?? new SFNClient(opts.endpoint ? { endpoint: opts.endpoint, disableHostPrefix: true } : {});
  }

  private arn(machine: MachineKey): string {
    const arn = this.arns[machine];
    if (!arn) throw new Error(`the ${machine} state machine's ARN is not configured`);
    return arn;
  }

  async runSync<T>(machine: MachineKey, input: unknown, deadline: Deadline): Promise<T> {
    const wait = deadline.remainingMs() + SYNC_GRACE_MS;
    const abortSignal = Number.isFinite(wait) ? AbortSignal.timeout(wait) : undefined;
    let out;
    try {
      out = await this.client.send(
        new StartSyncExecutionCommand({ stateMachineArn: this.arn(machine), input: JSON.stringify(input) }),
        { abortSignal },
      );
    } catch (err) {
      if (abortSignal?.aborted) throw new WorkflowTimeoutError(`the ${machine} workflow`);
      throw err;
    }
    if (out.status !== "SUCCEEDED" || out.output === undefined) {
      throw new WorkflowFailedError(
        `the ${machine} workflow ended ${out.status ?? "without a status"}`,
        JSON.stringify({ Error: out.error ?? out.status, Cause: out.cause ?? "" }),
        out,
      );
    }
    return JSON.parse(out.output) as T;
  }

  async start(machine: MachineKey, name: string, input: unknown): Promise<{ executionId: string }> {
    const out = await this.client.send(
      new StartExecutionCommand({ stateMachineArn: this.arn(machine), name, input: JSON.stringify(input) }),
    );
    return { executionId: out.executionArn ?? name };
  }

  async isRunning(machine: MachineKey, name: string): Promise<boolean> {
    const executionArn = `${this.arn(machine).replace(":stateMachine:", ":execution:")}:${name}`;
    try {
      const out = await this.client.send(new DescribeExecutionCommand({ executionArn }));
      return out.status === "RUNNING";
    } catch (err) {
      if (err instanceof ExecutionDoesNotExist || (err as Error).name === "ExecutionDoesNotExist")
        return false;
      throw err;
    }
  }
}
