// Lambda entry of the executeStep step (declared in shared/place-search/workflow/execute.ts).
import { executeStep } from "../../shared/place-search/workflow/execute.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(executeStep);
