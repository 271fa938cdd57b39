// The local engine's queries: each OpenSearch clause the product emits (dsl.ts) compiled once into a
// function from a document (or a nested element) to its score, or null for no match — text through the
// field's analyzer and its postings, keywords exactly, nested fields only inside `nested`, geo_point by
// haversine, kNN exact over the filtered set.
import { haversine } from "../geo/haversine.ts";
import { parseDistance, type KnnClause, type Query } from "./dsl.ts";
import {
  bounded,
  candidates,
  keyOf,
  valuesAt,
  type Ctx,
  type Eval,
  type FieldInfo,
  type Source,
  type Stored,
} from "./local-fields.ts";
import { SearchIndexError } from "./port.ts";
import type { TimeSlice } from "../platform/concurrency.ts";

const LUCENE_COSINE = (cos: number) => (1 + cos) / 2;

/** A document's elements of one nested path and the key of each (keys[i] is "id\u0000i"). */
export interface NestedElements {
  elements: unknown[];
  keys: string[];
}

/** The points of one geo_point field: ids[i] has the point (lats[i], lons[i]). */
export interface GeoPoints {
  ids: string[];
  lats: number[];
  lons: number[];
}

/** Analysed field → token → document (or nested element) keys; cleared on every write. */
export class Postings {
  private byField = new Map<string, Map<string, Set<string>>>();

  /** keyword field → value → documents, built on first use after a write */
  private keywordsByField = new Map<string, Map<unknown, Set<string>>>();

  /** geo_point field → every (document, point) pair as numbers, built on first use after a write */
  private geoByField = new Map<string, GeoPoints>();

  /** nested path → document → its elements and their keys ("id\u0000i"), built on first use after a write */
  private nestedByPath = new Map<string, Map<string, NestedElements>>();

  clear(): void {
    this.byField = new Map();
    this.keywordsByField = new Map();
    this.geoByField = new Map();
    this.nestedByPath = new Map();
  }

  /** Each document's elements of a nested path, with the key each element is evaluated under. */
  nested(path: string, docs: ReadonlyMap<string, Stored>): Map<string, NestedElements> {
    let byDoc = this.nestedByPath.get(path);
    if (byDoc) return byDoc;
    const parts = path.split(".");
    byDoc = new Map();
    for (const [id, s] of docs) {
      const elements = valuesAt(s.source, parts);
      byDoc.set(id, { elements, keys: elements.map((_, i) => `${id}\u0000${i}`) });
    }
    this.nestedByPath.set(path, byDoc);
    return byDoc;
  }

  /** The points of a geo_point field outside nested objects, one entry per point (a document may have several). */
  geo(field: string, info: FieldInfo, docs: ReadonlyMap<string, Stored>): GeoPoints {
    let g = this.geoByField.get(field);
    if (g) return g;
    const ids: string[] = [];
    const lats: number[] = [];
    const lons: number[] = [];
    for (const [id, s] of docs)
      for (const p of valuesAt(s.source, info.pathParts)) {
        const pt = p as { lat: number; lon: number };
        ids.push(id);
        lats.push(pt.lat);
        lons.push(pt.lon);
      }
    this.geoByField.set(field, (g = { ids, lats, lons }));
    return g;
  }

  /** The documents with a point of a geo_point field (outside nested objects) within maxM of c. */
  near(
    field: string,
    info: FieldInfo,
    docs: ReadonlyMap<string, Stored>,
    c: { lat: number; lng: number },
    maxM: number,
  ): Set<string> {
    const { ids, lats, lons } = this.geo(field, info, docs);
    // a cheap box first: most documents are far away
    const dLat = maxM / 110_000;
    const dLon = maxM / (110_000 * Math.max(0.1, Math.cos((c.lat * Math.PI) / 180)));
    const inside = new Set<string>();
    for (let i = 0; i < ids.length; i++) {
      const lat = lats[i]!;
      const lon = lons[i]!;
      if (Math.abs(lat - c.lat) > dLat || Math.abs(lon - c.lng) > dLon) continue;
      if (haversine({ lat, lng: lon }, c) <= maxM) inside.add(ids[i]!);
    }
    return inside;
  }

