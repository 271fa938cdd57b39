// Lambda entry of the searchPoint step (declared in shared/place-search/workflow/search-point.ts).
import { searchPoint } from "../../shared/place-search/workflow/search-point.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(searchPoint);
