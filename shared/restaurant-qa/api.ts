// The restaurant QA API, implemented once (seed 002): questions and searches run the QA workflow within
// the request's budget; a document upload that fits the budget runs the ingest workflow batch by batch
// in the request, a larger one is kept in the blob store and becomes a job (202 + its status URL).
import { randomUUID } from "node:crypto";
import { Deadline } from "../platform/deadline.ts";
import { scopedConversation } from "./memory.ts";
import { JobRepository, type Job } from "../store/jobs.ts";
import { recordMetrics } from "../platform/metrics.ts";
import type { BlobStore } from "../store/blobs.ts";
import type { Workflows } from "../workflows/port.ts";
import type { StoredDocument } from "../places/restaurant-document.ts";
import type { QaRuntime } from "./wiring.ts";
import {
  ingestBatches,
  IngestBatchState,
  mergeReports,
  prepareIngestStep,
  reportOf,
  screenUpload,
  syncIngestLimit,
  type IngestBatch,
  type IngestReport,
} from "./ingest.ts";
import { blobRef } from "./ingest-job.ts";
import { failOrphanedIngestJobs, readJob, recoverIngestJobs } from "./ingest-job-failure.ts";
import { wellFormed } from "../places/restaurant-crawl.ts";
import { logger } from "../platform/log.ts";
import {
  QaState,
  type AskRequest,
  type AskResponse,
  type SearchRequest,
  type SearchResponse,
} from "./state.ts";
import { askResponse, searchResponse } from "./responses.ts";
import { retrieveStep } from "./steps.ts";
import type { z } from "zod";

export type IngestOutcome = { kind: "done"; report: IngestReport } | { kind: "job"; jobId: string };

export interface RestaurantQaServiceDeps {
  workflows: Workflows;
  qa: () => QaRuntime;
  blobs: () => BlobStore;
  jobs: () => JobRepository;
  budgetMs: number;
  pricePerMTok: { input: number; output: number };
}

export class RestaurantQaService {
  constructor(private readonly d: RestaurantQaServiceDeps) {}

  private async run(request: Record<string, unknown> & { query: string }): Promise<QaState> {
    const deadline = Deadline.in(this.d.budgetMs);
    // a lone surrogate in the question becomes U+FFFD (no provider, index or URL takes one), said so
    const wf = wellFormed(request.query);
    const warnings = wf.fields.length
      ? ["질문에 짝이 없는 서로게이트 문자가 있어 U+FFFD(\ufffd)로 바꿔 찾았어요"]
      : [];
    const state = QaState.parse(
      await this.d.workflows.runSync(
        "qa",
        {
          ...request,
          query: wf.value as string,
          deadlineAt: deadline.at,
          meta: { startedAt: Date.now(), ...(warnings.length ? { warnings } : {}) },
        },
        deadline,
      ),
    );
    // LLM calls, tokens and spend are recorded where each call happens (shared/llm/gated.ts)
    recordMetrics("restaurant-qa", {
      ProviderCalls: state.meta.apiCalls,
      Latency: state.meta.startedAt ? Date.now() - state.meta.startedAt : undefined,
    });
    return state;
  }

  /**
   * Every answer opens or continues a conversation: a new id when none was sent. The id is stored
   * scoped to the caller's key, so a follow-up on another key's id starts afresh.
   */
  async ask(request: z.infer<typeof AskRequest>, caller = "anonymous"): Promise<AskResponse> {
    const conversationId = request.conversationId ?? randomUUID();
    const res = askResponse(
      await this.run({
        ...request,
        conversationId: scopedConversation(caller, conversationId),
        mode: "ask",
      }),
      this.d.qa().deps,
    );
    return { ...res, conversationId };
  }

  async search(request: z.infer<typeof SearchRequest>): Promise<SearchResponse> {
    return searchResponse(await this.run({ ...request, mode: "search" }), this.d.qa().deps);
  }

  /**
   * What the first question would otherwise build while its caller waits, built now (a server does
   * it before it says it is ready): the index (the local demo corpus), its title dictionary, and one
   * retrieval through the index's query path (the postings it builds on its first search). No LLM.
   */
  async warm(): Promise<void> {
    const deps = this.d.qa().deps;
    await deps.index.count();
    await deps.titles.get();
    await retrieveStep(
      {
        query: "망원동 파스타",
        mode: "search",
        structured_query: { location: [{ name: "망원동", relation: "nearby" }], menu: ["파스타"] },
      },
      deps,
    );
  }

  get(placeId: string): Promise<StoredDocument | null> {
    return this.d.qa().qa.get(placeId);
  }