  /** value → documents for one keyword (not analysed, not nested) field, built on first use after a write */
  keywords(field: string, info: FieldInfo, docs: ReadonlyMap<string, Stored>): Map<unknown, Set<string>> {
    let byValue = this.keywordsByField.get(field);
    if (byValue) return byValue;
    this.keywordsByField.set(field, (byValue = new Map<unknown, Set<string>>()));
    for (const [id, s] of docs)
      for (const v of valuesAt(s.source, info.pathParts)) {
        let ids = byValue.get(v);
        if (!ids) byValue.set(v, (ids = new Set()));
        ids.add(id);
      }
    return byValue;
  }

  /** token → keys for one analysed field, built on first use after a write */
  of(field: string, info: FieldInfo, docs: ReadonlyMap<string, Stored>): Map<string, Set<string>> {
    let byToken = this.byField.get(field);
    if (byToken) return byToken;
    this.byField.set(field, (byToken = new Map<string, Set<string>>()));
    for (const [id, s] of docs) addPostings(byToken, info, id, s);
    return byToken;
  }

  /**
   * Builds now the postings of the analysed fields among `fields` that are not built, pausing on
   * `turns` between two documents when its slice is spent: the search compiled next finds them built,
   * and no field's build holds the event loop past a slice. A write meanwhile clears the postings:
   * what was built for the documents before it is dropped, and the search builds them as it would have.
   */
  async prepare(
    fields: Iterable<[string, FieldInfo]>,
    docs: ReadonlyMap<string, Stored>,
    turns: TimeSlice,
  ): Promise<void> {
    for (const [field, info] of fields) {
      if (!info.analyzer || this.byField.has(field)) continue;
      const built = this.byField;
      const byToken = new Map<string, Set<string>>();
      for (const [id, s] of docs) {
        if (turns.due) {
          await turns.pause();
          if (this.byField !== built) return;
        }
        addPostings(byToken, info, id, s);
      }
      if (!built.has(field)) built.set(field, byToken);
    }
  }
}

/** One document's tokens of an analysed field into its postings (a nested field: each element's). */
function addPostings(byToken: Map<string, Set<string>>, info: FieldInfo, id: string, s: Stored): void {
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
  if (!info.nestedPath) add(id, valuesAt(s.source, info.pathParts));
  else
    valuesAt(s.source, info.nestedPath.split(".")).forEach((element, i) =>
      add(`${id}\u0000${i}`, valuesAt(element, info.relPath)),
    );
}

/** The kNN clauses of a query (the argument of each `knn` key), outermost first. */
function knnClauses(query: unknown): Record<string, KnnClause>[] {
  const out: Record<string, KnnClause>[] = [];
  const walk = (q: unknown): void => {
    if (Array.isArray(q)) q.forEach(walk);
    else if (q && typeof q === "object")
      for (const [k, v] of Object.entries(q)) {
        if (k === "knn" && v && typeof v === "object") out.push(v as Record<string, KnnClause>);
        walk(v);
      }
  };
  walk(query);
  return out;
}

/** The fields of `fields` a query names (as a key anywhere in it), each once. */
export function fieldsNamed(query: unknown, fields: ReadonlyMap<string, FieldInfo>): [string, FieldInfo][] {
  const out = new Map<string, FieldInfo>();
  const walk = (q: unknown): void => {
    if (Array.isArray(q)) q.forEach(walk);
    else if (q && typeof q === "object")
      for (const [k, v] of Object.entries(q)) {
        const info = fields.get(k);
        if (info) out.set(k, info);
        walk(v);
      }
  };
  walk(query);
  return [...out];
}

/** Compiles the clauses of one search over the documents as they are now. */
export class QueryCompiler {
  constructor(
    private readonly fields: ReadonlyMap<string, FieldInfo>,
    private readonly docs: ReadonlyMap<string, Stored>,
    private readonly postings: Postings,
  ) {}

  private values(ctx: Ctx, info: FieldInfo): unknown[] | null {
    if (info.nestedPath) {
      // a nested field is only visible from inside its nested query, as in OpenSearch
      if (ctx.nested?.path !== info.nestedPath) return null;
      return valuesAt(ctx.nested.element, info.relPath);
    }
    return valuesAt(ctx.stored.source, info.pathParts);
  }

