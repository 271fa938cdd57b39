// Lambda entry of the collect step (declared in shared/simulation/workflow/collect.ts).
import { collect } from "../../shared/simulation/workflow/collect.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(collect);
