// `npm start` as a process (bin/serve.ts), for the tests of what only the server itself does: its
// start-up lines, its ports and its connection handling.
import { spawn } from "node:child_process";

/** How long a server may take to start (or to refuse to): seconds alone, longer on a busy machine. */
/** What `npm start` prints once it listens (bin/serve.ts: "dongne가 http://localhost:N 에서 기다립니다 (…)"). */
export const LISTENING = "에서 기다립니다";

// the ready line comes once the indexes are built (ready means ready): up to 90 s on a busy machine
export const STARTUP_POLLS = 900; // × 100 ms

/** A loopback port unlikely to be taken (ephemeral ports start above it). */
export const randomPort = () => 40_000 + Math.floor(Math.random() * 10_000);

export function startServe(env: Record<string, string>) {
  const child = spawn("node", ["--import", "tsx", "bin/serve.ts"], { env: { ...process.env, ...env } });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  // the wait ends as soon as the server says it listens
  const listening = async () => {
    for (let i = 0; i < STARTUP_POLLS && !output.includes(LISTENING); i++)
      await new Promise((r) => setTimeout(r, 100));
    return output.includes(LISTENING);
  };
  return { child, exited, output: () => output, listening };
}
