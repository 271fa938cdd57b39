// The in-process search engine: executes the OpenSearch request bodies the product emits (dsl.ts)
// against documents held in memory, with the index mapping deciding how each field matches (text
// fields through their analyzer, keywords exactly, nested objects only inside `nested`, geo_point
// by haversine, knn_vector by exact cosine). kNN is exact — filter first, then the k most similar —
// which is what Lucene's efficient filtering does on small filtered sets and an upper bound on what
// HNSW returns on large ones. Writes are whole documents validated against the mapping (as
// `dynamic: strict` does), applied one at a time, so a reader never sees half of one. Optionally
// persisted to a JSON Lines file: a flush appends what changed since the last one (a document, or its
// deletion), so a batch costs its own size, not the index's; the file is rewritten whole (to a
// temporary file, then renamed) when it is new or has grown past twice what it holds. Reading replays
// the lines in order (a line cut off by a killed process is the last one, and skipped). The mapping's
// fields are read in local-fields.ts, the queries compiled in local-query.ts.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { decodeVector, encodeVector } from "../embed/vector-codec.ts";
import type { SearchBody } from "./dsl.ts";
import {
  candidates,
  flattenMapping,
  valuesAt,
  type FieldInfo,
  type Source,
  type Stored,
} from "./local-fields.ts";
import { fieldsNamed, Postings, QueryCompiler } from "./local-query.ts";
import { TimeSlice } from "../platform/concurrency.ts";
import {
  checkMeta,
  SearchIndexError,
  type BulkItemResult,
  type IndexDefinition,
  type IndexMeta,
  type SearchIndex,
  type SearchResult,
} from "./port.ts";

/** A document's line in the index's file. */
const docLine = (id: string, s: Stored) =>
  JSON.stringify({
    id,
    source: s.source,
    vectors: Object.fromEntries([...s.vectors].map(([f, v]) => [f, encodeVector(v)])),
  });

export class LocalSearchIndex implements SearchIndex {
  readonly engine = "local" as const;
  private readonly docs = new Map<string, Stored>();
  private readonly fields: Map<string, FieldInfo>;
  private indexMeta: IndexMeta | null = null;
  /** the analysed fields' postings, rebuilt on the first search after a write */
  private readonly postings = new Postings();
  /** what changed since the last flush: a document written, or null when it was removed */
  private readonly pending = new Map<string, Stored | null>();
  private metaChanged = false;
  /** the ids the file holds, and its lines (past twice the documents, the next flush compacts) */
  private readonly persisted = new Set<string>();
  private fileLines = 0;

  constructor(
    readonly indexName: string,
    private readonly definition: IndexDefinition,
    private readonly opts: { file?: string } = {},
  ) {
    this.fields = flattenMapping(definition.mappings.properties);
    if (opts.file && existsSync(opts.file)) this.load(opts.file);
  }

  // ---------------------------------------------------------------- index lifecycle

  async meta(): Promise<IndexMeta | null> {
    return this.indexMeta;
  }

  async ensureIndex(meta: IndexMeta): Promise<"created" | "exists"> {
    if (this.indexMeta) {
      checkMeta(this.indexName, this.indexMeta, meta);
      return "exists";
    }
    this.indexMeta = { ...meta };
    this.metaChanged = true;
    return "created";
  }

  async count(): Promise<number> {
    return this.docs.size;
  }

  /** Writes what changed to the index's file (a no-op without a file, or with nothing changed). */
  async flush(): Promise<void> {
    const file = this.opts.file;
    if (!file || (!this.pending.size && !this.metaChanged)) return;
    mkdirSync(dirname(file), { recursive: true });
    if (!existsSync(file) || this.fileLines > 2 * this.docs.size + 1000) this.rewrite(file);
    else {
      const lines = this.metaChanged ? [JSON.stringify({ meta: this.indexMeta })] : [];
      for (const [id, s] of this.pending) {
        if (s) lines.push(docLine(id, s));
        else if (this.persisted.has(id)) lines.push(JSON.stringify({ id, deleted: true }));
        if (s) this.persisted.add(id);
        else this.persisted.delete(id);
      }
      if (lines.length) appendFileSync(file, lines.join("\n") + "\n");
      this.fileLines += lines.length;
    }
    this.pending.clear();
    this.metaChanged = false;
  }

