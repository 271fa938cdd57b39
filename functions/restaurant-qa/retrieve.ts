// Lambda entry of the retrieve step (declared in shared/restaurant-qa/workflow/retrieve.ts).
import { retrieve } from "../../shared/restaurant-qa/workflow/retrieve.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(retrieve);
