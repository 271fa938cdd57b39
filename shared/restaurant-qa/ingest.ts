// Ingest (002 §5): crawl records → validated, preprocessed → enriched → summary → embedding → upsert
// by place_id. Four steps over one JSON batch state, each a plain function the Step Functions ingest
// machine runs as a Lambda (a Distributed Map hands each child a batch of JSONL lines) and the
// in-process facade runs in order. A bad record becomes a rejection {index, place_id?, field,
// reason} and the rest go on; a record whose content, enrichment engine and embedder are unchanged
// is not written again; every write replaces a whole document, so no search sees half of one.
import { z } from "zod";
import { mapLimit } from "../platform/concurrency.ts";
import { Deadline } from "../platform/deadline.ts";
import { EmbedderError, type Embedder } from "../embed/port.ts";
import { decodeVector, encodeVector } from "../embed/vector-codec.ts";
import type { SearchIndex } from "../index/port.ts";
import { noUsage, type LlmPort } from "../llm/port.ts";
import { askUnlessSure, type LlmOutcome } from "../llm/fallback.ts";
import {
  CrawlRecord,
  jsonBytes,
  MAX_RECORD_BYTES,
  Rejection,
  wellFormed,
} from "../places/restaurant-crawl.ts";
import {
  contentHash,
  DocumentMenu,
  FieldError,
  mapUrlOf,
  preprocess,
  RestaurantDocument,
} from "../places/restaurant-document.ts";
import { enrichWithLlm } from "./enrich-llm.ts";
import { enrichWithRules, type Enrichment } from "./enrich-rules.ts";
import { RESTAURANT_INDEX_SCHEMA_VERSION } from "./index-mapping.ts";
import { buildSummary } from "./summary.ts";
import { kindsInText } from "../places/kinds.ts";

/** Records per batch. */
export const INGEST_BATCH_SIZE = 25;
/**
 * Bytes of crawl JSON per batch: Step Functions passes at most 256 KB between states, and the embed
 * step adds ~2.7 KB of base64 vector per document (512 dimensions), so 25 × 2.7 KB + 150 KB keeps a
 * margin. The ingest machine's Distributed Map should batch with the same two limits
 * (ItemBatcher MaxItemsPerBatch 25, MaxInputBytesPerBatch 150000).
 */
export const INGEST_BATCH_BYTES = 150_000;

/**
 * What a record weighs in a batch's states: its JSON, plus its menus once more — the prepare step
 * carries them as read and as priced, the enrich step as the document's menus and again in its summary
 * (two 74 KB records of 390 menus each made a 292 KB state when only their JSON was counted).
 */
export function stateWeight(item: unknown): number {
  const menus = (item as { menus?: unknown } | null)?.menus;
  return jsonBytes(item) + (Array.isArray(menus) ? jsonBytes(menus) : 0);
}

/** A batch of an upload: its items, and where each stands in the upload (`indices` when not consecutive). */
export interface IngestBatch {
  firstIndex: number;
  items: unknown[];
  indices?: number[];
}

/**
 * Splits an upload into batches by count and by size; a record larger than a batch goes alone.
 * `indices` gives each item's position in the upload when some were taken out before (screenUpload).
 */
export function ingestBatches(
  items: readonly unknown[],
  opts: { size?: number; bytes?: number; indices?: readonly number[] } = {},
): IngestBatch[] {
  const size = opts.size ?? INGEST_BATCH_SIZE;
  const bytes = opts.bytes ?? INGEST_BATCH_BYTES;
  const out: (IngestBatch & { indices: number[] })[] = [];
  let current: (IngestBatch & { indices: number[] }) | undefined;
  let used = 0;
  items.forEach((item, i) => {
    const at = opts.indices?.[i] ?? i;
    const n = stateWeight(item);
    if (!current || current.items.length >= size || (used + n > bytes && current.items.length)) {
      current = { firstIndex: at, items: [], indices: [] };
      out.push(current);
      used = 0;
    }
    current.items.push(item);
    current.indices.push(at);
    used += n;
  });
  // consecutive positions need no list (the common case: nothing was taken out)
  return out.map(({ indices, ...b }) =>
    indices.every((x, k) => x === b.firstIndex + k) ? b : { ...b, indices },
  );
}

