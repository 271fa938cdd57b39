// Lambda: 003's search_news (Naver news), one branch of the Parallel state.
import { SearchState } from "../schemas.ts";
import { searchNewsStep } from "../steps.ts";
import { newsDeps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const searchNews = defineStep({
  state: "SearchNews",
  description: "News: Naver news search (display 20, sort sim), errors into news_errors",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 20, keys: true },
  entry: "news/search-news.ts",
  run: (input, rt) => searchNewsStep(input, newsDeps(rt)),
});
