// Lambda: 003's search_publications (OpenDART), the other branch of the Parallel state.
import { SearchState } from "../schemas.ts";
import { searchPublicationsStep } from "../steps.ts";
import { newsDeps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const searchPublications = defineStep({
  state: "SearchPublications",
  description: "News: OpenDART periodic reports and 정정 filings, cached per report × API key",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 25, memoryMb: 1024, keys: true, tables: { news: "readwrite" } },
  entry: "news/search-publications.ts",
  run: (input, rt) => searchPublicationsStep(input, newsDeps(rt)),
});
