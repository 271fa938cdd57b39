// A large upload as a job (the ingest workflow, Standard): the JSONL upload is split into batches kept
// in the blob store (the workflow's state carries only references), each batch runs the four ingest
// steps and keeps its report, and the job ends with the reports merged, the rejections written beside
// the upload (a line each: {index, place_id?, field, reason}) and the job record completed.
import { z } from "zod";
import { leaseExpired, type Job, type JobRepository } from "../store/jobs.ts";
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
const REJECTIONS_IN_RECORD = 100;

export const rejectionsKey = (uploadKey: string) => `${uploadKey}.rejections.jsonl`;

/** What a response says of a blob: a reference inside the store, never where the server keeps it. */
export const blobRef = (key: string) => `blob:${key}`;

/** Records a job's rejections written in the job record, and of the written ones. */
const WRITTEN_IN_RECORD = 100;

/** The job whose worker stopped renewing its lease: why it is marked failed (what the caller reads). */
export const leaseExpiredReason = (job: Job) =>
  `작업을 처리하던 프로세스가 멈췄습니다 (마지막 신호 ${job.heartbeatAt ?? job.updatedAt}). ` +
  "같은 파일을 다시 올려 주세요: 이미 색인된 문서는 바뀌지 않은 것으로 건너뜁니다.";

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
  const screened = screenUpload(parseJsonLines(text).items);
  const batches = ingestBatches(screened.items, { indices: screened.indices });
  if (!batches.length && screened.rejected.length) batches.push({ firstIndex: 0, items: [] });
  const refs: BatchRef[] = [];
  for (const [n, batch] of batches.entries()) {
    const key = `jobs/${input.jobId}/batches/${String(n).padStart(5, "0")}.json`;
    await blobs.put(key, JSON.stringify(batch.items), "application/json");
    refs.push({
      jobId: input.jobId,
      key,
      reportKey: key.replace(".json", ".report.json"),
      firstIndex: batch.firstIndex,
      ...(batch.indices ? { indices: batch.indices } : {}),
      ...(n === 0 && screened.rejected.length ? { rejected: screened.rejected.slice(0, 1000) } : {}),
      ...(n === 0 && screened.warnings.length ? { warnings: screened.warnings.slice(0, 1000) } : {}),
      ...(input.enrichment ? { enrichment: input.enrichment } : {}),
    });
  }
  await jobs.update(input.jobId, "running");
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

/** A Step Functions Cause as a sentence: a Lambda error's JSON gives its errorMessage, not its stack. */
function causeMessage(cause: string | undefined): string {
  if (!cause) return "";
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === "string") return parsed.errorMessage;
  } catch {
    // a plain sentence already
  }
  return cause;
}

/**
 * Marks a job failed with why. Batches that finished before the failure wrote their documents: their
 * reports are merged into the record (`partial: true`, which batches), so the caller learns exactly
 * which documents were written and that the rest were not.
 */
export async function failIngestJob(
  input: { jobId: string; error?: { Error?: string; Cause?: string }; batches?: BatchRef[] },
  jobs: JobRepository,
  blobs: BlobStore,
): Promise<{ jobId: string; status: "failed" }> {
  const done: { ref: BatchRef; report: IngestReport }[] = [];
  for (const ref of input.batches ?? []) {
    const text = await blobs.get(ref.reportKey);
    const parsed = text === null ? undefined : IngestReport.safeParse(JSON.parse(text));
    if (parsed?.success) done.push({ ref, report: parsed.data });
  }
  const { written, rejected, ...rest } = mergeReports(done.map((d) => d.report));
  await jobs.update(input.jobId, "failed", {
    error: `${input.error?.Error ?? "error"}: ${causeMessage(input.error?.Cause)}`,
    ...(done.length
      ? {
          result: {
            ...rest,
            partial: true,
            batchesDone: done.length,
            batchesTotal: input.batches!.length,
            rejected: rejected.slice(0, REJECTIONS_IN_RECORD),
            rejectedCount: rejected.length,
            ...(written
              ? { written: written.slice(0, WRITTEN_IN_RECORD), writtenCount: written.length }
              : {}),
          },
        }
      : {}),
  });
  return { jobId: input.jobId, status: "failed" };
}

/**
 * On start-up (or when a job is read): every ingest job still pending or running whose lease ran out
 * is marked failed with a Korean reason (its worker died: re-uploading is safe, since unchanged records
 * are skipped). Returns the ids marked.
 */
export function recoverIngestJobs(jobs: JobRepository, now = Date.now()): Promise<string[]> {
  return jobs.expireLeases(leaseExpiredReason, now);
}

/** A job read: marked failed first when its lease ran out (so no reader sees it `running` for ever). */
export async function readJob(jobs: JobRepository, id: string, now = Date.now()): Promise<Job | null> {
  const job = await jobs.get(id);
  if (!job || !leaseExpired(job, now)) return job;
  await jobs.failExpired(job, leaseExpiredReason(job), now);
  return jobs.get(id);
}
