// `npx dongne …` as a user runs it, for the CLI's tests: its exit code, stdout and stderr, whatever the
// outcome. The environment is the test process's (vitest sets DONGNE_CLI_MODE=local, so the CLI never
// uses a developer's running server) without a developer's own DONGNE_API_URL or DONGNE_API_KEY.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export function dongne(env: Record<string, string>, ...args: string[]): Promise<Ran> {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "SILENT" };
  delete base.DONGNE_API_URL;
  delete base.DONGNE_API_KEY;
  return run("node", ["bin/dongne.mjs", ...args], { env: { ...base, ...env } }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: Ran) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

/** Node's own warning about the AWS SDK's next Node version: not the CLI's output. */
const NODE_WARNING =
  /NodeVersionSupportWarning|node >=22|upgrade to node|a\.co\/|trace-warnings|updates to AWS|will require node|versions published/;

/** stderr's non-empty lines, without Node's own warnings. */
export const stderrLines = (stderr: string) =>
  stderr.split("\n").filter((l) => l.trim() && !NODE_WARNING.test(l));