/** "레코드 3(place_id p1)" */
const recordName = (index: number, item: unknown) => {
  const id = (item as { place_id?: unknown } | null)?.place_id;
  return `레코드 ${index}${typeof id === "string" ? `(place_id ${id.slice(0, 64)})` : ""}`;
};

/**
 * What is checked before a record enters a batch: lone surrogates become U+FFFD (with a warning naming
 * the fields), and a record over MAX_RECORD_BYTES is rejected whole (it could not pass between the
 * workflow's states, nor is it a restaurant).
 */
export function screenRecord(
  item: unknown,
  index: number,
): { item: unknown; warning?: string } | { rejection: Rejection } {
  const bytes = jsonBytes(item);
  if (bytes > MAX_RECORD_BYTES) {
    const placeId = (item as { place_id?: unknown } | null)?.place_id;
    return {
      rejection: {
        index,
        ...(typeof placeId === "string" ? { place_id: placeId.slice(0, 200) } : {}),
        field: "(record)",
        reason: `문서가 너무 큽니다: ${bytes.toLocaleString("en-US")}바이트 (한 문서는 최대 ${MAX_RECORD_BYTES.toLocaleString("en-US")}바이트)`,
      },
    };
  }
  const w = wellFormed(item);
  if (!w.fields.length) return { item };
  const shown = w.fields.slice(0, 5).join(", ") + (w.fields.length > 5 ? ` 외 ${w.fields.length - 5}곳` : "");
  return {
    item: w.value,
    warning: `${recordName(index, w.value)}의 ${shown}에 짝이 없는 서로게이트 문자가 있어 U+FFFD(\ufffd)로 바꿨습니다`,
  };
}

/** An upload screened record by record (screenRecord): what goes on, with its positions, and what not. */
export function screenUpload(items: readonly unknown[]): {
  items: unknown[];
  indices: number[];
  rejected: Rejection[];
  warnings: string[];
} {
  const out = {
    items: [] as unknown[],
    indices: [] as number[],
    rejected: [] as Rejection[],
    warnings: [] as string[],
  };
  items.forEach((item, i) => {
    const s = screenRecord(item, i);
    if ("rejection" in s) out.rejected.push(s.rejection);
    else {
      out.items.push(s.item);
      out.indices.push(i);
      if (s.warning) out.warnings.push(s.warning);
    }
  });
  return out;
}

/** Records POST /v1/restaurants/documents ingests within the request, by what a record costs. */
export const SYNC_INGEST_LIMITS = {
  /** offline (rules, hashed embedder, local engine): ~1 ms a record, 40 batches in well under a second */
  offline: 1000,
  /**
   * a remote embedder (Bedrock Titan: one InvokeModel per text, 8 in flight, ~0.1–0.5 s each, more
   * when throttled) and OpenSearch's bulk with refresh=wait_for (~1 s), each batch a synchronous
   * Express execution of four Lambdas: ~2–5 s a batch of 25, run one after another — 40 batches
   * (1,000 records) would take minutes; 2 batches leave room for cold starts and retries in 29 s
   */
  remoteEmbedder: 50,
  /** LLM enrichment: one model call (~1–3 s) per record, 4 in flight */
  llm: 20,
} as const;

/**
 * How many records POST /v1/restaurants/documents ingests within the request (more: 202 and the ingest
 * machine, whose Distributed Map has no 29 s limit): the smallest limit of the costly parts in use.
 */
export function syncIngestLimit(deps: Pick<IngestDeps, "llm" | "embedder">): number {
  if (deps.llm) return SYNC_INGEST_LIMITS.llm;
  if (deps.embedder.remote) return SYNC_INGEST_LIMITS.remoteEmbedder;
  return SYNC_INGEST_LIMITS.offline;
}

const PreparedRecord = z.object({
  index: z.number().int().nonnegative(),
  record: CrawlRecord,
  lat: z.number(),
  lon: z.number(),
  menus: z.array(DocumentMenu),
  content_hash: z.string(),
  collected_at: z.string(),
});
type PreparedRecord = z.infer<typeof PreparedRecord>;

const DraftDocument = RestaurantDocument.omit({ embedding: true }).extend({
  index: z.number().int().nonnegative(),
  /** the vector as base64 float32, once embedded (small enough for Step Functions state) */
  embedding_b64: z.string().optional(),
});
type DraftDocument = z.infer<typeof DraftDocument>;

