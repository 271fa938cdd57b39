// `npm test`'s two test runs after formatting, types and lint: the fast suite, then the browser tests,
// the second run whether or not the first passed, so one red test does not hide another. The
// exit code is non-zero when either failed; the last lines say which, and how long each took.
//
//   npx tsx test/suites.ts                 both, as npm test runs them
//   npx tsx test/suites.ts fast            one of them (extra arguments go to vitest: fast --reporter=…)
import { spawn } from "node:child_process";

const SUITES = ["fast", "browser"] as const;

function run(project: string, extra: string[]): Promise<{ code: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", "--project", project, ...extra],
      {
        stdio: "inherit",
      },
    );
    child.on("exit", (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const [only, ...extra] = process.argv.slice(2);
const chosen = only ? SUITES.filter((s) => s === only) : SUITES;
if (!chosen.length) {
  console.error(`unknown suite ${only}: one of ${SUITES.join(", ")}`);
  process.exit(2);
}
const results: { suite: string; code: number; seconds: number }[] = [];
for (const suite of chosen) results.push({ suite, ...(await run(suite, extra)) });

console.log("");
for (const r of results)
  console.log(
    `${r.suite.padEnd(8)} ${r.code === 0 ? "passed" : `FAILED (exit ${r.code})`}  ${r.seconds.toFixed(1)} s`,
  );
const failed = results.filter((r) => r.code !== 0).map((r) => r.suite);
if (failed.length) console.log(`\nnpm test failed: ${failed.join(" and ")}`);
process.exit(failed.length ? 1 : 0);
