// Lambda: ingest step 4 — create the index if absent (checking its embedder), one bulk write of whole
// documents, and the title cache sees the new ones.
import { indexIngestStep, IngestBatchState } from "../../shared/restaurant-qa/ingest.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const indexIngest = defineStep({
  state: "IndexIngest",
  description: "Restaurant ingest: bulk-index a batch (upsert by place_id)",
  input: IngestBatchState,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 60, index: "write" },
  entry: import.meta.url,
  run: async (input, rt) => {
    const qa = qaRuntime(rt);
    const out = await indexIngestStep(input, qa.deps);
    await qa.deps.index.flush?.();
    qa.deps.titles.invalidate();
    return out;
  },
});

export const handler = lambdaHandler(indexIngest);
