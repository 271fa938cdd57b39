// A benchmark's server is stopped with every process it started: bench/served.ts starts bin/serve.ts
// in its own process group and stops the group, after which nothing listens on its port and no process
// of the group is left. Stopping only a wrapper (npx, as bench/plan.ts once did) leaves the server
// behind, and the same check finds it. Cost: two `npm start` processes (their restaurant corpus off),
// ~3–5 s of CPU each on a quiet machine, and one bench process.
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../../bench/served.ts";
import { randomPort } from "../helpers/serve-process.ts";
import { until } from "../helpers/until.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

/** Whether something accepts connections on the loopback port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

/** Whether any process of the group is left (a zombie too: it is gone once its parent reaps it). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** What is left of a server that was stopped, once it is gone (no clock: the test's timeout is the net). */
async function leftovers(port: number, pgid: number) {
  await until(async () => !(await listening(port)) && !groupAlive(pgid));
  return { listening: await listening(port), group: groupAlive(pgid) };
}

/** What is left of a server a few polls after its wrapper was stopped (it stays: nothing stops it). */
async function leftAfterPolls(port: number, pgid: number, polls: number) {
  // not a time: it stays whatever the machine's speed; the pause only gives it a chance to go
  for (let i = 0; i < polls; i++) await new Promise((r) => setTimeout(r, 100)); // not a time: as above
  return { listening: await listening(port), group: groupAlive(pgid) };
}

/** bench/served.ts's server without the restaurant corpus it would build in the background */
const NO_CORPUS = { QA_DEMO_CORPUS: "off" };

const groups: number[] = [];
afterAll(() => {
  for (const g of groups)
    try {
      process.kill(-g, "SIGKILL");
    } catch {
      /* gone, as it should be */
    }
});

describe("a benchmark's server", () => {
  it("leaves nothing behind when bench/served.ts stops it", async () => {
    const served = await startServer(ROOT, [], NO_CORPUS);
    groups.push(served.pid);
    const port = Number(new URL(served.base).port);
    expect(await listening(port)).toBe(true);
    served.stop();
    expect(await leftovers(port, served.pid)).toEqual({ listening: false, group: false });
  });

  it("is left behind when only its wrapper is stopped (npx's case: what the check is for)", async () => {
    const port = randomPort();
    // a shell that starts a listening node and waits for it, as npx waits for tsx
    const listener = `require("node:net").createServer().listen(${port}, "127.0.0.1")`;
    const wrapper = spawn("sh", ["-c", `${JSON.stringify(process.execPath)} -e '${listener}'; :`], {
      stdio: "ignore",
      detached: true, // its own group, so that afterAll can stop what it leaves
    });
    groups.push(wrapper.pid!);
    await until(() => listening(port));
    wrapper.kill("SIGTERM");
    await new Promise((r) => wrapper.once("exit", r));
    // it never goes: a few polls show it
    expect(await leftAfterPolls(port, wrapper.pid!, 5)).toEqual({ listening: true, group: true });
  });

  it("is stopped when the bench that started it is interrupted (Ctrl-C does not reach its group)", async () => {
    // a bench: starts a server through bench/served.ts, says where, and waits
    const script = `const { startServer } = await import(${JSON.stringify(`${ROOT}bench/served.ts`)});
      const s = await startServer(${JSON.stringify(ROOT)}, [], ${JSON.stringify(NO_CORPUS)});
      console.log(JSON.stringify({ base: s.base, pid: s.pid }));
      setInterval(() => {}, 1000);`;
    const bench = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "ignore"],
    });
    const started = await new Promise<{ base: string; pid: number }>((resolve, reject) => {
      let out = "";
      bench.stdout.on("data", (d: Buffer) => {
        out += String(d);
        if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]!) as { base: string; pid: number });
      });
      bench.once("exit", () => reject(new Error("the bench exited before its server answered")));
    });
    groups.push(started.pid);
    const port = Number(new URL(started.base).port);
    expect(await listening(port)).toBe(true);
    bench.kill("SIGINT");
    await new Promise((r) => bench.once("exit", r));
    expect(await leftovers(port, started.pid)).toEqual({ listening: false, group: false });
  });
});
