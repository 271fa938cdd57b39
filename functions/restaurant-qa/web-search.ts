// Lambda entry of the webSearch step (declared in shared/restaurant-qa/workflow/web-search.ts).
import { webSearch } from "../../shared/restaurant-qa/workflow/web-search.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(webSearch);
