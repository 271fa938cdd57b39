// The ingest job's own steps (a large upload, 202 + a job): split the upload into batches kept in the
// blob store, load one batch for the four ingest steps, keep each batch's report, and finish — the
// reports merged, the rejections written beside the upload, the job record completed (or failed).
import { z } from "zod";
import {
  BatchRef,
  finishIngestJob,
  IngestJobInput,
  IngestJobState,
  loadIngestBatch,
  RecordInput,
  recordIngestBatch,
  splitIngestJob,
} from "../ingest-job.ts";
import { failIngestJob } from "../ingest-job-failure.ts";
import { IngestBatchState } from "../ingest.ts";
import { qaBlobs, qaJobs } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

const blobsAndJobs = { blobs: "readwrite", tables: { qa: "readwrite" } } as const;

export const splitIngest = defineStep({
  state: "SplitIngest",
  description: "Restaurant ingest job: split the upload into batches",
  input: IngestJobInput,
  output: IngestJobState,
  lambda: { timeoutSeconds: 120, memoryMb: 1024, ...blobsAndJobs },
  entry: "restaurant-qa/ingest-split.ts",
  run: (input, rt) => splitIngestJob(input, qaBlobs(rt), qaJobs(rt)),
});

export const loadIngest = defineStep({
  state: "LoadIngestBatch",
  description: "Restaurant ingest job: one batch from the blob store",
  input: BatchRef,
  output: IngestBatchState,
  lambda: { timeoutSeconds: 30, blobs: "read" },
  entry: "restaurant-qa/ingest-load.ts",
  run: (input, rt) => loadIngestBatch(input, qaBlobs(rt)),
});

export const recordIngest = defineStep({
  state: "RecordIngestBatch",
  description: "Restaurant ingest job: keep a batch's report",
  input: RecordInput,
  output: z.object({ reportKey: z.string() }),
  lambda: { timeoutSeconds: 30, ...blobsAndJobs },
  entry: "restaurant-qa/ingest-record.ts",
  // the job's heartbeat: its lease renewed once a batch
  run: (input, rt) => recordIngestBatch(input, qaBlobs(rt), qaJobs(rt)),
});

export const finishIngest = defineStep({
  state: "FinishIngest",
  description: "Restaurant ingest job: merge the reports, write the rejections, complete the job",
  input: IngestJobState,
  output: z.object({ jobId: z.string(), status: z.literal("completed") }),
  lambda: { timeoutSeconds: 120, ...blobsAndJobs },
  entry: "restaurant-qa/ingest-finish.ts",
  run: (input, rt) => finishIngestJob(input, qaBlobs(rt), qaJobs(rt)),
});

export const failIngest = defineStep({
  state: "FailIngest",
  description: "Restaurant ingest job: record why it stopped",
  // the batches say which reports to look for (none when the split failed)
  input: z.object({
    jobId: z.string(),
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
    batches: z.array(BatchRef),
  }),
  output: z.object({ jobId: z.string(), status: z.literal("failed") }),
  lambda: { timeoutSeconds: 60, blobs: "read", tables: { qa: "readwrite" } },
  entry: "restaurant-qa/ingest-fail.ts",
  run: (input, rt) => failIngestJob(input, qaJobs(rt), qaBlobs(rt)),
});
