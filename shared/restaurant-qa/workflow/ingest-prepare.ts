// Lambda: ingest step 1 — validate against the crawl schema, preprocess, skip what the index holds.
import { IngestBatchState, prepareIngestStep } from "../ingest.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const prepareIngest = defineStep({
  state: "PrepareIngest",
  description: "Restaurant ingest: validate and preprocess a batch",
  input: IngestBatchState,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 30, index: "read" },
  entry: "restaurant-qa/ingest-prepare.ts",
  // real documents arriving: the demo corpus is not loaded for them (and gives way if it was) — once a
  // batch holds a valid record, so an upload with none changes nothing
  run: (input, rt) => {
    const qa = qaRuntime(rt);
    return prepareIngestStep(input, { ...qa.deps, beforeWrite: () => qa.beforeIngest() });
  },
});
