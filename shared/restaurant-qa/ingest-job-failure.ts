// How an ingest job that did not finish is told: a Korean sentence of why (never the machinery that
// ran it) and how far it got (`writtenCount` of `total`, the finished batches' reports merged), when it
// failed in its workflow (FailIngest), when its worker's lease ran out (AWS), and when the one process
// that ran it is started again (npm start). Uploading the same file again finishes it.
import type { Job, JobRepository } from "../store/jobs.ts";
import { leaseExpired } from "../store/jobs.ts";
import type { BlobStore } from "../store/blobs.ts";
import { logger } from "../platform/log.ts";
import { IngestBatchState, IngestReport, mergeReports } from "./ingest.ts";
import {
  batchKey,
  reportKeyOf,
  REJECTIONS_IN_RECORD,
  WRITTEN_IN_RECORD,
  type BatchRef,
} from "./ingest-job.ts";

/** What a failed job's reader is told to do: the same file again finishes it. */
const RE_UPLOAD =
  "같은 파일을 다시 올리면 나머지를 색인합니다 (이미 색인된 문서는 바뀌지 않은 것으로 건너뜁니다).";

/** The job whose worker stopped: what happened, in a sentence. */
const workerGone = (job: Job) =>
  `작업을 처리하던 프로세스가 멈췄습니다 (마지막 신호 ${job.heartbeatAt ?? job.updatedAt}).`;

/** The job whose worker stopped renewing its lease: why it is marked failed (what the caller reads). */
export const leaseExpiredReason = (job: Job) => `${workerGone(job)} ${RE_UPLOAD}`;

/** "문서 1,500개 중 1,100개를 색인했습니다" (the total when the job knew it). */
const writtenOf = (written: number, total?: number) =>
  total === undefined ? `문서 ${written}개를 색인했습니다` : `문서 ${total}개 중 ${written}개를 색인했습니다`;

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

/** Step Functions' and Lambda's names for a task that ran out of time. */
const TIMEOUTS = new Set(["States.Timeout", "Sandbox.Timedout", "States.HeartbeatTimeout"]);

/**
 * Why a job stopped, as a Korean sentence for its reader: what happened (never the name of the
 * machinery that ran it: no Sandbox, States or Lambda), how much was written, and what to do.
 */
export function ingestFailure(
  error: { Error?: string; Cause?: string } | undefined,
  written: number,
  total?: number,
): string {
  const name = error?.Error ?? "";
  const cause = causeMessage(error?.Cause);
  const what = TIMEOUTS.has(name)
    ? "한 묶음이 시간 제한 안에 끝나지 않아 (다시 시도했지만 또 넘겨) 작업을 멈췄습니다"
    : name === "States.DataLimitExceeded"
      ? "한 묶음의 데이터가 단계 사이에 넘길 수 있는 크기(256KB)를 넘어 작업을 멈췄습니다"
      : /^(?:States|Lambda|Sandbox)\./.test(name) || !cause
        ? "문서를 처리하던 단계가 예기치 않게 끝나 작업을 멈췄습니다"
        : `문서를 색인하다 오류가 나 작업을 멈췄습니다 (원인: ${cause.slice(0, 300)})`;
  return `${what}. ${writtenOf(written, total)}. ${RE_UPLOAD}`;
}