/** auto: the LLM enriches where a key is set; rules: never (the labelled demo corpus loaded at deploy) */
export const EnrichmentMode = z.enum(["auto", "rules"]);
export type EnrichmentMode = z.infer<typeof EnrichmentMode>;

/** A record the index holds as sent: its position in the upload, its id, and what the write did. */
export const Written = z.object({
  index: z.number().int().nonnegative(),
  place_id: z.string(),
  result: z.enum(["created", "updated", "unchanged"]),
});
export type Written = z.infer<typeof Written>;

/** Records of an upload whose batch failed midway: not known to be written (the upload answers `partial`). */
export const Failed = z.object({
  index: z.number().int().nonnegative(),
  place_id: z.string().optional(),
  reason: z.string(),
});
export type Failed = z.infer<typeof Failed>;

export const IngestBatchState = z.object({
  /** the position of this batch's first item in the whole upload, so rejections point at lines */
  firstIndex: z.number().int().nonnegative().default(0),
  enrichment: EnrichmentMode.default("auto"),
  deadlineAt: z.number().optional(),
  items: z.array(z.unknown()).max(1000).optional(),
  /** each item's position in the upload, when not firstIndex + its own (records were taken out before) */
  indices: z.array(z.number().int().nonnegative()).max(1000).optional(),
  records: z.array(PreparedRecord).optional(),
  documents: z.array(DraftDocument).optional(),
  indexed: z.number().int().nonnegative().default(0),
  updated: z.number().int().nonnegative().default(0),
  unchanged: z.number().int().nonnegative().default(0),
  rejected: z.array(Rejection).default([]),
  /** the records whose documents the index now holds as sent: created, updated, or already so */
  written: z.array(Written).default([]),
  /** a sentence for people: the demo corpus gave way to this upload (DEMO_CORPUS_GIVES_WAY) */
  notice: z.string().optional(),
  warnings: z.array(z.string()).default([]),
  llmCalls: z.number().int().nonnegative().default(0),
  llmTokens: z.object({ input: z.number().int(), output: z.number().int() }).default({ input: 0, output: 0 }),
});
export type IngestBatchState = z.infer<typeof IngestBatchState>;
export type IngestBatchInput = z.input<typeof IngestBatchState>;

/** What an upload reports (POST /v1/restaurants/documents, the CLI, a finished ingest job). */
export const IngestReport = z.object({
  /** records the index did not hold before: created */
  indexed: z.number().int(),
  /** records the index held with other content (or another enrichment or embedder): replaced whole */
  updated: z.number().int(),
  /** records identical to what the index holds (the same content hash): not enriched, embedded nor written again */
  unchanged: z.number().int(),
  rejected: z.array(Rejection),
  /** exactly which records the index holds as sent (created, updated or unchanged), by position */
  written: z.array(Written).optional(),
  /** records whose batch failed midway (the index may or may not hold them): only with `partial` */
  failed: z.array(Failed).optional(),
  /** true when some records could be neither written nor rejected: `failed` lists them (still 200) */
  partial: z.boolean().optional(),
  /**
   * A Korean sentence for people, present when the upload changed what the index serves beyond its
   * records: the first real upload, to which the demo corpus gives way, says so and how to bring it
   * back. The CLI prints it.
   */
  notice: z.string().optional(),
  warnings: z.array(z.string()),
  llmCalls: z.number().int(),
  llmTokens: z.object({ input: z.number().int(), output: z.number().int() }),
});
export type IngestReport = z.infer<typeof IngestReport>;

export interface IngestDeps {
  index: SearchIndex;
  embedder: Embedder;
  /** enrich with the LLM when present, else by rules */
  llm?: LlmPort;
  /** LLM enrichment calls in flight at once */
  concurrency?: number;
  /** today's date (YYYY-MM-DD) for records without collected_at */
  today?: () => string;
  /**
   * Called once a batch holds a record to write (the demo corpus gives way then, not before); what it
   * returns is the report's notice (DEMO_CORPUS_GIVES_WAY when the demo corpus gave way).
   */
  beforeWrite?: () => Promise<string | void>;
}

/**
 * The notice of the first real upload to a local index that served the demo corpus: it gives way, and
 * how to bring it back (`file`: the index's file name under DATA_DIR, never a server path).
 */
