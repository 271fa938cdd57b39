// Lambda entry of the searchPoint step (declared in shared/place-search/workflow/search-point.ts).
import { searchPoint } from "../../shared/place-search/workflow/search-point.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(searchPoint);
