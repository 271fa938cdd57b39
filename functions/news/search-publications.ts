// Lambda: 003's search_publications (OpenDART), the other branch of the Parallel state.
import { SearchState } from "../../shared/news/schemas.ts";
import { searchPublicationsStep } from "../../shared/news/search-publications.ts";
import { newsDeps } from "../../shared/news/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const searchPublications = defineStep({
  state: "SearchPublications",
  description: "News: OpenDART periodic reports and 정정 filings, cached per report × API key",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 25, memoryMb: 1024, keys: true, tables: { news: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => searchPublicationsStep(input, newsDeps(rt)),
});

export const handler = lambdaHandler(searchPublications);
