// The product's version, as provenance records it: DONGNE_VERSION where it is set (the stack sets it on
// every Lambda at synth, from this same function run on the machine that bundles them), else the git
// commit of this checkout (marked -dirty when tracked files differ from it: the commit alone would
// claim code that did not run), else package.json's version. Read once per process.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const ROOT = new URL("../..", import.meta.url);

function git(...args: string[]): string | undefined {
  try {
    return execFileSync("git", args, {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5000,
    }).trim();
  } catch {
    return undefined; // no git, or not a checkout (a Lambda bundle)
  }
}

function packageVersion(): string {
  try {
    return `v${(JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")) as { version: string }).version}`;
  } catch {
    return "unknown";
  }
}

let cached: string | undefined;

export function productVersion(configured?: string): string {
  if (configured) return configured;
  if (cached) return cached;
  const head = git("rev-parse", "HEAD");
  const dirty = head && git("status", "--porcelain", "--untracked-files=no");
  cached = head ? `${head}${dirty ? "-dirty" : ""}` : packageVersion();
  return cached;
}
