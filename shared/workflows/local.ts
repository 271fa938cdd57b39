// The Workflows port on one machine: every state machine runs in-process from its definition, each
// Task calling its step through the Lambda envelope, and a nested execution (startExecution.sync)
// running the child machine. Standard executions run in the background, as they do in AWS.
import type { Deadline } from "../platform/deadline.ts";

import { LocalWorkflow, localTask, localTasks, type TaskHandler } from "./local-runner.ts";
import { SYNC_GRACE_MS, type MachineKey, type Workflows } from "./port.ts";
import { MACHINE_NAMES, type MachineName, type MachineRegistry } from "./machines.ts";
import { localArn } from "./asl.ts";
import { WorkflowFailedError, WorkflowTimeoutError } from "./errors.ts";
import { Semaphore } from "../platform/concurrency.ts";

const NESTED = "arn:aws:states:::states:startExecution.sync:2";
export const localMachineArn = (key: string) =>
  `arn:aws:states:ap-northeast-2:000000000000:stateMachine:dongne-${key}`;

type States = Record<string, Record<string, unknown>>;

/** The state lists inside a state: a Map's item processor, a Parallel's branches. */
export function innerStates(s: Record<string, unknown>): States[] {
  const map = (s.ItemProcessor as { States?: States } | undefined)?.States;
  const branches = ((s.Branches as { States: States }[] | undefined) ?? []).map((b) => b.States);
  return [...(map ? [map] : []), ...branches];
}

/** The Task states of a definition (in Maps and Parallels too) that start another state machine. */
function nestedTasks(states: States): string[] {
  return Object.entries(states).flatMap(([name, s]) => [
    ...(s.Resource === NESTED ? [name] : []),
    ...innerStates(s).flatMap(nestedTasks),
  ]);
}

export interface LocalWorkflowsOptions {
  /** wraps every Task handler (tests inject faults here) */
  wrap?: (state: string, handler: TaskHandler) => TaskHandler;
  /**
   * The most invocations of a Task state's function this process runs at once, by state name (across
   * every machine that has the state). In AWS each invocation has its own memory; here they share one
   * heap, so a Map told to run a hundred at once still runs at most this many (the others wait their
   * turn, holding only their input).
   */
  inFlight?: Record<string, number>;
}

/** The handlers of `states` run at most `inFlight[state]` at once, one bound per state name. */
function bounded(handlers: Record<string, TaskHandler>, limits: Map<string, Semaphore>) {
  return Object.fromEntries(
    Object.entries(handlers).map(([state, handler]) => {
      const limit = limits.get(state);
      return [state, limit ? (i: never) => limit.use(async () => handler(i)) : handler];
    }),
  );
}

export class LocalWorkflows<R> implements Workflows {
  private readonly machines = new Map<MachineName, LocalWorkflow>();
  private readonly running = new Map<string, Promise<unknown>>();
  /** each machine's step told of an execution that ended without succeeding (MachineDef.onEnded) */
  private readonly onEnded = new Map<MachineName, TaskHandler>();

  constructor(machines: MachineRegistry<R>, rt: R, opts: LocalWorkflowsOptions = {}) {
    const byArn = new Map(MACHINE_NAMES.map((k) => [localMachineArn(k), k]));
    const limits = new Map(Object.entries(opts.inFlight ?? {}).map(([s, n]) => [s, new Semaphore(n)]));
    for (const key of MACHINE_NAMES) {
      const def = machines[key];
      const definition = def.definition(localArn, localMachineArn) as {
        States: Record<string, Record<string, unknown>>;
      };
      const handlers: Record<string, TaskHandler> = localTasks(def.steps, rt);
      for (const state of nestedTasks(definition.States)) {
        // the Task's Parameters give {StateMachineArn, Input}; startExecution.sync:2 answers {Output}
        handlers[state] = async (i: { StateMachineArn: string; Input: unknown }) => {
          const child = byArn.get(i.StateMachineArn);
          if (!child) throw new Error(`no local state machine ${i.StateMachineArn}`);
          return { Output: await this.machine(child).run(i.Input) };
        };
      }
      const wrapped = opts.wrap
        ? Object.fromEntries(Object.entries(handlers).map(([s, h]) => [s, opts.wrap!(s, h)]))
        : handlers;
      this.machines.set(key, new LocalWorkflow(definition, bounded(wrapped, limits)));
      if (def.onEnded) this.onEnded.set(key, localTask(def.onEnded, rt));
    }
  }

  private machine(key: MachineName): LocalWorkflow {
    return this.machines.get(key)!;
  }

  async runSync<T>(machine: MachineKey, input: unknown, deadline: Deadline): Promise<T> {
    const wait = deadline.remainingMs() + SYNC_GRACE_MS;
    const signal = Number.isFinite(wait) ? AbortSignal.timeout(wait) : undefined;
    try {
      return await this.machine(machine).run<T>(input, { signal });
    } catch (err) {
      if (signal?.aborted) throw new WorkflowTimeoutError(`the ${machine} workflow`);
      throw err;
    }
  }

  async start(machine: MachineKey, name: string, input: unknown): Promise<{ executionId: string }> {
    const id = `${machine}:${name}`;
    if (this.running.has(id)) throw new Error(`execution ${name} already exists`);
    const job = this.machine(machine)
      .run(input, { name })
      // as EventBridge tells the machine's onEnded step in AWS: whatever the failure, its run hears of it
      .catch((err: unknown) => this.ended(machine, name, input, err))
      .finally(() => this.running.delete(id));
    this.running.set(id, job);
    return { executionId: name };
  }

  /** A background execution that failed: its machine's onEnded step gets the status-change event. */
  private async ended(machine: MachineName, name: string, input: unknown, err: unknown): Promise<void> {
    const handler = this.onEnded.get(machine);
    if (!handler) return;
    const failure =
      err instanceof WorkflowFailedError ? (JSON.parse(err.error) as { Error?: string; Cause?: string }) : {};
    const detail = {
      name,
      status: err instanceof WorkflowTimeoutError ? "TIMED_OUT" : "FAILED",
      input: JSON.stringify(input),
      error: failure.Error ?? (err instanceof Error ? err.name : "Error"),
      cause: failure.Cause ?? (err instanceof Error ? err.message : String(err)),
    };
    try {
      await handler({
        "detail-type": "Step Functions Execution Status Change",
        source: "aws.states",
        detail,
      } as never);
    } catch {
      // as an EventBridge target's failure: the execution's own history still tells what happened
    }
  }

  async isRunning(machine: MachineKey, name: string): Promise<boolean> {
    return this.running.has(`${machine}:${name}`);
  }

  /** Waits for every background execution (tests, the CLI, a graceful stop). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  /** Runs a machine to its end with no deadline (the CLI). */
  run<T>(machine: MachineName, input: unknown, name?: string): Promise<T> {
    return this.machine(machine).run<T>(input, { name });
  }
}
