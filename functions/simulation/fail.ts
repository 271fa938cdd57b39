// Lambda entry of the markFailed step (declared in shared/simulation/workflow/fail.ts).
import { markFailed } from "../../shared/simulation/workflow/fail.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(markFailed);
