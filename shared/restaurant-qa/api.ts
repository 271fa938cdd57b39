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
  reportOf,
  syncIngestLimit,
  type IngestReport,
} from "./ingest.ts";
import {
  QaState,
  type AskRequest,
  type AskResponse,
  type SearchRequest,
  type SearchResponse,
} from "./state.ts";
import { askResponse, searchResponse } from "./responses.ts";
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

  private async run(request: Record<string, unknown>): Promise<QaState> {
    const deadline = Deadline.in(this.d.budgetMs);
    const state = QaState.parse(
      await this.d.workflows.runSync(
        "qa",
        { ...request, deadlineAt: deadline.at, meta: { startedAt: Date.now() } },
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
      const reports: IngestReport[] = [];
      for (const batch of ingestBatches(documents)) {
        const out = await this.d.workflows.runSync(
          "qaIngest",
          { ...batch, deadlineAt: deadline.at },
          deadline,
        );
        reports.push(reportOf(IngestBatchState.parse(out)));
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
      source: this.d.blobs().locate(key),
    });
    await this.d.workflows.start("qaIngestJob", jobId, {
      jobId,
      key,
      ...(opts.enrichment ? { enrichment: opts.enrichment } : {}),
    });
    return jobId;
  }

  job(id: string): Promise<Job | null> {
    return this.d.jobs().get(id);
  }
}
