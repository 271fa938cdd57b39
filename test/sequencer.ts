// The order the test files run in: vitest's own (failed and slowest first, from its cache; larger
// files first in a fresh clone), except that a file that resets the module registry (vi.resetModules,
// vi.mock) comes after every file that does not. A worker keeps its modules from file to file
// (isolate: false): the places and their indexes, the typo indexes, the shared world's demo corpus, each
// built once (~6 s and ~10 s of CPU on a quiet machine). A reset in the middle of a worker's files made
// every later file there build them again.
import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** A file that resets or mocks modules: the next file in its worker imports the product afresh. */
export const resetsModules = (source: string) => /^\s*vi\.(resetModules|mock|doMock)\(/m.test(source);

export default class SharedModulesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const resets = new Set(sorted.filter((f) => resetsModules(readFileSync(f.moduleId, "utf8"))));
    return [...sorted.filter((f) => !resets.has(f)), ...sorted.filter((f) => resets.has(f))];
  }
}