export const DEMO_CORPUS_GIVES_WAY = (file: string) =>
  "처음으로 문서를 올려, 지금까지 답하던 내장 데모 식당 문서(합성 데이터)는 내려가고 이제 올린 문서로만 답합니다. " +
  `데모 문서로 되돌리려면 서버가 실행 중이면 멈춘 뒤 DATA_DIR(기본 .data) 아래 ${file} 파일을 지우고 다시 시작하세요. 올린 문서도 함께 지워집니다.`;

const enrichmentEngine = (deps: Pick<IngestDeps, "llm">, mode: EnrichmentMode = "auto") =>
  deps.llm && mode !== "rules" ? "llm" : "rules";
const fingerprint = (deps: IngestDeps, mode?: EnrichmentMode) =>
  `${enrichmentEngine(deps, mode)}|${deps.embedder.name}/${deps.embedder.dimension}|schema ${RESTAURANT_INDEX_SCHEMA_VERSION}`;

function rejectionOf(index: number, item: unknown, error: z.ZodError): Rejection {
  const issue = error.issues[0]!;
  const placeId = (item as { place_id?: unknown } | null)?.place_id;
  return {
    index,
    ...(typeof placeId === "string" ? { place_id: placeId } : {}),
    field: issue.path.join(".") || "(record)",
    reason: item === null || typeof item !== "object" ? "JSON 객체가 아닙니다" : issue.message,
  };
}

/** Step 1: validate against the crawl schema, preprocess, and drop what the index already holds. */
export async function prepareIngestStep(
  input: IngestBatchInput,
  deps: IngestDeps,
): Promise<IngestBatchState> {
  const state = IngestBatchState.parse(input);
  const items = state.items ?? [];
  const rejected = [...state.rejected];
  const warnings = [...state.warnings];
  const byId = new Map<string, PreparedRecord>();
  const today = deps.today?.() ?? new Date().toISOString().slice(0, 10);
  const fp = fingerprint(deps, state.enrichment);
  items.forEach((raw, i) => {
    const index = state.indices?.[i] ?? state.firstIndex + i;
    const screened = screenRecord(raw, index);
    if ("rejection" in screened) {
      rejected.push(screened.rejection);
      return;
    }
    if (screened.warning) warnings.push(screened.warning);
    const item = screened.item;
    const parsed = CrawlRecord.safeParse(item);
    if (!parsed.success) {
      rejected.push(rejectionOf(index, item, parsed.error));
      return;
    }
    const record = parsed.data;
    try {
      const pre = preprocess(record);
      const earlier = byId.get(record.place_id);
      if (earlier)
        rejected.push({
          index: earlier.index,
          place_id: record.place_id,
          field: "place_id",
          reason: `같은 place_id가 ${index}번 문서에 다시 나와 뒤의 문서로 바꿨습니다`,
        });
      byId.set(record.place_id, {
        index,
        record,
        lat: pre.lat,
        lon: pre.lon,
        menus: pre.menus,
        content_hash: contentHash(record, fp),
        collected_at: record.collected_at?.slice(0, 10) ?? today,
      });
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      rejected.push({ index, place_id: record.place_id, field: err.field, reason: err.message });
    }
  });
  // nothing valid: nothing read, nothing changed (the demo corpus stays)
  if (!byId.size) return { ...state, items: undefined, indices: undefined, records: [], rejected, warnings };
  const gaveWay = await deps.beforeWrite?.();
  const notice = typeof gaveWay === "string" ? gaveWay : state.notice;
  const existing = await deps.index.mget<{ content_hash?: string; enrichment?: string }>(
    [...byId.keys()],
    ["content_hash", "enrichment"],
  );
  let unchanged = state.unchanged;
  const written = [...state.written];
  const records: PreparedRecord[] = [];
  for (const r of byId.values()) {
    const old = existing.get(r.record.place_id);
    if (old?.content_hash === r.content_hash && old.enrichment === enrichmentEngine(deps, state.enrichment)) {
      unchanged++;
      written.push({ index: r.index, place_id: r.record.place_id, result: "unchanged" });
    } else records.push(r);
  }
  return {
    ...state,
    items: undefined,
    indices: undefined,
    records,
    rejected,
    unchanged,
    written,
    warnings,
    ...(notice ? { notice } : {}),
  };
}

