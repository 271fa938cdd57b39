// Lambda: ingest step 1 — validate against the crawl schema, preprocess, skip what the index holds.
import { IngestBatchState, prepareIngestStep } from "../../shared/restaurant-qa/ingest.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const prepareIngest = defineStep({
  state: "PrepareIngest",
  description: "Restaurant ingest: validate and preprocess a batch",
  input: IngestBatchState,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 30, index: "read" },
  entry: import.meta.url,
  // real documents arriving: the demo corpus is not loaded for them (and gives way if it was)
  run: async (input, rt) => {
    const qa = qaRuntime(rt);
    await qa.beforeIngest();
    return prepareIngestStep(input, qa.deps);
  },
});

export const handler = lambdaHandler(prepareIngest);