/** A blob's JSON, or undefined when it is missing or not JSON (cut off by a process that was killed). */
function jsonOf(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The reports of the batches that finished (a batch whose report is missing or unreadable did not). */
async function finishedBatches(refs: readonly BatchRef[], blobs: BlobStore): Promise<IngestReport[]> {
  const done: IngestReport[] = [];
  for (const ref of refs) {
    const parsed = IngestReport.safeParse(jsonOf(await blobs.get(ref.reportKey)));
    if (parsed.success) done.push(parsed.data);
  }
  return done;
}

/** What a failed job's record says it wrote: the finished batches' reports merged, with the whole's size. */
function partialResult(done: IngestReport[], batchesTotal: number, total?: number) {
  const { written, rejected, ...rest } = mergeReports(done);
  return {
    ...rest,
    partial: true,
    batchesDone: done.length,
    batchesTotal,
    ...(total !== undefined ? { total } : {}),
    rejected: rejected.slice(0, REJECTIONS_IN_RECORD),
    rejectedCount: rejected.length,
    written: (written ?? []).slice(0, WRITTEN_IN_RECORD),
    writtenCount: written?.length ?? 0,
  };
}

/**
 * Marks a job failed with why. Batches that finished before the failure wrote their documents: their
 * reports are merged into the record (`partial: true`, which batches, `writtenCount` of `total`), so
 * the caller learns exactly which documents were written and that the rest were not.
 */
export async function failIngestJob(
  input: { jobId: string; error?: { Error?: string; Cause?: string }; batches?: BatchRef[] },
  jobs: JobRepository,
  blobs: BlobStore,
): Promise<{ jobId: string; status: "failed" }> {
  const batches = input.batches ?? [];
  const done = await finishedBatches(batches, blobs);
  const total = (await jobs.get(input.jobId))?.total;
  const result = partialResult(done, batches.length, total);
  await jobs.update(input.jobId, "failed", {
    error: ingestFailure(input.error, result.writtenCount, total),
    ...(done.length || total !== undefined ? { result } : {}),
  });
  return { jobId: input.jobId, status: "failed" };
}

/** A job's batches as the split made them (their keys follow from the job's id and batch count). */
const batchRefsOf = (job: Job): BatchRef[] =>
  Array.from({ length: job.batchesTotal ?? 0 }, (_, n) => ({
    jobId: job.id,
    key: batchKey(job.id, n),
    reportKey: reportKeyOf(batchKey(job.id, n)),
    firstIndex: 0,
  }));

/**
 * How many of a batch's records the index already holds as sent (the ingest's own "unchanged" check,
 * read-only): a batch cut off between its index write and its report wrote them all the same.
 */
export type HeldCount = (batch: IngestBatchState) => Promise<number>;

/** Records a batch without a report holds in the index (0 when its blob cannot be read). */
async function heldWithoutReport(ref: BatchRef, blobs: BlobStore, held: HeldCount): Promise<number> {
  const items = jsonOf(await blobs.get(ref.key));
  if (!Array.isArray(items)) return 0;
  return held(IngestBatchState.parse({ firstIndex: ref.firstIndex, items }));
}

/**
 * Records what a job whose worker died had written, beside why it failed: its finished batches'
 * reports, and (given `held`) the records of unfinished batches the index already holds as sent.
 */
async function recordWritten(
  job: Job,
  jobs: JobRepository,
  blobs: BlobStore,
  held?: HeldCount,
): Promise<void> {
  const refs = batchRefsOf(job);
  const done: IngestReport[] = [];
  let heldUnreported = 0;
  for (const ref of refs) {
    const report = IngestReport.safeParse(jsonOf(await blobs.get(ref.reportKey)));
    if (report.success) done.push(report.data);
    else if (held) heldUnreported += await heldWithoutReport(ref, blobs, held);
  }
  const result = partialResult(done, refs.length, job.total);
  // counted, not listed: `written` names the records of finished batches by position
  result.writtenCount += heldUnreported;
  const error = `${workerGone(job)} ${writtenOf(result.writtenCount, job.total)}. ${RE_UPLOAD}`;
  await jobs.update(job.id, "failed", { error, result });
}

/**
 * On a one-process server's start-up: every ingest job still pending or running lost its worker with
 * the last stop (nothing else runs its jobs), so each is marked failed at once, with what it wrote —
 * `writtenCount` of `total` — not left `running` until its lease runs out. Returns their ids.
 */
export async function failOrphanedIngestJobs(
  jobs: JobRepository,
  blobs: BlobStore,
  held?: HeldCount,
): Promise<string[]> {
  const out: string[] = [];
  for (const job of await jobs.unfinished()) {
    if (job.kind !== "restaurant-ingest") continue;
    try {
      await recordWritten(job, jobs, blobs, held);
    } catch (err) {
      // what it wrote could not be read: failed all the same, with why (a start-up never stops here)
      logger.warn("an ingest job's batch reports could not be read", {
        jobId: job.id,
        error: (err as Error).message,
      });
      await jobs.update(job.id, "failed", { error: leaseExpiredReason(job) });
    }
    out.push(job.id);
  }
  return out;
}

/**
 * On start-up (or when a job is read): every ingest job still pending or running whose lease ran out
 * is marked failed with a Korean reason (its worker died: re-uploading is safe, since unchanged records
 * are skipped). Returns the ids marked.
 */
export async function recoverIngestJobs(
  jobs: JobRepository,
  blobs: BlobStore,
  now = Date.now(),
): Promise<string[]> {
  const before = new Map((await jobs.unfinished()).map((j) => [j.id, j]));
  const marked = await jobs.expireLeases(leaseExpiredReason, now);
  for (const id of marked) {
    const job = before.get(id);
    if (job) await recordWritten(job, jobs, blobs);
  }
  return marked;
}

/** A job read: marked failed first when its lease ran out (so no reader sees it `running` for ever). */
export async function readJob(
  jobs: JobRepository,
  blobs: BlobStore,
  id: string,
  now = Date.now(),
): Promise<Job | null> {
  const job = await jobs.get(id);
  if (!job || !leaseExpired(job, now)) return job;
  if (await jobs.failExpired(job, leaseExpiredReason(job), now)) await recordWritten(job, jobs, blobs);
  return jobs.get(id);
}
