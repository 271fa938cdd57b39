// Lambda: ingest step 4 — create the index if absent (checking its embedder), one bulk write of whole
// documents, and the title cache sees the new ones.
import { indexIngestStep, IngestBatchState } from "../ingest.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const indexIngest = defineStep({
  state: "IndexIngest",
  description: "Restaurant ingest: bulk-index a batch (upsert by place_id)",
  input: IngestBatchState,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 60, index: "write" },
  entry: "restaurant-qa/ingest-index.ts",
  run: async (input, rt) => {
    const qa = qaRuntime(rt);
    const out = await indexIngestStep(input, qa.deps);
    // the file is written when this batch wrote something (a batch of rejections changes nothing)
    if (out.written.some((w) => w.result !== "unchanged")) {
      await qa.deps.index.flush?.();
      qa.deps.titles.invalidate();
    }
    return out;
  },
});
