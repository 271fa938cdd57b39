// Lambda: ingest step 2 — 002 §5.2 enrichment (the LLM when keyed, else rules).
import { enrichIngestStep, IngestBatchState } from "../ingest.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const enrichIngest = defineStep({
  state: "EnrichIngest",
  description: "Restaurant ingest: enrich a batch (002 §5.2)",
  input: IngestBatchState,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 300, keys: true },
  entry: "restaurant-qa/ingest-enrich.ts",
  run: (input, rt) => enrichIngestStep(input, qaRuntime(rt).deps),
});
