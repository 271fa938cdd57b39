// The in-process pipeline: the whole QA flow by calling the workflow's steps in the definition's order,
// its two choices as code (afterRetrieve, afterGrade), for the CLI, the benches and the tests; in AWS
// and behind the local API the state machines (workflow/definition.ts) call the same steps. A parity
// test (test/integration/restaurant-qa-pipeline.test.ts) runs both on the same inputs, for every QA
// machine. Plus ingest (the qaIngest machine's four steps per batch) and document lookup.
import type { StoredDocument } from "../places/restaurant-document.ts";
import { ingestRecords, type IngestReport } from "./ingest.ts";
import { AskRequest, SearchRequest, type AskResponse, type SearchResponse } from "./state.ts";
import {
  afterGrade,
  afterRetrieve,
  generateStep,
  gradeStep,
  retrieveStep,
  rewriteStep,
  webSearchStep,
  type QaDeps,
} from "./steps.ts";
import { askResponse, searchResponse } from "./responses.ts";

export interface RestaurantQa {
  ask(request: unknown, opts?: { deadlineAt?: number }): Promise<AskResponse>;
  search(request: unknown, opts?: { deadlineAt?: number }): Promise<SearchResponse>;
  /** a document by place_id, without its vector; null when absent */
  get(placeId: string): Promise<StoredDocument | null>;
  ingest(items: readonly unknown[], opts?: { deadlineAt?: number }): Promise<IngestReport>;
}

export function createRestaurantQa(
  deps: QaDeps,
  hooks: { beforeIngest?: () => Promise<string | undefined> } = {},
): RestaurantQa {
  return {
    async ask(request, opts = {}) {
      const req = AskRequest.parse(request);
      let s = await rewriteStep(
        { ...req, deadlineAt: opts.deadlineAt, meta: { startedAt: Date.now() } },
        deps,
      );
      s = await retrieveStep(s, deps);
      if (afterRetrieve(s) === "Retrieved") return askResponse(s, deps);
      s = await gradeStep(s, deps);
      if (afterGrade(s) === "WebSearch") s = await webSearchStep(s, deps);
      s = await generateStep(s, deps);
      return askResponse(s, deps);
    },
    async search(request, opts = {}) {
      const req = SearchRequest.parse(request);
      let s = await rewriteStep(
        {
          ...req,
          mode: "search",
          deadlineAt: opts.deadlineAt,
          meta: { startedAt: Date.now() },
        },
        deps,
      );
      s = await retrieveStep(s, deps);
      return searchResponse(s, deps);
    },
    async get(placeId) {
      const found = await deps.index.mget<StoredDocument & { embedding?: unknown }>([placeId]);
      const doc = found.get(placeId);
      if (!doc) return null;
      const { embedding: _vector, ...rest } = doc;
      return rest;
    },
    async ingest(items, opts = {}) {
      // the demo corpus gives way once a batch holds a record to write: an upload with none changes nothing
      const report = await ingestRecords(
        items,
        { index: deps.index, embedder: deps.embedder, llm: deps.llm, beforeWrite: hooks.beforeIngest },
        opts,
      );
      deps.titles.invalidate();
      return report;
    },
  };
}
