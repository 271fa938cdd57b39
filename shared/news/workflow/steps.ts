// The news & disclosures workflow steps (seed 003), in the order they run.
import { analyzeQuery } from "./analyze.ts";
import { formatResults } from "./format.ts";
import { generateResponse } from "./generate.ts";
import { searchNews } from "./search-news.ts";
import { searchPublications } from "./search-publications.ts";
import { selectDocuments } from "./select.ts";

export const NEWS_STEPS = {
  analyzeQuery,
  searchNews,
  searchPublications,
  formatResults,
  selectDocuments,
  generateResponse,
};
