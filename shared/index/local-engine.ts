// The in-process search engine: executes the OpenSearch request bodies the product emits (dsl.ts)
// against documents held in memory, with the index mapping deciding how each field matches (text
// fields through their analyzer, keywords exactly, nested objects only inside `nested`, geo_point
// by haversine, knn_vector by exact cosine). kNN is exact — filter first, then the k most similar —
// which is what Lucene's efficient filtering does on small filtered sets and an upper bound on what
// HNSW returns on large ones. Writes are whole documents validated against the mapping (as
// `dynamic: strict` does), applied one at a time, so a reader never sees half of one. Optionally
// persisted to a JSON Lines file (written to a temporary file, then renamed).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { haversine } from "../geo/haversine.ts";
import { decodeVector, encodeVector } from "../embed/vector-codec.ts";
import { LOCAL_ANALYZERS, type LocalAnalyzer } from "./analysis.ts";
import { parseDistance, type KnnClause, type Query, type SearchBody } from "./dsl.ts";
import {
  checkMeta,
  SearchIndexError,
  type BulkItemResult,
  type FieldMapping,
  type IndexDefinition,
  type IndexMeta,
  type SearchIndex,
  type SearchResult,
} from "./port.ts";

interface FieldInfo {
  type: string;
  /** where the value lives in the source (a multi-field reads its parent) */
  sourcePath: string;
  pathParts: string[];
  /** the path inside its nested object */
  relPath: string[];
  analyzer?: LocalAnalyzer;
  /** the nested object path this field belongs to, if any */
  nestedPath?: string;
  dimension?: number;
}

type Source = Record<string, unknown>;

interface Stored {
  source: Source;
  vectors: Map<string, Float32Array>;
}

type Eval = (ctx: Ctx) => number | null;

/** Where a query is evaluated: a document, or one element of a nested array inside it. */
interface Ctx {
  id: string;
  stored: Stored;
  nested?: { path: string; element: Source; key: string };
}

/** a document's id, or "id\u0000i" for the i-th element of a nested array */
const keyOf = (ctx: Ctx) => ctx.nested?.key ?? ctx.id;

function paths(sourcePath: string, nestedPath: string | undefined) {
  return {
    sourcePath,
    nestedPath,
    pathParts: sourcePath.split("."),
    relPath: nestedPath
      ? sourcePath
          .slice(nestedPath.length + 1)
          .split(".")
          .filter(Boolean)
      : [],
  };
}

function flattenMapping(
  props: Record<string, FieldMapping>,
  prefix = "",
  nestedPath?: string,
  out = new Map<string, FieldInfo>(),
): Map<string, FieldInfo> {
  for (const [name, m] of Object.entries(props)) {
    const path = prefix + name;
    const analyzer = m.type === "text" ? LOCAL_ANALYZERS[m.analyzer ?? "standard"] : undefined;
    if (m.type === "text" && !analyzer)
      throw new SearchIndexError("unsupported", `analyzer ${m.analyzer} of ${path}`);
    if (m.type === "nested") {
      out.set(path, { type: "nested", ...paths(path, path) });
      flattenMapping(m.properties ?? {}, `${path}.`, path, out);
      continue;
    }
    if (m.type === "object" || (m.properties && !m.type)) {
      flattenMapping(m.properties ?? {}, `${path}.`, nestedPath, out);
      continue;
    }
    out.set(path, { type: m.type, ...paths(path, nestedPath), analyzer, dimension: m.dimension });
    for (const [sub, sm] of Object.entries(m.fields ?? {})) {
      const subAnalyzer = sm.type === "text" ? LOCAL_ANALYZERS[sm.analyzer ?? "standard"] : undefined;
      out.set(`${path}.${sub}`, { type: sm.type, ...paths(path, nestedPath), analyzer: subAnalyzer });
    }
  }
  return out;
}

function valuesAt(obj: unknown, path: string[]): unknown[] {
  if (obj === undefined || obj === null) return [];
  if (Array.isArray(obj)) return obj.flatMap((x) => valuesAt(x, path));
  if (path.length === 0) return [obj];
  if (typeof obj !== "object") return [];
  return valuesAt((obj as Source)[path[0]!], path.slice(1));
}

const LUCENE_COSINE = (cos: number) => (1 + cos) / 2;

