// Lambda entry of the searchNews step (declared in shared/news/workflow/search-news.ts).
import { searchNews } from "../../shared/news/workflow/search-news.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(searchNews);
