// Lambda entry of the generate step (declared in shared/restaurant-qa/workflow/generate.ts).
import { generate } from "../../shared/restaurant-qa/workflow/generate.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(generate);
