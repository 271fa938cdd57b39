// Units a reader can hold in mind (issue 24): no function in shared/ or functions/ is over 80 lines
// unless a "long:" comment above it says why. The measure is first tried on source of its own, so a
// measure that stopped seeing functions would fail.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FUNCTION_LINES, longFunctions } from "../helpers/code-size.ts";

const dir = mkdtempSync(join(tmpdir(), "dongne-code-size-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");

describe("the measure", () => {
  it("finds long functions of every form, and reads their reasons", () => {
    const file = join(dir, "sample.ts");
    writeFileSync(
      file,
      [
        `export function declared() {\n${body(85)}\n}`,
        `export const arrow = () => {\n${body(85)}\n};`,
        `class K {\n  method() {\n${body(85)}\n  }\n}`,
        `// long: a table of cases reads best whole\nexport function excused() {\n${body(85)}\n}`,
        `export function short() {\n${body(10)}\n}`,
      ].join("\n"),
    );
    const found = longFunctions([file]);
    expect(found.map((f) => f.name).sort()).toEqual(["arrow", "declared", "excused", "method"]);
    expect(found.find((f) => f.name === "excused")?.reason).toBe("a table of cases reads best whole");
    expect(found.filter((f) => !f.reason)).toHaveLength(3);
  });
});

describe("the product", () => {
  it(`has no function over ${FUNCTION_LINES} lines without its reason`, () => {
    const unexplained = longFunctions()
      .filter((f) => !f.reason)
      .map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(unexplained).toEqual([]);
  });
});
