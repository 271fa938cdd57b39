// Restaurant QA (seed 002), defined once for CDK and the local runner:
//
//  qa (Express):          Rewrite → Retrieve → [search? done] → Grade → [needsWeb?] WebSearch → Generate
//  qaIngest (Express):    PrepareIngest → EnrichIngest → EmbedIngest → IndexIngest   (one batch, in a request)
//  qaIngestJob (Standard): SplitIngest → Batches (Distributed Map over the upload's batches, each
//                         LoadIngestBatch → the four steps → RecordIngestBatch) → FinishIngest;
//                         any failure → FailIngest
import { INGEST_JOB_STEPS as J, INGEST_STEPS as I, QA_STEPS as Q } from "./steps.ts";
import { LAMBDA_RETRY, task, type ArnOf } from "../../workflows/asl.ts";

/**
 * A job's batch step that ran out of time is tried again, twice, a little later (another Lambda, or
 * a less busy moment): the steps are idempotent (an unchanged document is skipped), and the job's own
 * budget (a day) holds every retry. A synchronous upload does not retry: its request's budget would not.
 */
export const BATCH_TIMEOUT_RETRY = {
  ErrorEquals: ["States.Timeout", "Sandbox.Timedout", "Lambda.Unknown"],
  IntervalSeconds: 2,
  MaxAttempts: 2,
  BackoffRate: 2,
};
const JOB_RETRY = [...LAMBDA_RETRY, BATCH_TIMEOUT_RETRY];

export function qaDefinition(arnOf: ArnOf) {
  return {
    Comment: "Restaurant QA (seed 002): rewrite → filtered kNN → grading → web fallback → answer",
    TimeoutSeconds: 90,
    StartAt: Q.rewrite.state,
    States: {
      [Q.rewrite.state]: task(Q.rewrite, arnOf, { Next: Q.retrieve.state }),
      [Q.retrieve.state]: task(Q.retrieve, arnOf, { Next: "SearchOnly" }),
      // POST /v1/restaurants/search: the documents, without grading or an answer; an empty index has
      // answered already (route index_empty: how to load documents)
      SearchOnly: {
        Type: "Choice",
        Choices: [
          { Variable: "$.mode", StringEquals: "search", Next: "Retrieved" },
          {
            And: [
              { Variable: "$.route", IsPresent: true },
              { Variable: "$.route", StringEquals: "index_empty" },
            ],
            Next: "Retrieved",
          },
        ],
        Default: Q.grade.state,
      },
      Retrieved: { Type: "Succeed" },
      [Q.grade.state]: task(Q.grade, arnOf, { Next: "NeedsWeb" }),
      // 002: irrelevant → web search, relevant → generation
      NeedsWeb: {
        Type: "Choice",
        Choices: [{ Variable: "$.needsWeb", BooleanEquals: true, Next: Q.webSearch.state }],
        Default: Q.generate.state,
      },
      [Q.webSearch.state]: task(Q.webSearch, arnOf, { Next: Q.generate.state }),
      [Q.generate.state]: task(Q.generate, arnOf, { End: true }),
    },
  };
}

/** The four steps of one batch; `io` wraps each (the job keeps the batch under $.batch). */
function batchStates(arnOf: ArnOf, io: Record<string, unknown>, last: { Next: string } | { End: true }) {
  const chain = [I.prepareIngest, I.enrichIngest, I.embedIngest, I.indexIngest];
  return Object.fromEntries(
    chain.map((spec, i) => [
      spec.state,
      task(spec, arnOf, { ...io, ...(i < chain.length - 1 ? { Next: chain[i + 1]!.state } : last) }),
    ]),
  );
}

export function qaIngestDefinition(arnOf: ArnOf) {
  return {
    Comment: "Restaurant ingest of one batch within a request: validate, enrich, embed, bulk-index",
    TimeoutSeconds: 60,
    StartAt: I.prepareIngest.state,
    States: batchStates(arnOf, {}, { End: true }),
  };
}

export function qaIngestJobDefinition(arnOf: ArnOf) {
  const inBatch = { InputPath: "$.batch", ResultPath: "$.batch", Retry: JOB_RETRY };
  const toFail = [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: J.failIngest.state }];
  return {
    Comment: "Restaurant ingest job (202): a JSONL upload in batches, each enriched, embedded and indexed",
    TimeoutSeconds: 24 * 3600,
    StartAt: J.splitIngest.state,
    States: {
      // a failed split has written nothing: FailIngest is told so (no batches)
      [J.splitIngest.state]: task(J.splitIngest, arnOf, {
        Next: "Batches",
        Catch: [{ ErrorEquals: ["States.ALL"], ResultPath: "$.error", Next: "NothingWritten" }],
      }),
      NothingWritten: {
        Type: "Pass",
        Parameters: { "jobId.$": "$.jobId", "error.$": "$.error", batches: [] },
        Next: J.failIngest.state,
      },
      Batches: {
        Type: "Map",
        ItemsPath: "$.batches",
        // batches are independent: a handful at once keeps the LLM and the index comfortable
        MaxConcurrency: 4,
        ItemProcessor: {
          ProcessorConfig: { Mode: "DISTRIBUTED", ExecutionType: "STANDARD" },
          StartAt: J.loadIngest.state,
          States: {
            [J.loadIngest.state]: task(J.loadIngest, arnOf, {
              ResultPath: "$.batch",
              Retry: JOB_RETRY,
              Next: I.prepareIngest.state,
            }),
            ...batchStates(arnOf, inBatch, { Next: J.recordIngest.state }),
            [J.recordIngest.state]: task(J.recordIngest, arnOf, {
              Parameters: { "reportKey.$": "$.reportKey", "batch.$": "$.batch" },
              Retry: JOB_RETRY,
              End: true,
            }),
          },
        },
        ResultPath: null,
        Next: J.finishIngest.state,
        Catch: toFail,
      },
      [J.finishIngest.state]: task(J.finishIngest, arnOf, { End: true, Catch: toFail }),
      // the batches go to FailIngest: the reports of those that finished list what was written
      [J.failIngest.state]: task(J.failIngest, arnOf, {
        Parameters: { "jobId.$": "$.jobId", "error.$": "$.error", "batches.$": "$.batches" },
        Next: "IngestFailed",
      }),
      IngestFailed: { Type: "Fail", Error: "IngestFailed", Cause: "see the job record for why" },
    },
  };
}
