// Lambda entry of the rewrite step (declared in shared/restaurant-qa/workflow/rewrite.ts).
import { rewrite } from "../../shared/restaurant-qa/workflow/rewrite.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(rewrite);
