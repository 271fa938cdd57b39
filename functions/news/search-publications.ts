// Lambda entry of the searchPublications step (declared in shared/news/workflow/search-publications.ts).
import { searchPublications } from "../../shared/news/workflow/search-publications.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(searchPublications);
