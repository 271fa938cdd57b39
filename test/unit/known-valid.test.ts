// The local runner's record of valid state-machine definitions (shared/workflows/known-valid.ts): a
// definition is validated once per checkout, an invalid one every time.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultKnownValid, KnownValid } from "../../shared/workflows/known-valid.ts";
import { LocalWorkflow } from "../../shared/workflows/local-runner.ts";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "dongne-known-valid-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const A = JSON.stringify({ StartAt: "A", States: { A: { Type: "Succeed" } } });
const B = JSON.stringify({ StartAt: "B", States: { B: { Type: "Succeed" } } });

describe("definitions known valid", () => {
  it("carries a definition that passed to the next process, under the validator's version", () => {
    const dir = join(tempDir(), "cache");
    const first = new KnownValid(dir, "v1");
    expect(first.has(A)).toBe(false);
    first.add(A);
    expect(first.has(A)).toBe(true);
    // another process: the marker on disk
    expect(new KnownValid(dir, "v1").has(A)).toBe(true);
    expect(new KnownValid(dir, "v1").has(B)).toBe(false);
    // another validator validates again
    expect(new KnownValid(dir, "v2").has(A)).toBe(false);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it("keeps to this process when it has no directory, or cannot write its own", () => {
    const memory = new KnownValid(undefined, "v1");
    memory.add(A);
    expect(memory.has(A)).toBe(true);
    // a file where the directory would be: nothing is written, nothing throws
    const blocked = join(tempDir(), "blocked");
    writeFileSync(blocked, "");
    const unwritable = new KnownValid(join(blocked, "cache"), "v1");
    unwritable.add(A);
    expect(unwritable.has(A)).toBe(true);
    expect(new KnownValid(join(blocked, "cache"), "v1").has(A)).toBe(false);
  });

  it("names the runner's validator in the checkout's node_modules", () => {
    const known = defaultKnownValid() as unknown as { dir?: string; version: string };
    expect(known.dir).toMatch(/node_modules\/\.cache\/dongne\/valid-definitions$/);
    expect(known.version).toMatch(/^aws-local-stepfunctions@\d+\.\d+\.\d+ asl-validator@\d+\.\d+\.\d+ /);
  });

  it("refuses an invalid definition every time: only what passed is recorded", () => {
    // a Task with no Resource and a state nobody reaches that names a missing next state
    const invalid = {
      StartAt: "A",
      States: { A: { Type: "Task", End: true }, B: { Type: "Pass", Next: "C" } },
    };
    expect(() => new LocalWorkflow(invalid, {})).toThrow(/invalid/);
    expect(() => new LocalWorkflow(invalid, {})).toThrow(/invalid/);
  });
});
