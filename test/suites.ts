// `npm test`'s two test runs after formatting, types and lint: the fast suite, then the browser tests,
// the second run whether or not the first passed, so one red test does not hide another. The
// exit code is non-zero when either failed; the last lines say which, and how long each took.
//
//   npx tsx test/suites.ts                 both, as npm test runs them
//   npx tsx test/suites.ts fast            one of them (extra arguments go to vitest: fast --reporter=…)
import { spawn } from "node:child_process";
import { resolve } from "node:path";

export const SUITES = ["fast", "browser"] as const;

export interface SuiteResult {
  suite: string;
  code: number;
  seconds: number;
}

/** vitest on one project, its output on this process's terminal: its exit code and duration. */
function vitest(project: string, extra: string[]): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", "--project", project, ...extra],
      { stdio: "inherit" },
    );
    child.on("exit", (code, signal) =>
      done({ code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

/**
 * Runs every suite in turn, each whatever became of the ones before it; the summary lines and the exit
 * code (1 when any failed).
 */
export async function runSuites(
  suites: readonly string[],
  run: (suite: string) => Promise<{ code: number; seconds: number }>,
): Promise<{ results: SuiteResult[]; summary: string[]; exitCode: number }> {
  const results: SuiteResult[] = [];
  for (const suite of suites) results.push({ suite, ...(await run(suite)) });
  const summary = results.map(
    (r) =>
      `${r.suite.padEnd(8)} ${r.code === 0 ? "passed" : `FAILED (exit ${r.code})`}  ${r.seconds.toFixed(1)} s`,
  );
  const failed = results.filter((r) => r.code !== 0).map((r) => r.suite);
  if (failed.length) summary.push("", `npm test failed: ${failed.join(" and ")}`);
  return { results, summary, exitCode: failed.length ? 1 : 0 };
}

async function main(): Promise<void> {
  const [only, ...extra] = process.argv.slice(2);
  const chosen = only ? SUITES.filter((s) => s === only) : SUITES;
  if (!chosen.length) {
    console.error(`unknown suite ${only}: one of ${SUITES.join(", ")}`);
    process.exit(2);
  }
  const { summary, exitCode } = await runSuites(chosen, (suite) => vitest(suite, extra));
  console.log(["", ...summary].join("\n"));
  process.exit(exitCode);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
