// Lambda: ingest step 3 — the summaries embedded (Titan in AWS).
import { embedIngestStep, IngestBatchState } from "../ingest.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const embedIngest = defineStep({
  state: "EmbedIngest",
  description: "Restaurant ingest: embed a batch's summaries",
  input: IngestBatchState,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 60, embeddings: true },
  entry: "restaurant-qa/ingest-embed.ts",
  run: (input, rt) => embedIngestStep(input, qaRuntime(rt).deps),
});
