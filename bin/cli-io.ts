// What the command line reads and writes on this machine: an input file read with a sentence instead of
// a raw errno, and an output file that appears whole or not at all (written beside its target under a
// temporary name, renamed on success, removed on failure).
import { once } from "node:events";
import { createWriteStream, mkdirSync, readFileSync, renameSync, rmSync, type WriteStream } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Readable, Writable } from "node:stream";

/**
 * What a command reads and where it writes: the process's environment and streams (processIo), or a
 * test's, which runs the CLI in its own process without starting one.
 */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
}

export const processIo = (): CliIo => ({
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
});

/** A failure told to a person in one Korean line; the CLI prints it and exits 1. */
export class CliError extends Error {}

/** A mistake in the command line itself (a missing argument, a bad flag): exit code 2. */
export class UsageError extends CliError {}

/** Why a file could not be read or written, in Korean (ENOENT and friends are not for people). */
export function fileProblem(path: string, err: unknown): CliError {
  const code = (err as { code?: string }).code;
  const why =
    code === "ENOENT"
      ? "없습니다"
      : code === "EACCES" || code === "EPERM"
        ? "권한이 없습니다"
        : code === "EISDIR"
          ? "파일이 아니라 디렉터리입니다"
          : code === "ENOSPC"
            ? "디스크에 공간이 없습니다"
            : `읽거나 쓸 수 없습니다 (${code ?? (err as Error).message})`;
  return new CliError(`파일 ${path}: ${why}`);
}

export function readInput(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    throw fileProblem(path, err);
  }
}

/**
 * Writes `path` through `fill`, which gets a stream to a temporary file beside it: renamed onto `path`
 * when `fill` succeeds, removed when it throws, so a failed command leaves no partial file behind.
 */
export async function writeWhole<T>(path: string, fill: (out: WriteStream) => Promise<T>): Promise<T> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const out = createWriteStream(temp);
  const opened = new Promise<void>((resolve, reject) => {
    out.once("open", () => resolve());
    out.once("error", reject);
  });
  try {
    await opened;
  } catch (err) {
    throw fileProblem(path, err);
  }
  try {
    const result = await fill(out);
    out.end();
    await once(out, "close");
    renameSync(temp, path);
    return result;
  } catch (err) {
    out.destroy();
    rmSync(temp, { force: true });
    throw err;
  }
}

/** Writes one string whole (the same temporary-file rename). */
export const writeFileWhole = (path: string, text: string) =>
  writeWhole(path, async (out) => {
    if (!out.write(text)) await once(out, "drain");
  });

/** A run's files in `dir` (made if missing): its JSON record as `name` and its report page, each whole. */
export async function writeRunFiles(dir: string, name: string, record: unknown, html: string): Promise<void> {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw fileProblem(dir, err);
  }
  await writeFileWhole(join(dir, name), JSON.stringify(record, null, 2));
  await writeFileWhole(join(dir, "report.html"), html);
}