  /** The whole index as a fresh file (its meta, then each document once). */
  private rewrite(file: string): void {
    const lines = [JSON.stringify({ meta: this.indexMeta })];
    for (const [id, s] of this.docs) lines.push(docLine(id, s));
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, lines.join("\n") + "\n");
    renameSync(tmp, file);
    this.persisted.clear();
    for (const id of this.docs.keys()) this.persisted.add(id);
    this.fileLines = lines.length;
  }

  private load(file: string): void {
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    this.fileLines = lines.length;
    for (const [i, line] of lines.entries()) {
      let row: {
        meta?: IndexMeta | null;
        id?: string;
        deleted?: true;
        source?: Source;
        vectors?: Record<string, string>;
      };
      try {
        row = JSON.parse(line) as typeof row;
      } catch (err) {
        if (i === lines.length - 1) break; // the last append, cut off by a killed process
        throw err;
      }
      if ("meta" in row) this.indexMeta = row.meta ?? null;
      else if (row.id !== undefined && row.deleted) {
        this.docs.delete(row.id);
        this.persisted.delete(row.id);
      } else if (row.id !== undefined && row.source) {
        const vectors = new Map(Object.entries(row.vectors ?? {}).map(([f, b64]) => [f, decodeVector(b64)]));
        this.docs.set(row.id, { source: row.source, vectors });
        this.persisted.add(row.id);
      }
    }
  }

  // ---------------------------------------------------------------- writes

  async bulkIndex(docs: { id: string; doc: object }[]): Promise<BulkItemResult[]> {
    if (!this.indexMeta) throw new SearchIndexError("bad_request", `no such index [${this.indexName}]`, 404);
    return docs.map(({ id, doc }) => {
      const checked = this.validate(doc as Source);
      if ("error" in checked) return { id, status: 400, error: checked.error };
      const existed = this.docs.has(id);
      this.docs.set(id, checked.stored);
      this.pending.set(id, checked.stored);
      this.postings.clear();
      return { id, status: existed ? 200 : 201, result: existed ? "updated" : "created" };
    });
  }

  private readonly integerFields = new Map<string, [string, string][]>();

  /** integer fields inside an object or nested field, e.g. menus.price under menus */
  private integersUnder(key: string): [string, string][] {
    let list = this.integerFields.get(key);
    if (!list) {
      list = [...this.fields]
        .filter(
          ([path, f]) =>
            path.startsWith(`${key}.`) &&
            f.sourcePath === path &&
            (f.type === "integer" || f.type === "long"),
        )
        .map(([path, f]) => [path, f.type]);
      this.integerFields.set(key, list);
    }
    return list;
  }

  /** What OpenSearch would refuse with a mapper_parsing_exception or strict_dynamic_mapping_exception. */
  private validate(doc: Source): { stored: Stored } | { error: { type: string; reason: string } } {
    const bad = (type: string, reason: string) => ({ error: { type, reason } });
    const strict = this.definition.mappings.dynamic === "strict";
    const source: Source = {};
    const vectors = new Map<string, Float32Array>();
    for (const [key, value] of Object.entries(doc)) {
      const info = this.fields.get(key);
      if (!info) {
        if (strict)
          return bad(
            "strict_dynamic_mapping_exception",
            `mapping set to strict, dynamic introduction of [${key}] within [_doc] is not allowed`,
          );
        source[key] = value;
        continue;
      }
      if (info.type === "knn_vector") {
        if (
          !Array.isArray(value) ||
          value.length !== info.dimension ||
          !value.every((x) => typeof x === "number" && Number.isFinite(x))
        )
          return bad(
            "mapper_parsing_exception",
            `failed to parse field [${key}]: vector must be ${info.dimension} numbers`,
          );
        vectors.set(key, Float32Array.from(value as number[]));
        continue;
      }
      if (info.type === "geo_point") {
        const p = value as { lat?: unknown; lon?: unknown };
        const ok =
          typeof p?.lat === "number" &&
          typeof p?.lon === "number" &&
          Math.abs(p.lat) <= 90 &&
          Math.abs(p.lon) <= 180;
        if (!ok) return bad("mapper_parsing_exception", `failed to parse field [${key}] of type [geo_point]`);
      }
      for (const [path, type] of this.integersUnder(key)) {
        const vs = valuesAt(value, path.slice(key.length + 1).split("."));
        if (vs.some((v) => v !== null && !Number.isInteger(v)))
          return bad("mapper_parsing_exception", `failed to parse field [${path}] of type [${type}]`);
      }
      if ((info.type === "integer" || info.type === "double") && value !== null && typeof value !== "number")
        return bad("mapper_parsing_exception", `failed to parse field [${key}] of type [${info.type}]`);
      source[key] = value;
    }
    return { stored: { source, vectors } };
  }

  /** Drops the documents a predicate picks (the demo corpus, when real documents arrive). */
  removeWhere(pick: (source: Record<string, unknown>) => boolean): number {
    let n = 0;
    for (const [id, s] of this.docs)
      if (pick(s.source)) {
        this.docs.delete(id);
        this.pending.set(id, null);
        n++;
      }
    if (n) this.postings.clear();
    return n;
  }

  // ---------------------------------------------------------------- reads

  async mget<T>(ids: readonly string[], fields?: readonly string[]): Promise<Map<string, T>> {
    const out = new Map<string, T>();
    for (const id of ids) {
      const s = this.docs.get(id);
      if (!s) continue;
      const src = fields
        ? Object.fromEntries(fields.filter((f) => f in s.source).map((f) => [f, s.source[f]]))
        : s.source;
      out.set(id, structuredClone(src) as T);
    }
    return out;
  }

  async distinctValues(field: string): Promise<string[]> {
    const info = this.fields.get(field);
    if (!info || info.type !== "keyword")
      throw new SearchIndexError("bad_request", `${field} is not a keyword field`);
    const out = new Set<string>();
    for (const s of this.docs.values())
      for (const v of valuesAt(s.source, info.sourcePath.split("."))) if (typeof v === "string") out.add(v);
    return [...out];
  }

  async search<T>(body: SearchBody): Promise<SearchResult<T>> {
    const allowed = new Set(["size", "from", "query", "_source"]);
    for (const key of Object.keys(body))
      if (!allowed.has(key))
        throw new SearchIndexError("unsupported", `the local engine does not run "${key}"`);
    // the postings the query reads are built first and its kNN clauses scored, in bounded turns of the
    // event loop; the query is then compiled once into closures and run over the documents (as they
    // were at compile time), pausing when the slice is spent
    const query = body.query ?? { match_all: {} };
    const turns = new TimeSlice();
    await this.postings.prepare(fieldsNamed(query, this.fields), this.docs, turns);
    const compiler = new QueryCompiler(this.fields, this.docs, this.postings);
    await compiler.prepareKnn(query, turns);
    const run = compiler.compile(query);
    const hits: { id: string; score: number; stored: Stored }[] = [];
    for (const [id, stored] of [...candidates(this.docs, run)]) {
      if (turns.due) await turns.pause();
      const score = run({ id, stored });
      if (score !== null) hits.push({ id, score, stored });
    }
    hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    const from = body.from ?? 0;
    const size = body.size ?? 10;
    return {
      total: hits.length,
      hits: hits
        .slice(from, from + size)
        .map((h) => ({ id: h.id, score: h.score, source: this.project(h.stored, body._source) as T })),
    };
  }

  private project(s: Stored, spec: SearchBody["_source"]): Source {
    if (spec === false) return {};
    const src: Source = { ...s.source };
    for (const [f, v] of s.vectors) src[f] = Array.from(v);
    if (spec && typeof spec === "object") {
      for (const f of spec.excludes ?? []) delete src[f];
      if (spec.includes) for (const k of Object.keys(src)) if (!spec.includes.includes(k)) delete src[k];
    }
    return structuredClone(src);
  }
}
