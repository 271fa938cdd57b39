// A benchmark's server is stopped with every process it started: bench/served.ts starts bin/serve.ts
// in its own process group and stops the group, after which nothing listens on its port and no process
// of the group is left. Stopping only a wrapper (npx, as bench/plan.ts once did) leaves the server
// behind, and the same check finds it.
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../../bench/served.ts";
import { randomPort, STARTUP_POLLS } from "../helpers/serve-process.ts";

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

/** What is left of a server once it was stopped (`polls` × 100 ms to go): a listener on its port, its group. */
async function leftovers(port: number, pgid: number, polls = 100) {
  for (let i = 0; i < polls; i++) {
    if (!(await listening(port)) && !groupAlive(pgid)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { listening: await listening(port), group: groupAlive(pgid) };
}

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
    const served = await startServer(ROOT);
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
    for (let i = 0; i < STARTUP_POLLS && !(await listening(port)); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await listening(port)).toBe(true);
    wrapper.kill("SIGTERM");
    await new Promise((r) => wrapper.once("exit", r));
    // it never goes: a few polls show it
    expect(await leftovers(port, wrapper.pid!, 5)).toEqual({ listening: true, group: true });
  });

  it("is stopped when the bench that started it is interrupted (Ctrl-C does not reach its group)", async () => {
    // a bench: starts a server through bench/served.ts, says where, and waits
    const script = `const { startServer } = await import(${JSON.stringify(`${ROOT}bench/served.ts`)});
      const s = await startServer(${JSON.stringify(ROOT)});
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
  }, 180_000);
});
