// Lambda: 003's search_news (Naver news), one branch of the Parallel state.
import { SearchState } from "../../shared/news/schemas.ts";
import { searchNewsStep } from "../../shared/news/search-news.ts";
import { newsDeps } from "../../shared/news/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const searchNews = defineStep({
  state: "SearchNews",
  description: "News: Naver news search (display 20, sort sim), errors into news_errors",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 20, keys: true },
  entry: import.meta.url,
  run: (input, rt) => searchNewsStep(input, newsDeps(rt)),
});

export const handler = lambdaHandler(searchNews);