export class LocalSearchIndex implements SearchIndex {
  readonly engine = "local" as const;
  private readonly docs = new Map<string, Stored>();
  private readonly fields: Map<string, FieldInfo>;
  private indexMeta: IndexMeta | null = null;
  /** analysed field → token → document (or nested element) keys; rebuilt on the first search after a write */
  private postings: Map<string, Map<string, Set<string>>> | null = null;
  private dirty = false;

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
    this.dirty = true;
    return "created";
  }

  async count(): Promise<number> {
    return this.docs.size;
  }

  /** Writes the index to its file when it changed (a no-op without a file). */
  async flush(): Promise<void> {
    const file = this.opts.file;
    if (!file || !this.dirty) return;
    mkdirSync(dirname(file), { recursive: true });
    const lines = [JSON.stringify({ meta: this.indexMeta })];
    for (const [id, s] of this.docs) {
      const vectors = Object.fromEntries([...s.vectors].map(([f, v]) => [f, encodeVector(v)]));
      lines.push(JSON.stringify({ id, source: s.source, vectors }));
    }
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, lines.join("\n") + "\n");
    renameSync(tmp, file);
    this.dirty = false;
  }

  private load(file: string): void {
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    const head = JSON.parse(lines[0] ?? "{}") as { meta?: IndexMeta | null };
    this.indexMeta = head.meta ?? null;
    for (const line of lines.slice(1)) {
      const row = JSON.parse(line) as { id: string; source: Source; vectors: Record<string, string> };
      const vectors = new Map(Object.entries(row.vectors).map(([f, b64]) => [f, decodeVector(b64)]));
      this.docs.set(row.id, { source: row.source, vectors });
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
      this.dirty = true;
      this.postings = null;
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
        n++;
      }
    if (n) {
      this.dirty = true;
      this.postings = null;
    }
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
    // the query is compiled once into closures, then run over the documents
    const run = this.compile(body.query ?? { match_all: {} });
    const hits: { id: string; score: number; stored: Stored }[] = [];
    for (const [id, stored] of this.docs) {
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

  // ---------------------------------------------------------------- query evaluation

  private values(ctx: Ctx, info: FieldInfo): { values: unknown[]; owner: object } | null {
    if (info.nestedPath) {
      // a nested field is only visible from inside its nested query, as in OpenSearch
      if (ctx.nested?.path !== info.nestedPath) return null;
      return { values: valuesAt(ctx.nested.element, info.relPath), owner: ctx.nested.element };
    }
    return { values: valuesAt(ctx.stored.source, info.pathParts), owner: ctx.stored.source };
  }

  /** token → keys for one analysed field, built on first use after a write */
  private postingsOf(field: string, info: FieldInfo): Map<string, Set<string>> {
    this.postings ??= new Map();
    let byToken = this.postings.get(field);
    if (byToken) return byToken;
    this.postings.set(field, (byToken = new Map<string, Set<string>>()));
    const add = (key: string, values: unknown[]) => {
      for (const v of values) {
        if (typeof v !== "string") continue;
        for (const t of info.analyzer!(v)) {
          let keys = byToken.get(t);
          if (!keys) byToken.set(t, (keys = new Set()));
          keys.add(key);
        }
      }
    };
    const nestedParts = info.nestedPath?.split(".");
    for (const [id, s] of this.docs) {
      if (!nestedParts) add(id, valuesAt(s.source, info.pathParts));
      else
        valuesAt(s.source, nestedParts).forEach((element, i) =>
          add(`${id}\u0000${i}`, valuesAt(element, info.relPath)),
        );
    }
    return byToken;
  }

  /** One clause → a function from a document (or nested element) to its score, or null for no match. */
  /** `scoring` false in filter context (as OpenSearch): a bool stops at its first sufficient match. */
  private compile(q: Query, scoring = true): Eval {
    const entries = Object.entries(q);
    if (entries.length !== 1)
      throw new SearchIndexError(
        "unsupported",
        `a query clause has one key, got ${entries.map((e) => e[0]).join(", ")}`,
      );
    const [kind, arg] = entries[0]! as [string, never];
    switch (kind) {
      case "match_all":
        return () => 1;
      case "bool":
        return this.compileBool(arg, scoring);
      case "knn":
        return this.compileKnn(arg);
      case "ids": {
        const ids = new Set((arg as { values: string[] }).values);
        return (ctx) => (ids.has(ctx.id) ? 1 : null);
      }
      case "exists": {
        const field = (arg as { field: string }).field;
        const info = this.fields.get(field);
        return (ctx) => {
          const v = info && this.values(ctx, info);
          return v && v.values.some((x) => x !== null && x !== "") ? 1 : null;
        };
      }
      case "nested":
        return this.compileNested(arg, scoring);
      case "match":
      case "term":
      case "terms":
      case "range":
        return this.compileLeaf(kind, arg);
      case "geo_distance":
        return this.compileGeo(arg);
      default:
        throw new SearchIndexError("unsupported", `the local engine does not run "${kind}" queries`);
    }
  }

  private compileBool(b: NonNullable<Extract<Query, { bool: unknown }>["bool"]>, scoring: boolean): Eval {
    const must = (b.must ?? []).map((x) => this.compile(x, scoring));
    const filter = (b.filter ?? []).map((x) => this.compile(x, false));
    const mustNot = (b.must_not ?? []).map((x) => this.compile(x, false));
    const should = (b.should ?? []).map((x) => this.compile(x, scoring));
    // OpenSearch: with no must/filter, at least one should must match; otherwise shoulds only score
    const required = b.minimum_should_match ?? (must.length || filter.length ? 0 : should.length ? 1 : 0);
    const boost = b.boost ?? 1;
    return (ctx) => {
      let score = 0;
      for (const f of filter) if (f(ctx) === null) return null;
      for (const m of must) {
        const s = m(ctx);
        if (s === null) return null;
        score += s;
      }
      for (const n of mustNot) if (n(ctx) !== null) return null;
      let matched = 0;
      for (const sh of should) {
        const s = sh(ctx);
        if (s !== null) {
          matched++;
          score += s;
          if (!scoring && matched >= required) return 0;
        }
      }
      return matched < required ? null : score * boost;
    };
  }

  /** kNN is global (the k best of the filtered set): computed once, when the query is compiled. */
  private compileKnn(arg: Record<string, KnnClause>): Eval {
    const entries = Object.entries(arg);
    if (entries.length !== 1)
      throw new SearchIndexError("unsupported", "a knn query names exactly one field");
    const [field, clause] = entries[0]!;
    const info = this.fields.get(field);
    if (!info || info.type !== "knn_vector")
      throw new SearchIndexError("bad_request", `${field} is not a knn_vector field`);
    if (clause.vector.length !== info.dimension)
      throw new SearchIndexError(
        "bad_request",
        `query vector has ${clause.vector.length} dimensions, ${field} has ${info.dimension}`,
      );
    const query = Float32Array.from(clause.vector);
    const filter = clause.filter ? this.compile(clause.filter, false) : undefined;
    const scored: { id: string; score: number }[] = [];
    for (const [id, stored] of this.docs) {
      if (filter && filter({ id, stored }) === null) continue;
      const v = stored.vectors.get(field);
      if (!v) continue;
      let dotp = 0;
      for (let i = 0; i < v.length; i++) dotp += v[i]! * query[i]!;
      scored.push({ id, score: LUCENE_COSINE(dotp) });
    }
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    const top = new Map(scored.slice(0, clause.k).map((x) => [x.id, x.score]));
    return (ctx) => top.get(ctx.id) ?? null;
  }

  private compileNested(arg: { path: string; query: Query; score_mode?: string }, scoring: boolean): Eval {
    const info = this.fields.get(arg.path);
    if (!info || info.type !== "nested")
      throw new SearchIndexError("bad_request", `[nested] ${arg.path} is not a nested field`);
    const inner = this.compile(arg.query, scoring);
    const parts = arg.path.split(".");
    const mode = arg.score_mode ?? "avg";
    return (ctx) => {
      let n = 0;
      let sum = 0;
      let max = Number.NEGATIVE_INFINITY;
      const elements = valuesAt(ctx.stored.source, parts);
      // one context object per document, reused for each element (evaluation never keeps it)
      const nested = { path: arg.path, element: {} as Source, key: "" };
      const inElement: Ctx = { id: ctx.id, stored: ctx.stored, nested };
      for (let i = 0; i < elements.length; i++) {
        const element = elements[i];
        if (!element || typeof element !== "object") continue;
        nested.element = element as Source;
        nested.key = `${ctx.id}\u0000${i}`;
        const s = inner(inElement);
        if (s === null) continue;
        if (!scoring) return 0;
        n++;
        sum += s;
        max = Math.max(max, s);
      }
      if (!n) return null;
      return mode === "max" ? max : mode === "sum" ? sum : mode === "none" ? 0 : sum / n;
    };
  }

  private compileLeaf(kind: string, arg: Record<string, unknown>): Eval {
    const entries = Object.entries(arg).filter(([k]) => k !== "boost");
    if (entries.length !== 1)
      throw new SearchIndexError("unsupported", `a ${kind} query names exactly one field`);
    const [field, spec] = entries[0]!;
    const info = this.fields.get(field);
    // OpenSearch matches nothing on an unmapped field
    if (!info) return () => null;
    if (kind === "match") {
      const m = spec as { query: string; operator?: "and" | "or"; boost?: number };
      const boost = m.boost ?? 1;
      if (!info.analyzer)
        return (ctx) => (this.values(ctx, info)?.values.some((v) => String(v) === m.query) ? boost : null);
      const wanted = [...new Set(info.analyzer(m.query))];
      const all = (m.operator ?? "or") === "and";
      // how many of the query's tokens each document (or nested element) has
      const hits = new Map<string, number>();
      const byToken = this.postingsOf(field, info);
      for (const t of wanted) for (const key of byToken.get(t) ?? []) hits.set(key, (hits.get(key) ?? 0) + 1);
      return (ctx) => {
        if (!wanted.length || (info.nestedPath && ctx.nested?.path !== info.nestedPath)) return null;
        if (!info.nestedPath && ctx.nested) return null;
        const hit = hits.get(keyOf(ctx)) ?? 0;
        return (all ? hit === wanted.length : hit > 0) ? boost * (hit / wanted.length) : null;
      };
    }
    if (kind === "term") {
      const t = spec as { value: string | number | boolean; boost?: number };
      const boost = t.boost ?? 1;
      return (ctx) => {
        const found = this.values(ctx, info);
        if (!found) return null;
        const ok = info.analyzer
          ? Boolean(this.postingsOf(field, info).get(String(t.value))?.has(keyOf(ctx)))
          : found.values.some((v) => v === t.value);
        return ok ? boost : null;
      };
    }
    if (kind === "terms") {
      const list = new Set(spec as (string | number | boolean)[]);
      const boost = (arg.boost as number | undefined) ?? 1;
      return (ctx) => (this.values(ctx, info)?.values.some((v) => list.has(v as string)) ? boost : null);
    }
    const r = spec as { gte?: number; lte?: number; gt?: number; lt?: number };
    const inRange = (v: unknown) =>
      typeof v === "number" &&
      (r.gte === undefined || v >= r.gte) &&
      (r.lte === undefined || v <= r.lte) &&
      (r.gt === undefined || v > r.gt) &&
      (r.lt === undefined || v < r.lt);
    return (ctx) => (this.values(ctx, info)?.values.some(inRange) ? 1 : null);
  }

  private compileGeo(arg: Record<string, unknown>): Eval {
    const entries = Object.entries(arg).filter(([k]) => k !== "distance" && k !== "distance_type");
    if (entries.length !== 1)
      throw new SearchIndexError("unsupported", "a geo_distance query names exactly one field");
    const [field, center] = entries[0]! as [string, { lat: number; lon: number }];
    const info = this.fields.get(field);
    if (!info || info.type !== "geo_point") return () => null;
    const max = parseDistance(arg.distance as string);
    const c = { lat: center.lat, lng: center.lon };
    // a cheap box first: most documents are far away
    const dLat = max / 110_000;
    const dLon = max / (110_000 * Math.max(0.1, Math.cos((center.lat * Math.PI) / 180)));
    return (ctx) => {
      const found = this.values(ctx, info);
      if (!found) return null;
      for (const p of found.values) {
        const pt = p as { lat: number; lon: number };
        if (Math.abs(pt.lat - c.lat) > dLat || Math.abs(pt.lon - c.lng) > dLon) continue;
        if (haversine({ lat: pt.lat, lng: pt.lon }, c) <= max) return 1;
      }
      return null;
    };
  }
}
