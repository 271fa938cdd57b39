// A setup file (vitest.config.ts): each test's report carries its own timeout, the time spent in hooks
// since the test before it (the file's and its describe blocks' beforeAll, the previous block's
// afterAll), and the CPU time spent on it and on those hooks, so test/helpers/slow-tests.ts can hold
// tests and hooks to test/timeouts.ts's SAFETY_FACTOR from vitest's JSON report alone. The CPU time is
// the worker's and its finished child processes' (a CLI run, an `npm start`): a busy machine stretches
// a test's duration several times but its CPU time only a little, so it tells what a test costs.
import { readFileSync } from "node:fs";
import { afterEach, beforeAll, beforeEach } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    /** the timeout this test ran under (ms) */
    timeout?: number;
    /** ms between the end of the previous test of this file (or the file's start) and this one's start */
    hooksBeforeMs?: number;
    /** CPU ms (user + system) of the worker and its finished children in those hooks */
    hooksCpuMs?: number;
    /** CPU ms (user + system) of the worker and its finished children from this test's start to its end */
    cpuMs?: number;
    /** the worker's process id: which tests shared a process (and what it built once) */
    worker?: number;
  }
}

/** CPU ms of this process and of its children that have ended (Linux: /proc/self/stat), else its own. */
function cpuNow(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    // utime stime cutime cstime are fields 14–17 of the line, 12–15 after "pid (comm) "
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks * 10; // 100 ticks a second
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

let since: { at: number; cpu: number } | undefined;
let testStart = 0;
beforeAll(() => {
  since = { at: performance.now(), cpu: cpuNow() };
});
beforeEach(({ task }) => {
  task.meta.timeout = task.timeout;
  task.meta.worker = process.pid;
  testStart = cpuNow();
  if (since !== undefined) {
    task.meta.hooksBeforeMs = Math.round(performance.now() - since.at);
    task.meta.hooksCpuMs = Math.round(testStart - since.cpu);
  }
});
afterEach(({ task }) => {
  const now = cpuNow();
  since = { at: performance.now(), cpu: now };
  task.meta.cpuMs = Math.round(now - testStart);
});
