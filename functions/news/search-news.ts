// Lambda entry of the searchNews step (declared in shared/news/workflow/search-news.ts).
import { searchNews } from "../../shared/news/workflow/search-news.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(searchNews);
