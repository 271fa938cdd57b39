// Lambda entry of the webSearch step (declared in shared/restaurant-qa/workflow/web-search.ts).
import { webSearch } from "../../shared/restaurant-qa/workflow/web-search.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(webSearch);
