// `npm start` as a process (bin/serve.ts), for the tests of what only the server itself does: its
// start-up lines, its ports and its connection handling. Each costs a process that loads the product
// and builds its world (~3–5 s of CPU on a quiet machine): a file starts as few as its tests need.
import { spawn } from "node:child_process";
import { until } from "./until.ts";

/** What `npm start` prints once it listens (bin/serve.ts: "dongne가 http://localhost:N 에서 기다립니다 (…)"). */
export const LISTENING = "에서 기다립니다";

/** A loopback port unlikely to be taken (ephemeral ports start above it). */
export const randomPort = () => 40_000 + Math.floor(Math.random() * 10_000);

export function startServe(env: Record<string, string>) {
  const child = spawn("node", ["--import", "tsx", "bin/serve.ts"], { env: { ...process.env, ...env } });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      ended = true;
      resolve(code);
    }),
  );
  // the wait ends as soon as the server says it listens, or exits; no clock bounds it (a server starts in
  // seconds on a quiet machine, many times that on a busy one): the test's timeout is the safety net
  const listening = async () => {
    await until(() => output.includes(LISTENING) || ended);
    return output.includes(LISTENING);
  };
  return { child, exited, output: () => output, listening };
}
