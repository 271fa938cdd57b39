// Lambda entry of the rewrite step (declared in shared/restaurant-qa/workflow/rewrite.ts).
import { rewrite } from "../../shared/restaurant-qa/workflow/rewrite.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(rewrite);
