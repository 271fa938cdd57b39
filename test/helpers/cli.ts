// `npx dongne …` for the CLI's tests: its exit code, stdout and stderr, whatever the outcome. The
// environment is the test process's (vitest sets DONGNE_CLI_MODE=local, so the CLI never uses a
// developer's running server) without a developer's own DONGNE_API_URL or DONGNE_API_KEY.
//
// `dongne` runs it as a user does, in a process of its own (bin/dongne.mjs through tsx: ~1.5 s of CPU
// on a quiet machine to load, ~3 s more for a command that builds the product in that process): for
// what only a process shows (the launcher, the exit code as the shell sees it). `dongneInProcess` runs
// the same command (bin/cli.ts's runCli) in the test's process, over the worker's loaded modules and
// built indexes, with its own environment and streams: for what a command says and does.
import { execFile } from "node:child_process";
import { PassThrough, Writable } from "node:stream";
import { promisify } from "node:util";
import { runCli } from "../../bin/cli.ts";

const run = promisify(execFile);

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "SILENT" };
  delete base.DONGNE_API_URL;
  delete base.DONGNE_API_KEY;
  return { ...base, ...env };
}

/** A stream that keeps what is written to it. */
function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

/** The command in this process, its stdin a pipe that gives nothing. */
export async function dongneInProcess(env: Record<string, string>, ...args: string[]): Promise<Ran> {
  const stdout = collector();
  const stderr = collector();
  const stdin = new PassThrough();
  stdin.end();
  const code = await runCli(args, {
    env: environment(env),
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The command in a process of its own, as a user runs it. */
export function dongne(env: Record<string, string>, ...args: string[]): Promise<Ran> {
  return run("node", ["bin/dongne.mjs", ...args], { env: environment(env) }).then(
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
