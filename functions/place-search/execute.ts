// Lambda entry of the executeStep step (declared in shared/place-search/workflow/execute.ts).
import { executeStep } from "../../shared/place-search/workflow/execute.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(executeStep);
