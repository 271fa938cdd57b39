// test/sequencer.ts: the files that reset the module registry run after every file that shares its
// worker's modules (the places, the indexes, the shared world's demo corpus).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification } from "vitest/node";
import SharedModulesFirst, { resetsModules } from "../sequencer.ts";

const ROOT = join(import.meta.dirname, "..", "..");

describe("the order of the test files", () => {
  it("knows a file that resets or mocks modules from one that only mentions it", () => {
    expect(resetsModules('import x from "y";\nvi.resetModules();\n')).toBe(true);
    expect(resetsModules('  vi.mock("../../shared/llm/index.ts", async () => ({}));')).toBe(true);
    expect(resetsModules("// a file that needs its own modules takes them with vi.resetModules()")).toBe(
      false,
    );
    expect(resetsModules('it("x", () => { vi.useFakeTimers(); });')).toBe(false);
  });

  it("puts the files that reset modules last, the others in vitest's order", async () => {
    const files = [
      "test/integration/api-lambda.test.ts",
      "test/unit/sequencer.test.ts",
      "test/unit/api-auth.test.ts",
      "test/unit/suites.test.ts",
    ];
    const project = { name: "fast", config: { sequence: { groupOrder: 0 }, isolate: false } };
    const specs = files.map((f) => ({ moduleId: join(ROOT, f), project }) as unknown as TestSpecification);
    // no cache, no stats: vitest keeps the given order
    const ctx = {
      config: { root: ROOT },
      cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
    };
    const sorted = await new SharedModulesFirst(ctx as never).sort(specs);
    expect(sorted.map((s) => s.moduleId.slice(ROOT.length + 1))).toEqual([
      "test/unit/sequencer.test.ts",
      "test/unit/suites.test.ts",
      "test/integration/api-lambda.test.ts",
      "test/unit/api-auth.test.ts",
    ]);
  });
});
