// A setup file (vitest.config.ts): each test's report carries its own timeout, the time spent in hooks
// since the test before it (the file's and its describe blocks' beforeAll, the previous block's
// afterAll), and the CPU time its worker spent on it, so test/helpers/slow-tests.ts can hold tests and
// hooks to test/timeouts.ts's SAFETY_FACTOR from vitest's JSON report alone. (The CPU time is the
// worker's own: a busy machine stretches a test's duration but hardly its CPU time, while processes a
// test spawns are not in it.)
import { afterEach, beforeAll, beforeEach } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    /** the timeout this test ran under (ms) */
    timeout?: number;
    /** ms between the end of the previous test of this file (or the file's start) and this one's start */
    hooksBeforeMs?: number;
    /** CPU ms (user + system) of the worker process from this test's start to its end */
    cpuMs?: number;
  }
}

let since: number | undefined;
let cpuAtStart: NodeJS.CpuUsage | undefined;
beforeAll(() => {
  since = performance.now();
});
beforeEach(({ task }) => {
  task.meta.timeout = task.timeout;
  if (since !== undefined) task.meta.hooksBeforeMs = Math.round(performance.now() - since);
  cpuAtStart = process.cpuUsage();
});
afterEach(({ task }) => {
  since = performance.now();
  if (cpuAtStart) {
    const used = process.cpuUsage(cpuAtStart);
    task.meta.cpuMs = Math.round((used.user + used.system) / 1000);
  }
});
