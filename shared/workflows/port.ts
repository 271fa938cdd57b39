// How the API starts a workflow: the one thing that differs between the local server (the definitions
// run in-process) and AWS (Step Functions). The services above it are the same code in both.
import type { MachineKey } from "../platform/config-schema.ts";

export type { MachineKey };
import type { Deadline } from "../platform/deadline.ts";

/** Time an API request waits past its budget for the workflow to answer before it gives up (504). */
export const SYNC_GRACE_MS = 2000;

export interface Workflows {
  /**
   * An Express workflow run to its end, synchronously (the API's requests). Rejects with a
   * WorkflowTimeoutError when the deadline passes first (the caller answers 504 in time), and with a
   * WorkflowFailedError carrying Step Functions' {Error, Cause} when it fails.
   */
  runSync<T>(machine: MachineKey, input: unknown, deadline: Deadline): Promise<T>;
  /**
   * A Standard workflow started in the background under `name` (unique per machine: AWS refuses a
   * second execution of the same name). Returns the execution's id (its ARN in AWS).
   */
  start(machine: MachineKey, name: string, input: unknown): Promise<{ executionId: string }>;
  /** Whether that execution is still running (false when unknown: ended, or lost with its process). */
  isRunning(machine: MachineKey, name: string): Promise<boolean>;
}
