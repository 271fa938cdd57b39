// The layout's rules (docs/architecture.md), checked on every import of the source, type-only ones too:
// nothing imports from a layer above its own, no feature imports another, no import cycle, and every
// source file has a layer. The checks are tested on a small graph of their own first, so a rule that
// stopped seeing anything would fail here rather than pass in silence.
import { describe, expect, it } from "vitest";
import {
  backImports,
  crossFeatureImports,
  cycles,
  featureOf,
  importGraph,
  importsOf,
  layerOf,
  unplaced,
} from "../helpers/layers.ts";

describe("the layer checks", () => {
  const graph = new Map<string, string[]>([
    ["shared/platform/config.ts", ["shared/news/env.ts"]],
    ["shared/news/env.ts", ["shared/platform/config.ts", "shared/place-search/planner.ts"]],
    ["shared/place-search/planner.ts", ["shared/places/place.ts"]],
    ["shared/places/place.ts", []],
    ["functions/api/app.ts", ["shared/news/env.ts"]],
    ["shared/somewhere.ts", []],
  ]);

  it("find an import from a lower layer to a higher one", () => {
    expect(backImports(graph)).toEqual([{ from: "shared/platform/config.ts", to: "shared/news/env.ts" }]);
  });
  it("find an import between two features", () => {
    expect(crossFeatureImports(graph)).toEqual([
      { from: "shared/news/env.ts", to: "shared/place-search/planner.ts" },
    ]);
  });
  it("find a cycle", () => {
    expect(cycles(graph)).toEqual([["shared/news/env.ts", "shared/platform/config.ts"]]);
  });
  it("find a file with no layer", () => {
    expect(unplaced(graph)).toEqual(["shared/somewhere.ts"]);
  });
  it("read every kind of import, type-only and dynamic ones included", () => {
    const text = [
      'import type { Config } from "../platform/config.ts";',
      'export { x } from "./place.ts";',
      'import "../platform/log.ts";',
      'const m = await import("../geo/haversine.ts");',
      'import { z } from "zod";',
    ].join("\n");
    expect(importsOf("shared/places/foreign.ts", text)).toEqual([
      "shared/platform/config.ts",
      "shared/places/place.ts",
      "shared/platform/log.ts",
      "shared/geo/haversine.ts",
    ]);
  });
  it("place the runtime's port with the adapters and its composition above the features", () => {
    expect(layerOf("shared/runtime/port.ts")).toBe("adapters");
    expect(layerOf("shared/runtime/runtime.ts")).toBe("entry points");
    expect(layerOf("shared/workflows/sfn.ts")).toBe("adapters");
    expect(layerOf("shared/workflows/local.ts")).toBe("shared domain");
  });
  it("place each feature's config fragment in the platform, outside its feature", () => {
    for (const f of ["place-search", "restaurant-qa", "news", "simulation"]) {
      expect(layerOf(`shared/${f}/config.ts`)).toBe("platform");
      expect(featureOf(`shared/${f}/config.ts`)).toBeUndefined();
      expect(featureOf(`shared/${f}/api.ts`)).toBe(f);
    }
  });
});

describe("the code base", () => {
  const graph = importGraph();

  it("has a layer for every source file", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(unplaced(graph)).toEqual([]);
  });
  it("imports nothing from a layer above", () => {
    expect(backImports(graph)).toEqual([]);
  });
  it("has no import between features", () => {
    expect(crossFeatureImports(graph)).toEqual([]);
  });
  it("has no import cycle", () => {
    expect(cycles(graph)).toEqual([]);
  });
});
