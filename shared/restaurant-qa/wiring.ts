// Restaurant QA's pieces for a runtime, built once: the index (OpenSearch, or the local engine with
// the demo corpus), the embedder, geocoding, web search, conversation memory, the blob store for
// ingest uploads, the jobs table.
import { JobRepository } from "../store/jobs.ts";
import { embeddedPlaces } from "../providers/exec-deps.ts";

import { DirectoryBlobs, S3Blobs, type BlobStore } from "../store/blobs.ts";
import { createQaRuntime, type QaRuntime } from "./env.ts";
import { type Runtime } from "../runtime/port.ts";

export const qaRuntime = (rt: Runtime): QaRuntime =>
  rt.service("qa.runtime", () =>
    createQaRuntime(rt.config.qa, {
      llm: rt.llm,
      naver: rt.config.providers.naver,
      kakaoKey: rt.config.providers.kakaoKey,
      kakaoBaseUrl: rt.config.providers.baseUrls.kakao,
      places: () => embeddedPlaces(rt.config.dataDir).places,
      documents: rt.documents(),
    }),
  );

export const qaBlobs = (rt: Runtime): BlobStore =>
  rt.service("qa.blobs", () => {
    const b = rt.config.qa.blobs;
    return b.kind === "s3" ? new S3Blobs(b.bucket, { region: b.region }) : new DirectoryBlobs(b.dir);
  });

export const qaJobs = (rt: Runtime): JobRepository =>
  rt.service("qa.jobs", () => new JobRepository(rt.documents(), rt.config.aws.tables.qa));
