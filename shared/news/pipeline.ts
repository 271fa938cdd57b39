// The whole news flow in-process, step after step as the state machine runs them (AnalyzeQuery →
// SearchNews ∥ SearchPublications → FormatResults → SelectDocuments → GenerateResponse), for the
// tests and the benchmark. The order is the definition's (workflow/definition.ts); a parity test
// (test/integration/news-pipeline.test.ts) runs both on the same inputs.
import { toResponse } from "./api.ts";
import { NewsSearchRequest, type NewsSearchResponse } from "./schemas.ts";
import {
  analyzeQueryStep,
  formatResultsStep,
  generateResponseStep,
  searchNewsStep,
  searchPublicationsStep,
  selectDocumentsStep,
} from "./steps.ts";
import type { NewsDeps } from "./wiring.ts";

export async function runNewsSearch(
  request: unknown,
  deps: NewsDeps,
  opts: { deadlineAt?: number } = {},
): Promise<NewsSearchResponse> {
  const req = NewsSearchRequest.parse(request);
  const analyzed = await analyzeQueryStep({ ...req, deadlineAt: opts.deadlineAt }, deps);
  const branches = await Promise.all([
    searchNewsStep(analyzed, deps),
    searchPublicationsStep(analyzed, deps),
  ]);
  const formatted = await formatResultsStep(branches);
  const selected = await selectDocumentsStep(formatted, deps);
  const done = await generateResponseStep(selected, deps);
  return toResponse(done, deps.now().getTime());
}
