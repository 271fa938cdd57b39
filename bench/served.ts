// A served tree for the benchmarks: bin/serve.ts of a checkout on a free loopback port, in its own
// process group, so stopping it stops every process it started (the server, not only a wrapper).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * Servers still running. Each is in its own process group, so a Ctrl-C on the bench does not reach
 * it: the bench stops them itself when it exits or is interrupted.
 */
const running = new Set<() => void>();
process.once("exit", () => {
  for (const stop of [...running]) stop();
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    for (const stop of [...running]) stop();
    process.exit(130);
  });

export interface Served {
  base: string;
  pid: number;
  stop: () => void;
}

/** bin/serve.ts of `dir` on a free loopback port, in its own process group; resolves once /health answers. */
export async function startServer(
  dir: string,
  extraNodeArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<Served> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "dongne-bench-"));
  const child = spawn(process.execPath, [...extraNodeArgs, "--import", "tsx", "bin/serve.ts"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "SILENT",
      SIM_STORE: "memory",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    running.delete(stop);
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  running.add(stop);
  for (let i = 0; ; i++) {
    if (i > 1200) {
      stop();
      throw new Error("the server did not start in 120 s");
    }
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, pid: child.pid!, stop };
}
