// The tests that come closer to their timeout than test/timeouts.ts's SAFETY_FACTOR allows, read from
// vitest's JSON report: a timeout is a safety net, and a test that needs more than an eighth
// of it on a quiet machine fails on a busy laptop. Run on a report of a quiet machine's run; a busy one
// only overstates the durations (a test that passes the check there passes it quiet too).
//
//   npx vitest run --project fast --reporter=default --reporter=json --outputFile=/tmp/fast.json
//   npx tsx test/helpers/slow-tests.ts /tmp/fast.json [--top 20] [--files] [--timeout MS] [--busy]
//
// --busy, for a report of a busy machine (where a quiet run cannot be had): each duration is replaced by
// an estimate of the quiet machine's, max(its CPU time, its duration ÷ the run's slowdown). The slowdown
// is the median, over the tests that spent at least 0.3 s of CPU, of duration ÷ CPU time: on a quiet
// machine a test that computes takes about its CPU time (two workers on two cores), on a busy one its
// share of the cores shrinks and its duration grows with it while its CPU time barely moves. A test that
// waits on a real timer is estimated short by this; there are none of those above a few hundred ms.
//
// Each test's own timeout and the time its file spent in hooks before it are in the report's `meta`
// (test/helpers/timing-meta.ts); a test without them (an older report) is held to --timeout, or to the
// configured default. Exit 1 when any test, or any stretch of hooks, is over its limit.
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { HOOK_TIMEOUT_MS, SAFETY_FACTOR, TEST_TIMEOUT_MS } from "../timeouts.ts";

interface Assertion {
  fullName: string;
  status: string;
  duration?: number;
  meta?: { timeout?: number; hooksBeforeMs?: number; hooksCpuMs?: number; cpuMs?: number };
}
interface Report {
  numTotalTests: number;
  numFailedTests: number;
  startTime: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: Assertion[] }[];
}

export interface Row {
  file: string;
  name: string;
  ms: number;
  timeoutMs: number;
  /** "test" or "hooks" (the hooks run before this test) */
  kind: "test" | "hooks";
  /** CPU time of the worker and the processes it ran, when the report has it */
  cpuMs?: number;
}

/** Every test and every stretch of hooks, with the limit it is held to. */
export function rowsOf(report: Report, defaultTimeoutMs = TEST_TIMEOUT_MS): Row[] {
  return report.testResults.flatMap((f) => {
    // the path from the repository's test/ folder (a report may come from another clone)
    const file = f.name.slice(f.name.lastIndexOf("/test/") + 1) || relative(process.cwd(), f.name);
    return f.assertionResults.flatMap((a): Row[] => {
      const test: Row = {
        file,
        name: a.fullName,
        ms: a.duration ?? 0,
        timeoutMs: a.meta?.timeout ?? defaultTimeoutMs,
        kind: "test",
        cpuMs: a.meta?.cpuMs,
      };
      const hooks = a.meta?.hooksBeforeMs;
      return hooks === undefined
        ? [test]
        : [
            test,
            {
              file,
              name: a.fullName,
              ms: hooks,
              timeoutMs: HOOK_TIMEOUT_MS,
              kind: "hooks",
              cpuMs: a.meta?.hooksCpuMs,
            },
          ];
    });
  });
}

export const overLimit = (rows: Row[]) => rows.filter((r) => r.ms * SAFETY_FACTOR > r.timeoutMs);

/** Tests with at least this much CPU time measure the run's slowdown (shorter ones are mostly waiting). */
const SLOWDOWN_MIN_CPU_MS = 300;

/** How many times its CPU time a test that computes took in this run (the median), with the sample size. */
export function slowdownOf(rows: Row[]): { factor: number; tests: number } | undefined {
  const ratios = rows
    .filter((r) => r.kind === "test" && (r.cpuMs ?? 0) >= SLOWDOWN_MIN_CPU_MS)
    .map((r) => r.ms / r.cpuMs!)
    .sort((a, b) => a - b);
  if (!ratios.length) return undefined;
  const mid = Math.floor(ratios.length / 2);
  const factor = ratios.length % 2 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
  return { factor, tests: ratios.length };
}

