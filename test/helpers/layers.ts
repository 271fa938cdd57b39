// The layers of the code base (docs/architecture.md) and the imports between its files, read from the
// source text: every relative import, type-only ones included, since a type import ties a lower layer
// to a higher one as surely as a value import does. `npx tsx test/helpers/layers.ts` prints the
// figures; test/unit/layers.test.ts requires them to be zero.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

export const LAYERS = ["platform", "shared domain", "adapters", "features", "entry points"] as const;
export type Layer = (typeof LAYERS)[number];

/**
 * Where each path belongs, longest prefix first. A file under no prefix is outside the layers (web/,
 * bench/, test/) and is not checked.
 */
export const LAYER_OF_PATH: [prefix: string, layer: Layer][] = [
  ["shared/platform/", "platform"],
  // each feature's fragment of the one config schema: platform code, which the platform's config composes
  ["shared/place-search/config.ts", "platform"],
  ["shared/restaurant-qa/config.ts", "platform"],
  ["shared/news/config.ts", "platform"],
  ["shared/simulation/config.ts", "platform"],
  ["shared/korean/", "shared domain"],
  ["shared/places/", "shared domain"],
  ["shared/geo/", "shared domain"],
  ["shared/data/", "shared domain"],
  ["shared/demo/", "shared domain"],
  ["shared/workflows/sfn.ts", "adapters"],
  ["shared/workflows/", "shared domain"],
  ["shared/llm/", "adapters"],
  ["shared/embed/", "adapters"],
  ["shared/index/", "adapters"],
  ["shared/store/", "adapters"],
  ["shared/providers/", "adapters"],
  ["shared/place-search/", "features"],
  ["shared/restaurant-qa/", "features"],
  ["shared/news/", "features"],
  ["shared/simulation/", "features"],
  // the runtime's port (what a step is handed) names only adapters' ports; building it is composition
  ["shared/runtime/port.ts", "adapters"],
  ["shared/runtime/", "entry points"],
  ["functions/", "entry points"],
  ["bin/", "entry points"],
  ["infra/", "entry points"],
];

/** The feature a path belongs to, if any: features may not import each other. */
export const FEATURES = ["place-search", "restaurant-qa", "news", "simulation"] as const;

export function layerOf(path: string): Layer | undefined {
  const hit = LAYER_OF_PATH.filter(([p]) => path.startsWith(p)).sort((a, b) => b[0].length - a[0].length)[0];
  return hit?.[1];
}

/** The feature a file belongs to; a feature's config fragment is the platform's, not the feature's. */
export function featureOf(path: string): string | undefined {
  if (layerOf(path) === "platform") return undefined;
  return FEATURES.find((f) => path.startsWith(`shared/${f}/`));
}

const SOURCE_DIRS = ["shared", "functions", "bin", "infra"];

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts")) yield path;
  }
}

// `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")`: specifiers of every kind
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** The relative imports of one file's text, resolved to paths from the root. */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1]!;
    if (!spec.startsWith(".")) continue;
    const target = resolve(dirname(join(ROOT, file)), spec);
    if (existsSync(target)) out.push(relative(ROOT, target));
  }
  return out;
}

export interface Edge {
  from: string;
  to: string;
}

export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of SOURCE_DIRS)
    for (const path of sourceFiles(join(ROOT, dir))) {
      const file = relative(ROOT, path);
      graph.set(file, importsOf(file, readFileSync(path, "utf8")));
    }
  return graph;
}

/** Imports from a lower layer to a higher one. */
export function backImports(graph: Map<string, string[]>): Edge[] {
  const rank = (p: string) => {
    const l = layerOf(p);
    return l === undefined ? undefined : LAYERS.indexOf(l);
  };
  return [...graph].flatMap(([from, tos]) =>
    tos
      .filter((to) => {
        const a = rank(from);
        const b = rank(to);
        return a !== undefined && b !== undefined && b > a;
      })
      .map((to) => ({ from, to })),
  );
}

/** Imports from one feature into another. */
export function crossFeatureImports(graph: Map<string, string[]>): Edge[] {
  return [...graph].flatMap(([from, tos]) =>
    tos
      .filter((to) => featureOf(from) && featureOf(to) && featureOf(from) !== featureOf(to))
      .map((to) => ({ from, to })),
  );
}

/** Every import cycle, as the files on it (Tarjan's strongly connected components of size > 1). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** Source files under no layer: each must be placed, or the checks would miss it. */
export function unplaced(graph: Map<string, string[]>): string[] {
  return [...graph.keys()].filter((f) => layerOf(f) === undefined);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const graph = importGraph();
  const back = backImports(graph);
  const cross = crossFeatureImports(graph);
  const loops = cycles(graph);
  const loose = unplaced(graph);
  const verbose = process.argv.includes("-v");
  console.log(`files ${graph.size}, imports ${[...graph.values()].reduce((n, t) => n + t.length, 0)}`);
  console.log(`back-imports ${back.length}`);
  if (verbose) for (const e of back) console.log(`  ${e.from} → ${e.to}`);
  console.log(`imports between features ${cross.length}`);
  if (verbose) for (const e of cross) console.log(`  ${e.from} → ${e.to}`);
  console.log(`cycles ${loops.length}`);
  if (verbose) for (const c of loops) console.log(`  ${c.join(" ↔ ")}`);
  console.log(`files under no layer ${loose.length}`);
  if (verbose) for (const f of loose) console.log(`  ${f}`);
}
