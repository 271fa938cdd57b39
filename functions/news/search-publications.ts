// Lambda entry of the searchPublications step (declared in shared/news/workflow/search-publications.ts).
import { searchPublications } from "../../shared/news/workflow/search-publications.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(searchPublications);