/** The rows as a quiet machine would time them: max(CPU time, duration ÷ slowdown); the slowdown at least 1. */
export function quietEstimate(rows: Row[], slowdown: number): Row[] {
  const by = Math.max(1, slowdown);
  return rows.map((r) => ({ ...r, ms: Math.max(r.cpuMs ?? 0, r.ms / by) }));
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const line = (r: Row) =>
  `${secs(r.ms).padStart(8)}  of ${secs(r.timeoutMs).padStart(7)}  (1/${(r.timeoutMs / Math.max(r.ms, 1)).toFixed(1)})` +
  `${r.cpuMs === undefined ? "" : `  cpu ${secs(r.cpuMs).padStart(7)}`}  ${r.kind === "hooks" ? "hooks before " : ""}${r.file} › ${r.name}`;

function main(): void {
  const args = process.argv.slice(2);
  const valued = new Set(["--top", "--timeout"]);
  const file = args.find((a, i) => !a.startsWith("--") && !valued.has(args[i - 1] ?? ""));
  if (!file) {
    console.error(
      "usage: npx tsx test/helpers/slow-tests.ts REPORT.json [--top N] [--files] [--timeout MS] [--busy]",
    );
    process.exit(2);
  }
  const option = (name: string) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : undefined);
  const top = option("--top") || 15;
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const measured = rowsOf(report, option("--timeout"));
  let rows = measured;
  if (args.includes("--busy")) {
    const slowdown = slowdownOf(measured);
    if (!slowdown) {
      console.error("--busy needs a report with CPU times (test/helpers/timing-meta.ts)");
      process.exit(2);
    }
    rows = quietEstimate(measured, slowdown.factor);
    console.log(
      `busy run: tests took ${slowdown.factor.toFixed(2)}× their CPU time (median of ${slowdown.tests} tests ` +
        `with ≥ ${SLOWDOWN_MIN_CPU_MS / 1000} s of CPU); durations below are quiet estimates, ` +
        `max(CPU time, duration ÷ ${slowdown.factor.toFixed(2)})\n`,
    );
  }
  const tests = rows.filter((r) => r.kind === "test");
  const ends = report.testResults.map((f) => f.endTime);
  const cpu = rows.reduce((a, r) => a + (r.cpuMs ?? 0), 0);
  console.log(
    `${report.numTotalTests} tests (${report.numFailedTests} failed); wall ${secs(Math.max(...ends) - report.startTime)}; ` +
      `sum of test durations${rows === measured ? "" : " (quiet estimates)"} ${secs(tests.reduce((a, r) => a + r.ms, 0))}` +
      (cpu ? `; CPU in tests and hooks ${secs(cpu)} (imports and collection apart)` : ""),
  );
  console.log(`\nslowest tests:`);
  for (const r of [...tests].sort((a, b) => b.ms - a.ms).slice(0, top)) console.log(line(r));
  const hooks = rows.filter((r) => r.kind === "hooks");
  if (hooks.length) {
    console.log(`\nlongest hooks (before the test named):`);
    for (const r of [...hooks].sort((a, b) => b.ms - a.ms).slice(0, Math.min(top, 8))) console.log(line(r));
  }
  if (args.includes("--files")) {
    const byFile = new Map<string, { ms: number; cpu: number }>();
    for (const r of rows) {
      const f = byFile.get(r.file) ?? { ms: 0, cpu: 0 };
      byFile.set(r.file, { ms: f.ms + r.ms, cpu: f.cpu + (r.cpuMs ?? 0) });
    }
    console.log(`\nfiles by time in tests and hooks (and CPU, when the report has it):`);
    for (const [f, t] of [...byFile].sort((a, b) => b[1].ms - a[1].ms).slice(0, top))
      console.log(`${secs(t.ms).padStart(8)}${t.cpu ? `  cpu ${secs(t.cpu).padStart(7)}` : ""}  ${f}`);
  }
  const over = overLimit(rows);
  console.log(
    over.length
      ? `\n${over.length} over 1/${SAFETY_FACTOR} of their timeout:\n${over.map(line).join("\n")}`
      : `\nnone over 1/${SAFETY_FACTOR} of its timeout`,
  );
  process.exit(over.length ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
