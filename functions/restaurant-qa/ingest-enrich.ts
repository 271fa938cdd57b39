// Lambda: ingest step 2 — 002 §5.2 enrichment (the LLM when keyed, else rules).
import { enrichIngestStep, IngestBatchState } from "../../shared/restaurant-qa/ingest.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const enrichIngest = defineStep({
  state: "EnrichIngest",
  description: "Restaurant ingest: enrich a batch (002 §5.2)",
  input: IngestBatchState,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 300, keys: true },
  entry: import.meta.url,
  run: (input, rt) => enrichIngestStep(input, qaRuntime(rt).deps),
});

export const handler = lambdaHandler(enrichIngest);