function draft(r: PreparedRecord, e: Enrichment, engine: "llm" | "rules"): DraftDocument {
  const c = r.record;
  return {
    index: r.index,
    place_id: c.place_id,
    search_keyword: c.search_keyword,
    title: c.title,
    address: c.address,
    roadAddress: c.roadAddress,
    lat: r.lat,
    lon: r.lon,
    location: { lat: r.lat, lon: r.lon },
    ...(c.category ? { category: c.category } : {}),
    kinds: kindsInText([c.category ?? "", c.title, ...r.menus.map((m) => m.name)].join(" / ")),
    menus: r.menus,
    reviews: c.reviews,
    description: c.description,
    ...e,
    summary: buildSummary({ ...c, menus: r.menus, ...e }),
    map_url: mapUrlOf(c.place_id, c.synthetic, c.title),
    collected_at: r.collected_at,
    ...(c.synthetic ? { synthetic: true } : {}),
    enrichment: engine,
    content_hash: r.content_hash,
  };
}

/** An enrichment call is short: it is still tried with a second left. */
const ENRICH_MIN_REMAINING_MS = 1000;

/** Step 2: review_food, convenience, atmosphere, occasion, features (LLM, else rules) and the summary. */
export async function enrichIngestStep(input: IngestBatchInput, deps: IngestDeps): Promise<IngestBatchState> {
  const state = IngestBatchState.parse(input);
  const deadline = Deadline.from(state.deadlineAt);
  const warnings = [...state.warnings];
  let { llmCalls } = state;
  const llmTokens = { ...state.llmTokens };
  let fellBack = 0;
  const documents = await mapLimit(state.records ?? [], deps.concurrency ?? 4, async (r) => {
    const input = {
      title: r.record.title,
      reviews: r.record.reviews,
      description: r.record.description,
      menus: r.menus,
    };
    const llm = state.enrichment === "rules" ? undefined : deps.llm;
    const asked: LlmOutcome<Enrichment> =
      llm && deadline.expired(ENRICH_MIN_REMAINING_MS)
        ? { engine: "rules", usage: noUsage(), why: "no_time" }
        : await askUnlessSure({ llm, rulesSure: false }, (model) => enrichWithLlm(input, model, deadline));
    if (asked.engine === "llm") {
      llmCalls += asked.usage.calls;
      llmTokens.input += asked.usage.inputTokens;
      llmTokens.output += asked.usage.outputTokens;
      return draft(r, asked.value, "llm");
    }
    // a failed call's tokens are not reported, only that it was made
    llmCalls += asked.usage.calls;
    if (llm) fellBack++;
    return draft(r, enrichWithRules(input), "rules");
  });
  if (fellBack)
    warnings.push(
      `문서 ${fellBack}개는 LLM이 실패하거나, 형식에 맞지 않게 답하거나, 시간이 모자라 규칙으로 보강했습니다`,
    );
  return { ...state, records: undefined, documents, warnings, llmCalls, llmTokens };
}

/**
 * Step 3: the summaries embedded. An embedder that fails for good rejects this batch's documents
 * (field "embedding") instead of losing the upload's other batches.
 */
export async function embedIngestStep(input: IngestBatchInput, deps: IngestDeps): Promise<IngestBatchState> {
  const state = IngestBatchState.parse(input);
  const docs = state.documents ?? [];
  try {
    const vectors = await deps.embedder.embed(
      docs.map((d) => d.summary),
      { deadline: Deadline.from(state.deadlineAt) },
    );
    return { ...state, documents: docs.map((d, i) => ({ ...d, embedding_b64: encodeVector(vectors[i]!) })) };
  } catch (err) {
    if (!(err instanceof EmbedderError)) throw err;
    const failed = docs.map((d) => ({
      index: d.index,
      place_id: d.place_id,
      field: "embedding",
      reason: err.message,
    }));
    return { ...state, documents: [], rejected: [...state.rejected, ...failed] };
  }
}

/** "failed to parse field [menus.price] of type [integer]" → menus.price */
const fieldOf = (reason: string) =>
  /field \[([^\]]+)\]|\[([^\]]+)\] within/.exec(reason)?.slice(1).find(Boolean) ?? "document";

