// Lambda entry of the generate step (declared in shared/restaurant-qa/workflow/generate.ts).
import { generate } from "../../shared/restaurant-qa/workflow/generate.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(generate);
