// Lambda: a simulation execution that ended without succeeding — failed, timed out or stopped, for a
// reason no Catch of the machine could see (States.DataLimitExceeded, States.Runtime, the execution's
// own timeout, an abort) — leaves its run `failed` with that reason instead of `running` for ever. In
// AWS an EventBridge rule on the machine's status changes invokes it; locally the runner does when a
// background execution ends so. A run MarkFailed already recorded, or one another execution now owns,
// is left as it is.
import { EndedInput, EndedOutput } from "../schemas.ts";
import { simulationSteps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const executionEnded = defineStep({
  state: "ExecutionEnded",
  description: "Simulation: an execution that ended without succeeding marks its run failed",
  input: EndedInput,
  output: EndedOutput,
  lambda: { timeoutSeconds: 30, tables: { simulation: "readwrite" } },
  entry: "simulation/ended.ts",
  run: (input, rt) => simulationSteps(rt).executionEnded(input),
});
