// Restaurant QA's workflow steps (seed 002): the question's, and ingest's (a batch; a job of batches).
import { generate } from "./generate.ts";
import { grade } from "./grade.ts";
import { embedIngest } from "./ingest-embed.ts";
import { enrichIngest } from "./ingest-enrich.ts";
import { indexIngest } from "./ingest-index.ts";
import { failIngest, finishIngest, loadIngest, recordIngest, splitIngest } from "./ingest-job.ts";
import { prepareIngest } from "./ingest-prepare.ts";
import { retrieve } from "./retrieve.ts";
import { rewrite } from "./rewrite.ts";
import { webSearch } from "./web-search.ts";

export const QA_STEPS = { rewrite, retrieve, grade, webSearch, generate };
export const INGEST_STEPS = { prepareIngest, enrichIngest, embedIngest, indexIngest };
export const INGEST_JOB_STEPS = { splitIngest, loadIngest, recordIngest, finishIngest, failIngest };
