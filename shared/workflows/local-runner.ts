// Runs a state-machine definition in-process with aws-local-stepfunctions, each Task state mapped (by
// state name) to the handler its Lambda runs in AWS. The definition is the one CDK deploys.
import "./polyfills.ts";
import { ExecutionError, StateMachine, type StateMachineDefinition } from "aws-local-stepfunctions";

export type TaskHandler = (input: never) => Promise<unknown> | unknown;

export class WorkflowFailedError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = "WorkflowFailedError";
  }
}

export class LocalWorkflow {
  private readonly machine: StateMachine;

  constructor(
    definition: object,
    private readonly handlers: Record<string, TaskHandler>,
  ) {
    // validated once here; the same object is validated again by the infra tests with asl-validator
    this.machine = new StateMachine(definition as StateMachineDefinition, {
      validationOptions: { checkArn: false },
    });
  }

  async run<T>(input: unknown): Promise<T> {
    const overrides = {
      taskResourceLocalHandlers: Object.fromEntries(
        Object.entries(this.handlers).map(([state, fn]) => [
          state,
          async (i: unknown) => (await fn(i as never)) as never,
        ]),
      ),
      retryIntervalOverrides: Object.fromEntries(Object.keys(this.handlers).map((state) => [state, 0])),
    };
    try {
      const execution = this.machine.run(input as never, { overrides });
      return (await execution.result) as T;
    } catch (err) {
      const cause = err instanceof ExecutionError ? ((err as { cause?: unknown }).cause ?? err) : err;
      throw new WorkflowFailedError(err instanceof Error ? err.message : String(err), cause);
    }
  }
}