/** Step 4: create the index if absent (checking its embedder), then one bulk write of whole documents. */
export async function indexIngestStep(input: IngestBatchInput, deps: IngestDeps): Promise<IngestBatchState> {
  const state = IngestBatchState.parse(input);
  const docs = state.documents ?? [];
  const rejected = [...state.rejected];
  const written = [...state.written];
  let { indexed, updated } = state;
  if (docs.length) {
    await deps.index.ensureIndex({
      embedder: deps.embedder.name,
      dimension: deps.embedder.dimension,
      schema_version: RESTAURANT_INDEX_SCHEMA_VERSION,
    });
    const writes = docs.map(({ index: _i, embedding_b64, ...doc }) => {
      if (!embedding_b64) throw new Error(`document ${doc.place_id} reached indexing without a vector`);
      return { id: doc.place_id, doc: { ...doc, embedding: Array.from(decodeVector(embedding_b64)) } };
    });
    const results = await deps.index.bulkIndex(writes, { deadline: Deadline.from(state.deadlineAt) });
    results.forEach((r, i) => {
      const d = docs[i]!;
      if (r.error)
        rejected.push({
          index: d.index,
          place_id: d.place_id,
          field: fieldOf(r.error.reason),
          reason: `${r.error.type}: ${r.error.reason}`,
        });
      else {
        if (r.result === "updated") updated++;
        else indexed++;
        written.push({
          index: d.index,
          place_id: d.place_id,
          result: r.result === "updated" ? "updated" : "created",
        });
      }
    });
  }
  rejected.sort((a, b) => a.index - b.index);
  written.sort((a, b) => a.index - b.index);
  return { ...state, documents: undefined, rejected, written, indexed, updated };
}

export function reportOf(s: IngestBatchState): IngestReport {
  return {
    indexed: s.indexed,
    updated: s.updated,
    unchanged: s.unchanged,
    rejected: s.rejected,
    written: s.written,
    ...(s.notice ? { notice: s.notice } : {}),
    warnings: s.warnings,
    llmCalls: s.llmCalls,
    llmTokens: s.llmTokens,
  };
}

/** Adds up the reports of an upload's batches (the ingest machine's final state, the facade). */
export function mergeReports(reports: IngestReport[]): IngestReport {
  return {
    indexed: reports.reduce((s, r) => s + r.indexed, 0),
    updated: reports.reduce((s, r) => s + r.updated, 0),
    unchanged: reports.reduce((s, r) => s + r.unchanged, 0),
    rejected: reports.flatMap((r) => r.rejected).sort((a, b) => a.index - b.index),
    ...(reports.some((r) => r.written)
      ? { written: reports.flatMap((r) => r.written ?? []).sort((a, b) => a.index - b.index) }
      : {}),
    ...(reports.some((r) => r.failed?.length)
      ? { failed: reports.flatMap((r) => r.failed ?? []).sort((a, b) => a.index - b.index) }
      : {}),
    ...(reports.some((r) => r.partial) ? { partial: true } : {}),
    ...(reports.some((r) => r.notice) ? { notice: reports.find((r) => r.notice)!.notice } : {}),
    warnings: [...new Set(reports.flatMap((r) => r.warnings))],
    llmCalls: reports.reduce((s, r) => s + r.llmCalls, 0),
    llmTokens: {
      input: reports.reduce((s, r) => s + r.llmTokens.input, 0),
      output: reports.reduce((s, r) => s + r.llmTokens.output, 0),
    },
  };
}

/**
 * The whole ingest in process: batches (ingestBatches) through the four steps in the qaIngest machine's
 * order (a parity test runs both, test/integration/restaurant-qa-pipeline.test.ts). An embedder
 * that fails for good rejects its batch (field "embedding") instead of losing the others.
 */
export async function ingestRecords(
  items: readonly unknown[],
  deps: IngestDeps,
  /** persist: write the index's file at the end (off for the demo corpus, which is never written) */
  opts: { deadlineAt?: number; batchSize?: number; persist?: boolean } = {},
): Promise<IngestReport> {
  const reports: IngestReport[] = [];
  for (const batch of ingestBatches(items, { size: opts.batchSize })) {
    let s = await prepareIngestStep({ ...batch, deadlineAt: opts.deadlineAt }, deps);
    s = await enrichIngestStep(s, deps);
    s = await embedIngestStep(s, deps);
    s = await indexIngestStep(s, deps);
    reports.push(reportOf(s));
  }
  const report = mergeReports(reports);
  // the index's file is written when something was (an upload of rejections leaves it as it was)
  if (opts.persist !== false && report.indexed + report.updated > 0) await deps.index.flush?.();
  return report;
}
