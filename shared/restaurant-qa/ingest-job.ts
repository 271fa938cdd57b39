// A large upload as a job (the ingest workflow, Standard): the JSONL upload is split into batches kept
// in the blob store (the workflow's state carries only references), each batch runs the four ingest
// steps and keeps its report, and the job ends with the reports merged, the rejections written beside
// the upload (a line each: {index, place_id?, field, reason}) and the job record completed.
import { z } from "zod";
import type { JobRepository } from "../store/jobs.ts";
import type { BlobStore } from "../store/blobs.ts";
import { parseJsonLines } from "../places/restaurant-crawl.ts";
import {
  EnrichmentMode,
  ingestBatches,
  IngestBatchState,
  IngestReport,
  mergeReports,
  reportOf,
} from "./ingest.ts";

export const IngestJobInput = z.object({
  jobId: z.string(),
  key: z.string(),
  enrichment: EnrichmentMode.optional(),
});
export type IngestJobInput = z.infer<typeof IngestJobInput>;

export const BatchRef = z.object({
  jobId: z.string(),
  /** the batch's items (a JSON array) */
  key: z.string(),
  /** where the batch's report goes */
  reportKey: z.string(),
  firstIndex: z.number().int().nonnegative(),
  enrichment: EnrichmentMode.optional(),
});
export type BatchRef = z.infer<typeof BatchRef>;

export const IngestJobState = IngestJobInput.extend({ batches: z.array(BatchRef) });
export type IngestJobState = z.infer<typeof IngestJobState>;

/** The rejections kept in the job record; all of them are in the file beside the upload. */
const REJECTIONS_IN_RECORD = 100;

export const rejectionsKey = (uploadKey: string) => `${uploadKey}.rejections.jsonl`;

export async function splitIngestJob(
  input: IngestJobInput,
  blobs: BlobStore,
  jobs: JobRepository,
): Promise<IngestJobState> {
  const text = await blobs.get(input.key);
  if (text === null) throw new Error(`the upload ${blobs.locate(input.key)} is not there`);
  const batches = ingestBatches(parseJsonLines(text).items);
  const refs: BatchRef[] = [];
  for (const [n, batch] of batches.entries()) {
    const key = `jobs/${input.jobId}/batches/${String(n).padStart(5, "0")}.json`;
    await blobs.put(key, JSON.stringify(batch.items), "application/json");
    refs.push({
      jobId: input.jobId,
      key,
      reportKey: key.replace(".json", ".report.json"),
      firstIndex: batch.firstIndex,
      ...(input.enrichment ? { enrichment: input.enrichment } : {}),
    });
  }
  await jobs.update(input.jobId, "running");
  return { ...input, batches: refs };
}

export async function loadIngestBatch(ref: BatchRef, blobs: BlobStore): Promise<IngestBatchState> {
  const text = await blobs.get(ref.key);
  if (text === null) throw new Error(`batch ${blobs.locate(ref.key)} is not there`);
  return IngestBatchState.parse({
    firstIndex: ref.firstIndex,
    enrichment: ref.enrichment,
    items: JSON.parse(text) as unknown,
  });
}

export const RecordInput = z.object({ reportKey: z.string(), batch: IngestBatchState });

export async function recordIngestBatch(
  input: z.infer<typeof RecordInput>,
  blobs: BlobStore,
): Promise<{ reportKey: string }> {
  await blobs.put(input.reportKey, JSON.stringify(reportOf(input.batch)), "application/json");
  return { reportKey: input.reportKey };
}

export async function finishIngestJob(
  state: IngestJobState,
  blobs: BlobStore,
  jobs: JobRepository,
): Promise<{ jobId: string; status: "completed" }> {
  const reports: IngestReport[] = [];
  for (const ref of state.batches) {
    const text = await blobs.get(ref.reportKey);
    if (text === null) throw new Error(`batch ${ref.firstIndex}'s report is missing`);
    reports.push(IngestReport.parse(JSON.parse(text)));
  }
  const report = mergeReports(reports);
  const where = rejectionsKey(state.key);
  await blobs.put(
    where,
    report.rejected.map((r) => JSON.stringify(r)).join("\n") + (report.rejected.length ? "\n" : ""),
  );
  await jobs.update(state.jobId, "completed", {
    result: {
      ...report,
      rejected: report.rejected.slice(0, REJECTIONS_IN_RECORD),
      rejectedCount: report.rejected.length,
      rejections: blobs.locate(where),
    },
  });
  return { jobId: state.jobId, status: "completed" };
}

export async function failIngestJob(
  input: { jobId: string; error?: { Error?: string; Cause?: string } },
  jobs: JobRepository,
): Promise<{ jobId: string; status: "failed" }> {
  await jobs.update(input.jobId, "failed", {
    error: `${input.error?.Error ?? "error"}: ${input.error?.Cause ?? ""}`,
  });
  return { jobId: input.jobId, status: "failed" };
}
