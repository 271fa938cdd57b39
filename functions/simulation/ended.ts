// Lambda entry of the executionEnded step (declared in shared/simulation/workflow/ended.ts): the target
// of the EventBridge rule on the simulation machine's failed, timed-out and aborted executions.
import { executionEnded } from "../../shared/simulation/workflow/ended.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(executionEnded);
