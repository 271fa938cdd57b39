// Lambda: ingest step 3 — the summaries embedded (Titan in AWS).
import { embedIngestStep, IngestBatchState } from "../../shared/restaurant-qa/ingest.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const embedIngest = defineStep({
  state: "EmbedIngest",
  description: "Restaurant ingest: embed a batch's summaries",
  input: IngestBatchState,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 60, embeddings: true },
  entry: import.meta.url,
  run: (input, rt) => embedIngestStep(input, qaRuntime(rt).deps),
});

export const handler = lambdaHandler(embedIngest);
