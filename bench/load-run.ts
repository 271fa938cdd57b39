// Runs bench/load.ts as its own process (node itself, not npx: no wrapper left behind that would outlive
// an interrupted bench) and reads what it measured: one load generator for every bench that needs one.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface Load {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `concurrency` requests kept in flight against `url` for `durationMs`; `body` may be "@file" (JSONL). */
export async function runLoad(
  url: string,
  method: string,
  body: string,
  durationMs: number,
  concurrency: number,
): Promise<Load> {
  const { stdout } = await run(
    process.execPath,
    [
      "--import",
      "tsx",
      new URL("./load.ts", import.meta.url).pathname,
      url,
      method,
      body,
      String(concurrency),
      String(durationMs),
    ],
    // from the project's root, where `--import tsx` resolves
    { maxBuffer: 1 << 20, cwd: new URL("..", import.meta.url).pathname },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Load;
}