  /** One clause → a function from a document (or nested element) to its score, or null for no match. */
  /** `scoring` false in filter context (as OpenSearch): a bool stops at its first sufficient match. */
  compile(q: Query, scoring = true): Eval {
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
        return bounded((ctx) => (ids.has(ctx.id) ? 1 : null), ids);
      }
      case "exists": {
        const field = (arg as { field: string }).field;
        const info = this.fields.get(field);
        return (ctx) => {
          const v = info && this.values(ctx, info);
          return v && v.some((x) => x !== null && x !== "") ? 1 : null;
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
    const bound = boolBound([...must, ...filter], required > 0 ? should : []);
    return bounded(
      (ctx) => {
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
      },
      bound?.within,
      bound?.level,
    );
  }

  /** the k best of each kNN clause of the query being compiled, scored beforehand (`prepareKnn`) */
  private readonly knnTops = new Map<object, Map<string, number>>();

  /**
   * kNN is global (the k best of the filtered set): each kNN clause of the query is scored once, before
   * the query is compiled, pausing on `turns` between two documents when its slice is spent.
   */
  async prepareKnn(q: unknown, turns: TimeSlice): Promise<void> {
    for (const arg of knnClauses(q)) this.knnTops.set(arg, await this.knnTop(arg, turns));
  }

  private async knnTop(arg: Record<string, KnnClause>, turns: TimeSlice): Promise<Map<string, number>> {
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
    // only the documents the filter can admit (OpenSearch too filters by a bitset from its postings)
    for (const [id, stored] of [...candidates(this.docs, filter)]) {
      if (turns.due) await turns.pause();
      if (filter && filter({ id, stored }) === null) continue;
      const v = stored.vectors.get(field);
      if (!v) continue;
      let dotp = 0;
      for (let i = 0; i < v.length; i++) dotp += v[i]! * query[i]!;
      scored.push({ id, score: LUCENE_COSINE(dotp) });
    }
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    return new Map(scored.slice(0, clause.k).map((x) => [x.id, x.score]));
  }

  private compileKnn(arg: Record<string, KnnClause>): Eval {
    const top = this.knnTops.get(arg);
    if (!top) throw new Error("a knn clause compiled before prepareKnn scored it");
    return bounded((ctx) => top.get(ctx.id) ?? null, new Set(top.keys()));
  }

  private compileNested(arg: { path: string; query: Query; score_mode?: string }, scoring: boolean): Eval {
    const info = this.fields.get(arg.path);
    if (!info || info.type !== "nested")
      throw new SearchIndexError("bad_request", `[nested] ${arg.path} is not a nested field`);
    const inner = this.compile(arg.query, scoring);
    const parts = arg.path.split(".");
    const mode = arg.score_mode ?? "avg";
    // the elements and keys of the indexed documents, walked once after a write, not per query
    const byDoc = this.postings.nested(arg.path, this.docs);
    const evaluate = (ctx: Ctx) => {
      let n = 0;
      let sum = 0;
      let max = Number.NEGATIVE_INFINITY;
      const known = byDoc.get(ctx.id);
      const elements = known && this.docs.get(ctx.id) === ctx.stored ? known : undefined;
      // one context object per document, reused for each element (evaluation never keeps it)
      const nested = { path: arg.path, element: {} as Source, key: "" };
      const inElement: Ctx = { id: ctx.id, stored: ctx.stored, nested };
      const list = elements?.elements ?? valuesAt(ctx.stored.source, parts);
      for (let i = 0; i < list.length; i++) {
        const element = list[i];
        if (!element || typeof element !== "object") continue;
        nested.element = element as Source;
        nested.key = elements?.keys[i] ?? `${ctx.id}\u0000${i}`;
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
    if (!inner.within || inner.level !== arg.path) return evaluate;
    // the documents of the elements the inner clause can match
    const ids = new Set<string>();
    for (const key of inner.within) {
      const cut = key.indexOf("\u0000");
      ids.add(cut < 0 ? key : key.slice(0, cut));
    }
    return bounded(evaluate, ids);
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
        return (ctx) => (this.values(ctx, info)?.some((v) => String(v) === m.query) ? boost : null);
      const wanted = [...new Set(info.analyzer(m.query))];
      const all = (m.operator ?? "or") === "and";
      // how many of the query's tokens each document (or nested element) has
      const hits = new Map<string, number>();
      const byToken = this.postings.of(field, info, this.docs);
      for (const t of wanted) for (const key of byToken.get(t) ?? []) hits.set(key, (hits.get(key) ?? 0) + 1);
      const within = new Set<string>();
      for (const [key, hit] of hits) if (!all || hit === wanted.length) within.add(key);
      return bounded(
        (ctx) => {
          if (!wanted.length || (info.nestedPath && ctx.nested?.path !== info.nestedPath)) return null;
          if (!info.nestedPath && ctx.nested) return null;
          const hit = hits.get(keyOf(ctx)) ?? 0;
          return (all ? hit === wanted.length : hit > 0) ? boost * (hit / wanted.length) : null;
        },
        within,
        info.nestedPath ?? "",
      );
    }
    if (kind === "term") {
      const t = spec as { value: string | number | boolean; boost?: number };
      const boost = t.boost ?? 1;
      if (!info.nestedPath && !info.analyzer) {
        // a document's own keyword: its documents straight from the field's values
        const ids = this.postings.keywords(field, info, this.docs).get(t.value) ?? new Set<string>();
        return bounded((ctx) => (ids.has(ctx.id) ? boost : null), ids);
      }
      return (ctx) => {
        const found = this.values(ctx, info);
        if (!found) return null;
        const ok = info.analyzer
          ? Boolean(this.postings.of(field, info, this.docs).get(String(t.value))?.has(keyOf(ctx)))
          : found.some((v) => v === t.value);
        return ok ? boost : null;
      };
    }
    if (kind === "terms") {
      const list = new Set(spec as (string | number | boolean)[]);
      const boost = (arg.boost as number | undefined) ?? 1;
      if (!info.nestedPath) {
        const byValue = this.postings.keywords(field, info, this.docs);
        const ids = new Set<string>();
        for (const v of list) for (const id of byValue.get(v) ?? []) ids.add(id);
        return bounded((ctx) => (ids.has(ctx.id) ? boost : null), ids);
      }
      return (ctx) => (this.values(ctx, info)?.some((v) => list.has(v as string)) ? boost : null);
    }
    const r = spec as { gte?: number; lte?: number; gt?: number; lt?: number };
    const inRange = (v: unknown) =>
      typeof v === "number" &&
      (r.gte === undefined || v >= r.gte) &&
      (r.lte === undefined || v <= r.lte) &&
      (r.gt === undefined || v > r.gt) &&
      (r.lt === undefined || v < r.lt);
    return (ctx) => (this.values(ctx, info)?.some(inRange) ? 1 : null);
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
    if (!info.nestedPath) {
      // outside nested objects a point depends on its document alone: the matching documents are found
      // once, over the field's points as numbers, and the query asks a set (the same test as below)
      const inside = this.postings.near(field, info, this.docs, c, max);
      return bounded((ctx) => (inside.has(ctx.id) ? 1 : null), inside);
    }
    return (ctx) => {
      const found = this.values(ctx, info);
      if (!found) return null;
      for (const p of found) {
        const pt = p as { lat: number; lon: number };
        if (Math.abs(pt.lat - c.lat) > dLat || Math.abs(pt.lon - c.lng) > dLon) continue;
        if (haversine({ lat: pt.lat, lng: pt.lon }, c) <= max) return 1;
      }
      return null;
    };
  }
}

/**
 * A bool's bound: the intersection of its required clauses' bounds, else (when a should must match and
 * every should is bounded) the union of theirs. Bounds combine only at one level.
 */
function boolBound(
  required: readonly Eval[],
  should: readonly Eval[],
): { within: ReadonlySet<string>; level: string } | undefined {
  const sets = required.filter((e) => e.within);
  if (sets.length) {
    const level = sets[0]!.level!;
    if (!sets.every((e) => e.level === level)) return undefined;
    const [smallest, ...rest] = sets.map((e) => e.within!).sort((a, b) => a.size - b.size);
    return {
      within: rest.length ? new Set([...smallest!].filter((k) => rest.every((r) => r.has(k)))) : smallest!,
      level,
    };
  }
  const level = should[0]?.level;
  if (level === undefined || !should.every((e) => e.within && e.level === level)) return undefined;
  const union = new Set<string>();
  for (const e of should) for (const k of e.within!) union.add(k);
  return { within: union, level };
}
