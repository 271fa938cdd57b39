// Lambda entry of the plan step (declared in shared/place-search/workflow/plan.ts).
import { plan } from "../../shared/place-search/workflow/plan.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(plan);