  /**
   * Up to the synchronous limit, each batch through the ingest workflow within the request's budget;
   * above it, a job. Rejections carry the index of the record in `documents`.
   */
  async ingest(
    documents: readonly unknown[],
    caller: string,
    opts: { enrichment?: "auto" | "rules" } = {},
  ): Promise<IngestOutcome> {
    if (documents.length <= syncIngestLimit(this.d.qa().deps)) {
      const deadline = Deadline.in(this.d.budgetMs);
      // records too large for a batch are rejected before any batch runs (with their positions)
      const screened = screenUpload(documents);
      const reports: IngestReport[] = [
        { ...emptyReport(), rejected: screened.rejected, warnings: screened.warnings },
      ];
      let done = 0;
      for (const batch of ingestBatches(screened.items, { indices: screened.indices })) {
        try {
          const out = await this.d.workflows.runSync(
            "qaIngest",
            { ...batch, deadlineAt: deadline.at },
            deadline,
          );
          reports.push(reportOf(IngestBatchState.parse(out)));
          done++;
        } catch (err) {
          // nothing written yet: the error answers as it is; after writes, the upload answers what
          // was written and which records are not known to be (200, partial: true)
          if (!done) throw err;
          logger.warn("restaurant ingest: a batch failed after earlier ones were written", {
            firstIndex: batch.firstIndex,
            error: (err as Error).message,
          });
          reports.push(failedBatch(batch, err));
        }
      }
      return { kind: "done", report: mergeReports(reports) };
    }
    return { kind: "job", jobId: await this.startIngestJob(documents, caller, opts) };
  }

  /** The upload kept in the blob store, a job record, and the ingest job started on it: its id. */
  async startIngestJob(
    documents: readonly unknown[],
    caller: string,
    opts: { enrichment?: "auto" | "rules" } = {},
  ): Promise<string> {
    const jobId = JobRepository.newId();
    const key = `uploads/${jobId}.jsonl`;
    await this.d.blobs().put(key, documents.map((d) => JSON.stringify(d)).join("\n") + "\n");
    await this.d.jobs().create({
      id: jobId,
      kind: "restaurant-ingest",
      createdBy: caller,
      source: blobRef(key),
    });
    await this.d.workflows.start("qaIngestJob", jobId, {
      jobId,
      key,
      ...(opts.enrichment ? { enrichment: opts.enrichment } : {}),
    });
    return jobId;
  }

  /**
   * A job as its reader may see it: failed first when its worker's lease ran out; `createdBy` (a key
   * id) only to the caller who created it; blob locations as references, never a server path.
   */
  async job(id: string, caller?: string): Promise<Job | null> {
    const job = await readJob(this.d.jobs(), this.d.blobs(), id);
    if (!job) return null;
    const { createdBy, leaseUntil: _lease, ...rest } = job;
    const out: Job = { ...rest, ...(createdBy && caller === createdBy ? { createdBy } : {}) };
    if (out.source) out.source = asBlobRef(out.source);
    const result = out.result as { rejections?: unknown } | undefined;
    if (result && typeof result.rejections === "string")
      out.result = { ...result, rejections: asBlobRef(result.rejections) };
    if (out.error) out.error = withoutPaths(out.error);
    return out;
  }

  /**
   * For start-up: ingest jobs whose worker died (pending or running with an expired lease) are marked
   * failed with a Korean reason. Returns their ids.
   */
  recoverIngestJobs(now = Date.now()): Promise<string[]> {
    return recoverIngestJobs(this.d.jobs(), this.d.blobs(), now);
  }

  /**
   * For a one-process server's start-up: every ingest job still pending or running lost its worker
   * with the last stop, and is marked failed now with what it wrote. Returns their ids.
   */
  failOrphanedIngestJobs(): Promise<string[]> {
    // a batch cut off after its index write: the ingest's own check counts what the index holds as sent
    const held = async (batch: IngestBatchState) =>
      (await prepareIngestStep(batch, this.d.qa().deps)).unchanged;
    return failOrphanedIngestJobs(this.d.jobs(), this.d.blobs(), held);
  }
}

const emptyReport = (): IngestReport => ({
  indexed: 0,
  updated: 0,
  unchanged: 0,
  rejected: [],
  written: [],
  warnings: [],
  llmCalls: 0,
  llmTokens: { input: 0, output: 0 },
});

/** A batch whose workflow failed after earlier batches were written: its records, not known to be written. */
function failedBatch(batch: IngestBatch, err: unknown): IngestReport {
  const reason =
    "이 묶음을 처리하다 실패해 색인에 들어갔는지 확인하지 못했습니다. 이 문서들만 다시 올려 주세요.";
  return {
    ...emptyReport(),
    partial: true,
    failed: batch.items.map((item, k) => {
      const placeId = (item as { place_id?: unknown } | null)?.place_id;
      return {
        index: batch.indices?.[k] ?? batch.firstIndex + k,
        ...(typeof placeId === "string" ? { place_id: placeId.slice(0, 200) } : {}),
        reason,
      };
    }),
    warnings: [
      `문서 ${batch.items.length}개(${batch.indices?.[0] ?? batch.firstIndex}번부터)를 처리하지 못했습니다` +
        ` (${err instanceof Error ? err.name : "error"}): failed에 적힌 문서만 다시 올려 주세요`,
    ],
  };
}

/** An absolute location (a directory path, an s3:// URL) of an upload or its rejections, as a blob reference. */
function asBlobRef(location: string): string {
  if (location.startsWith("blob:")) return location;
  const key = /(?:^|\/)((?:uploads|jobs)\/.+)$/.exec(location)?.[1];
  return key ? blobRef(key) : "blob:(hidden)";
}

/** An error message with any absolute path taken out (records written before paths were references). */
const withoutPaths = (text: string) =>
  text
    .replace(/(?:s3:\/\/|\/)[^\s"']*\/((?:uploads|jobs)\/[^\s"']+)/g, "blob:$1")
    // any other absolute path (not a URL's): the server's, not the caller's
    .replace(/(?<![\w:/.])\/(?:[\w.@-]+\/)+[\w.@-]*/g, "(서버 경로)");
