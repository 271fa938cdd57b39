// A state machine as the product declares it: its type, the steps its Lambdas run and its definition.
// The registry of every machine is composition (runtime/machines.ts); CDK deploys each, the local
// runner runs the same definitions.
import { STATE_MACHINE_ARN_VARIABLES } from "../platform/config-schema.ts";
import type { ArnOf } from "./asl.ts";
import type { StepSpec } from "./step.ts";

/** Every state machine: those the API starts, and the slot machine the simulation starts for itself. */
export const MACHINE_NAMES = [
  ...(Object.keys(STATE_MACHINE_ARN_VARIABLES) as (keyof typeof STATE_MACHINE_ARN_VARIABLES)[]),
  "simulationSlot",
] as const;
export type MachineName = (typeof MACHINE_NAMES)[number];

export interface MachineDef<R = unknown> {
  type: "EXPRESS" | "STANDARD";
  steps: readonly StepSpec<unknown, unknown, R>[];
  definition(arnOf: ArnOf, machineArnOf: (key: string) => string): object;
  /**
   * A Standard machine's step told of an execution that ended without succeeding (failed, timed out,
   * aborted), with EventBridge's status-change event: what no Catch of the machine sees
   * (States.DataLimitExceeded, its own timeout). CDK makes the rule that invokes it; the local runner
   * invokes it when a background execution ends so.
   */
  onEnded?: StepSpec<unknown, unknown, R>;
}

export type MachineRegistry<R = unknown> = Record<MachineName, MachineDef<R>>;
