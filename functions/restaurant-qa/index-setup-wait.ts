// The restaurant index's custom resource (CDK provider framework, isComplete): the deploy waits until
// the demo corpus job the setup started has ended; a first deploy fails when the corpus did not load
// whole (shared/restaurant-qa/deploy-index.ts says why), a later one says so in the DemoCorpus output.
import { demoLoaded } from "../../shared/restaurant-qa/deploy-index.ts";
import { qaJobs } from "../../shared/restaurant-qa/wiring.ts";
import { runtime } from "../../shared/runtime/runtime.ts";

export async function handler(event: {
  RequestType: string;
  Data?: { DemoJobId?: string; Corpus?: string };
}) {
  if (event.RequestType === "Delete") return { IsComplete: true };
  const progress = await demoLoaded(qaJobs(await runtime()), event.Data?.DemoJobId, {
    create: event.RequestType === "Create",
    corpus: event.Data?.Corpus ? Number(event.Data.Corpus) : undefined,
  });
  // the framework refuses Data with IsComplete false
  return progress.complete
    ? { IsComplete: true, ...(progress.loaded ? { Data: { DemoCorpus: progress.loaded } } : {}) }
    : { IsComplete: false };
}
