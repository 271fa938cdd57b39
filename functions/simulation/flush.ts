// Lambda entry of the flush step (declared in shared/simulation/workflow/flush.ts).
import { flush } from "../../shared/simulation/workflow/flush.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(flush);
