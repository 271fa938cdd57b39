// A large upload as a job (the ingest workflow, Standard): the JSONL upload is split into batches kept
// in the blob store (the workflow's state carries only references), each batch runs the four ingest
// steps and keeps its report, and the job ends with the reports merged, the rejections written beside
// the upload (a line each: {index, place_id?, field, reason}) and the job record completed. How a job
// that does not finish is marked failed, and told: ingest-job-failure.ts.
import { z } from "zod";
import type { JobRepository } from "../store/jobs.ts";
import type { BlobStore } from "../store/blobs.ts";
import { parseJsonLines, Rejection } from "../places/restaurant-crawl.ts";
import {
  EnrichmentMode,
  ingestBatches,
  screenUpload,
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
  /** the items' positions in the upload, when records were taken out before (too large) */
  indices: z.array(z.number().int().nonnegative()).max(1000).optional(),
  /** records rejected before batching (too large), reported with this batch */
  rejected: z.array(Rejection).max(1000).optional(),
  warnings: z.array(z.string()).max(1000).optional(),
  enrichment: EnrichmentMode.optional(),
});
export type BatchRef = z.infer<typeof BatchRef>;

export const IngestJobState = IngestJobInput.extend({ batches: z.array(BatchRef) });
export type IngestJobState = z.infer<typeof IngestJobState>;

/** The rejections kept in the job record; all of them are in the file beside the upload. */
export const REJECTIONS_IN_RECORD = 100;

export const rejectionsKey = (uploadKey: string) => `${uploadKey}.rejections.jsonl`;

/** What a response says of a blob: a reference inside the store, never where the server keeps it. */
export const blobRef = (key: string) => `blob:${key}`;

/** Records a job's rejections written in the job record, and of the written ones. */
export const WRITTEN_IN_RECORD = 100;

/** Where a job's batch n is kept (its report beside it: .report.json). */
export const batchKey = (jobId: string, n: number) =>
  `jobs/${jobId}/batches/${String(n).padStart(5, "0")}.json`;
export const reportKeyOf = (key: string) => key.replace(".json", ".report.json");

/** the job id of a batch's report key (jobs/<id>/batches/00000.report.json) */
const jobOfReportKey = (key: string) => /^jobs\/([^/]+)\//.exec(key)?.[1];

export async function splitIngestJob(
  input: IngestJobInput,
  blobs: BlobStore,
  jobs: JobRepository,
): Promise<IngestJobState> {
  const text = await blobs.get(input.key);
  if (text === null) throw new Error(`the upload ${blobRef(input.key)} is not there`);
  // a record too large for a batch's state is rejected here, with its position; the rest go on
  const { items } = parseJsonLines(text);
  const screened = screenUpload(items);
  const batches = ingestBatches(screened.items, { indices: screened.indices });
  if (!batches.length && screened.rejected.length) batches.push({ firstIndex: 0, items: [] });
  const refs: BatchRef[] = [];
  for (const [n, batch] of batches.entries()) {
    const key = batchKey(input.jobId, n);
    await blobs.put(key, JSON.stringify(batch.items), "application/json");
    refs.push({
      jobId: input.jobId,
      key,
      reportKey: reportKeyOf(key),
      firstIndex: batch.firstIndex,
      ...(batch.indices ? { indices: batch.indices } : {}),
      ...(n === 0 && screened.rejected.length ? { rejected: screened.rejected.slice(0, 1000) } : {}),
      ...(n === 0 && screened.warnings.length ? { warnings: screened.warnings.slice(0, 1000) } : {}),
      ...(input.enrichment ? { enrichment: input.enrichment } : {}),
    });
  }
  // what the job works through: a reader (and a failure) can say how much of it was written
  await jobs.update(input.jobId, "running", { total: items.length, batchesTotal: refs.length });
  await jobs.heartbeat(input.jobId);
  return { ...input, batches: refs };
}

export async function loadIngestBatch(ref: BatchRef, blobs: BlobStore): Promise<IngestBatchState> {
  const text = await blobs.get(ref.key);
  if (text === null) throw new Error(`batch ${blobRef(ref.key)} is not there`);
  return IngestBatchState.parse({
    firstIndex: ref.firstIndex,
    enrichment: ref.enrichment,
    items: JSON.parse(text) as unknown,
    ...(ref.indices ? { indices: ref.indices } : {}),
    ...(ref.rejected ? { rejected: ref.rejected } : {}),
    ...(ref.warnings ? { warnings: ref.warnings } : {}),
  });
}

export const RecordInput = z.object({ reportKey: z.string(), batch: IngestBatchState });

/** A batch's report kept, and the job's lease renewed (the worker's heartbeat, once a batch). */
export async function recordIngestBatch(
  input: z.infer<typeof RecordInput>,
  blobs: BlobStore,
  jobs?: JobRepository,
): Promise<{ reportKey: string }> {
  await blobs.put(input.reportKey, JSON.stringify(reportOf(input.batch)), "application/json");
  const jobId = jobOfReportKey(input.reportKey);
  if (jobs && jobId) await jobs.heartbeat(jobId);
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
  const { written, ...rest } = report;
  await jobs.update(state.jobId, "completed", {
    result: {
      ...rest,
      rejected: report.rejected.slice(0, REJECTIONS_IN_RECORD),
      rejectedCount: report.rejected.length,
      ...(written ? { written: written.slice(0, WRITTEN_IN_RECORD), writtenCount: written.length } : {}),
      rejections: blobRef(where),
    },
  });
  return { jobId: state.jobId, status: "completed" };
}
