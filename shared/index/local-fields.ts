// The local engine's view of an index: each mapped field (its type, where its value lives in a document
// or in a nested element, its analyzer), the documents as stored, and where a query is evaluated.
import { LOCAL_ANALYZERS, type LocalAnalyzer } from "./analysis.ts";
import { SearchIndexError, type FieldMapping } from "./port.ts";

export interface FieldInfo {
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

export type Source = Record<string, unknown>;

export interface Stored {
  source: Source;
  vectors: Map<string, Float32Array>;
}

/**
 * A compiled clause: a document (or nested element) to its score, or null for no match. `within`, when
 * known from postings, bounds the matches at one level: evaluated on documents (`level` ""), no document
 * outside it matches; on the elements of nested path `level`, no element key ("id\u0000i") outside it.
 */
export type Eval = ((ctx: Ctx) => number | null) & { within?: ReadonlySet<string>; level?: string };

/** `f` with its bound at `level` (a nested path, or "" for documents), when one is known. */
export function bounded(
  f: (ctx: Ctx) => number | null,
  within: ReadonlySet<string> | undefined,
  level = "",
): Eval {
  if (within) Object.assign(f, { within, level });
  return f;
}

/** The documents worth evaluating under a clause: those within its bound, else every one. */
export function candidates(
  docs: ReadonlyMap<string, Stored>,
  clause: Eval | undefined,
): Iterable<[string, Stored]> {
  const within = clause?.level === "" ? clause.within : undefined;
  if (!within) return docs;
  const out: [string, Stored][] = [];
  for (const id of within) {
    const stored = docs.get(id);
    if (stored) out.push([id, stored]);
  }
  return out;
}

/** Where a query is evaluated: a document, or one element of a nested array inside it. */
export interface Ctx {
  id: string;
  stored: Stored;
  nested?: { path: string; element: Source; key: string };
}

/** a document's id, or "id\u0000i" for the i-th element of a nested array */
export const keyOf = (ctx: Ctx) => ctx.nested?.key ?? ctx.id;

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

export function flattenMapping(
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

/** The values at a path, arrays flattened at every level (in order), without allocating per level. */
export function valuesAt(obj: unknown, path: readonly string[]): unknown[] {
  const out: unknown[] = [];
  collect(obj, path, 0, out);
  return out;
}

function collect(obj: unknown, path: readonly string[], i: number, out: unknown[]): void {
  if (obj === undefined || obj === null) return;
  if (Array.isArray(obj)) {
    for (let k = 0; k < obj.length; k++) collect(obj[k], path, i, out);
    return;
  }
  if (i === path.length) {
    out.push(obj);
    return;
  }
  if (typeof obj !== "object") return;
  collect((obj as Source)[path[i]!], path, i + 1, out);
}
