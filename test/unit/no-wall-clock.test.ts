// No test asserts a wall-clock bound: a test about time controls it (a fake provider's set
// delay, an injected clock, a gate) or asserts an order or a ratio measured in the same run, and the
// figures live in bench/. This reads every test file for the shapes such a bound has taken here: an
// upper bound on a duration, a wait cut short by a timer, a poll counted to a limit, a browser wait with
// its own timeout, a test or hook timeout tighter than the safety nets of test/timeouts.ts. A line that
// only looks like one says why in a `// not a time: …` comment. And a test file that starts a process
// says what it costs, in a `Cost:` line.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { BROWSER_TEST_TIMEOUT_MS, HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from "../timeouts.ts";

const ROOT = join(import.meta.dirname, "..");

function testFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "fixtures" ? [] : testFiles(path);
    return /\.ts$/.test(e.name) && !/^(timeouts|no-wall-clock\.test)\.ts$/.test(e.name) ? [path] : [];
  });
}

/** words that name a duration in a subject of `expect` */
const DURATION = /\b(ms|took|elapsed|duration\w*|latency|seconds|waited|Date\.now\(\)|performance\.now\(\))/;

/** [what, pattern]: each line matching a pattern is a wall-clock bound unless it says otherwise */
const SHAPES: [string, (line: string, next: string) => boolean][] = [
  [
    "an upper bound on a duration",
    (l) => {
      const m = /expect\((.*?)\)(?:\.\w+)*\.toBeLessThan(?:OrEqual)?\(/.exec(l);
      return !!m && DURATION.test(m[1]!);
    },
  ],
  ["a wait cut short by a timer", (l, next) => /Promise\.race\(/.test(l) && /setTimeout/.test(l + next)],
  [
    "a poll counted to a limit",
    (l, next) =>
      /for \(let \w+ = 0; \w+ < [\w.*_ ]+(?:&&[^;]*)?; \w+\+\+\)/.test(l) && /setTimeout/.test(l + next),
  ],
  ["a browser wait with its own timeout", (l) => /\.waitFor\w*\([^)]*\{\s*timeout:/.test(l)],
];

describe("no test asserts a wall-clock bound", () => {
  const files = testFiles().map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, "utf8") }));

  it("finds the test files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("has no upper bound on a duration, no timer-cut wait, no counted poll, no browser wait of its own", () => {
    const found: string[] = [];
    for (const { path, text } of files) {
      const lines = text.split("\n");
      lines.forEach((line, i) => {
        if (/\/\/ not a time:/.test(line) || /^\s*(\/\/|\*)/.test(line)) return;
        const next = lines.slice(i + 1, i + 3).join(" ");
        for (const [what, is] of SHAPES)
          if (is(line, next)) found.push(`${path}:${i + 1} ${what}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("gives no test or hook a timeout tighter than the safety nets of test/timeouts.ts", () => {
    const found: string[] = [];
    for (const { path, text } of files) {
      const least = path.startsWith("browser/") ? BROWSER_TEST_TIMEOUT_MS : TEST_TIMEOUT_MS;
      // `}, 60_000);` closing a test or hook, `{ timeout: 60_000 }` on a describe or test
      for (const m of text.matchAll(/\}, ([\d_]+)\);|\{ timeout: ([\d_]+) \}/g)) {
        const ms = Number((m[1] ?? m[2])!.replaceAll("_", ""));
        // (under 5 s it is an interval or a poll's pause, not a test's timeout)
        if (ms >= 5_000 && ms < Math.min(least, HOOK_TIMEOUT_MS))
          found.push(`${path}:${text.slice(0, m.index).split("\n").length} ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("has every test file that starts a process say its cost in a `Cost:` line", () => {
    // a process loads the product again (seconds of CPU): npm start, a CLI as typed, a bench, a tool
    const starts =
      /\b(startServe|spawn|spawnSync|execFile|execFileSync|execSync|fork)\(|promisify\((execFile|exec)\)|import \{[^}]*\bdongne\b[^}]*\} from "\.\.\/helpers\/cli\.ts"/;
    const silent = files
      .filter(({ path, text }) => path.endsWith(".test.ts") && starts.test(text))
      .filter(({ text }) => !/^\/\/.*\bCost:/m.test(text))
      .map(({ path }) => path);
    expect(silent).toEqual([]);
  });

  it("catches the shapes it looks for", () => {
    const flagged = (line: string, next = "") => SHAPES.filter(([, is]) => is(line, next)).map(([w]) => w);
    expect(flagged("    expect(took).toBeLessThan(BUDGET_MS + 2000);")).toEqual([
      "an upper bound on a duration",
    ]);
    expect(flagged("        expect(h.ms).toBeLessThan(1000);")).toEqual(["an upper bound on a duration"]);
    expect(flagged("    expect(Date.now() - started).toBeLessThan(2000);")).toHaveLength(1);
    expect(
      flagged(
        "      const closed = await Promise.race([",
        "Promise.all(x), new Promise((r) => setTimeout(r, 8000)),",
      ),
    ).toEqual(["a wait cut short by a timer"]);
    expect(
      flagged("    for (let i = 0; i < 100; i++) {", "await new Promise((r) => setTimeout(r, 100));"),
    ).toEqual(["a poll counted to a limit"]);
    expect(flagged('      await page.locator("#x").waitFor({ timeout: 5_000 });')).toHaveLength(1);
    // sizes and statuses are no durations
    expect(flagged("    expect(res.status).toBeLessThan(500);")).toEqual([]);
    expect(flagged("    expect(socket.bytesRead).toBeLessThan(64 * 1024);")).toEqual([]);
    expect(flagged("    for (let i = 0; i < 5; i++) {", "const h = await raw([]);")).toEqual([]);
  });
});
