// Attack on restaurant ingest jobs: two large uploads side by side with one batch timing out once (the
// Lambda timeout the local runner reports, injected at the Task), a batch that always times out, and
// (bin/serve.ts as a process) a job whose process is killed with -9 midway, then the server started
// again over the same data and the same file uploaded again.
// Cost: two `npm start` processes one after the other (~3–5 s of CPU each) and in-process jobs of thousands of documents.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StatesError } from "../../shared/workflows/errors.ts";
import type { TaskHandler } from "../../shared/workflows/local-runner.ts";
import { LISTENING, randomPort } from "../helpers/serve-process.ts";
import { until } from "../helpers/until.ts";
import { call, dataDirectory, HANGUL, startOn } from "./world.ts";
import { restaurantDoc } from "../helpers/restaurant-doc.ts";

const upload = (prefix: string, n: number) => ({
  documents: Array.from({ length: n }, (_, i) => restaurantDoc(`${prefix}-${i}`)),
});

/** What a Lambda that ran out of time gives its Task (the runner's own words). */
const timedOut = () =>
  new StatesError(
    "Sandbox.Timedout",
    JSON.stringify({ errorType: "Sandbox.Timedout", errorMessage: "Task timed out after 60.00 seconds" }),
  );

/** Words of the machinery a job's error must not show its reader. */
const RUNNER_WORDS = /Sandbox|Timedout|States\.|Lambda|Task timed out|errorType|trace/;

describe("ingest jobs side by side, a batch timing out", { timeout: 600_000 }, () => {
  const data = dataDirectory();
  afterAll(() => data.remove());

  it("two jobs run together, a batch that timed out once is retried, both complete with every document", async () => {
    let timedOutOnce = false;
    const recorded: string[] = [];
    const wrap =
      (state: string, handler: TaskHandler): TaskHandler =>
      async (input: never) => {
        const text = JSON.stringify(input);
        if (state === "EmbedIngest" && text.includes('"a-500"') && !timedOutOnce) {
          timedOutOnce = true;
          throw timedOut();
        }
        if (state === "EmbedIngest" && text.includes('"c-900"')) throw timedOut();
        const out = await handler(input);
        if (state === "RecordIngestBatch")
          recorded.push(/"reportKey":"jobs\/([^/]+)\//.exec(text)?.[1] ?? "?");
        return out;
      };
    const server = await startOn(data.dir, { QA_DEMO_CORPUS: "off" }, { local: { wrap } });
    try {
      const [a, b] = await Promise.all(
        [upload("a", 1001), upload("b", 1001)].map((u) =>
          call(`${server.url}/v1/restaurants/documents`, { body: JSON.stringify(u) }),
        ),
      );
      expect([a!.status, b!.status]).toEqual([202, 202]);
      await server.world.workflows.settled();
      const jobA = (await call(`${server.url}/v1/jobs/${a!.body.jobId}`)).body;
      const jobB = (await call(`${server.url}/v1/jobs/${b!.body.jobId}`)).body;
      expect(timedOutOnce).toBe(true);
      expect(jobA.error ?? "", JSON.stringify(jobA).slice(0, 300)).toBe("");
      expect([jobA.status, jobB.status]).toEqual(["completed", "completed"]);
      expect(jobA.result.indexed + jobA.result.unchanged).toBe(1001);
      expect(jobB.result.indexed + jobB.result.unchanged).toBe(1001);
      // side by side: each job recorded a batch before the other recorded its last
      const lastA = recorded.lastIndexOf(a!.body.jobId);
      const lastB = recorded.lastIndexOf(b!.body.jobId);
      expect(recorded.indexOf(b!.body.jobId)).toBeLessThan(lastA);
      expect(recorded.indexOf(a!.body.jobId)).toBeLessThan(lastB);

      // a batch that times out every time: the job fails, said in Korean, naming no runner, with what it wrote
      const c = await call(`${server.url}/v1/restaurants/documents`, {
        body: JSON.stringify(upload("c", 1001)),
      });
      expect(c.status).toBe(202);
      await server.world.workflows.settled();
      const jobC = (await call(`${server.url}/v1/jobs/${c.body.jobId}`)).body;
      expect(jobC.status).toBe("failed");
      expect(jobC.error).toMatch(HANGUL);
      expect(jobC.error).not.toMatch(RUNNER_WORDS);
      expect(jobC.result.writtenCount).toBeGreaterThan(0);
      expect(jobC.result.total).toBe(1001);
    } finally {
      await server.stop();
    }
  });
});

describe("a job whose process was killed (-9)", { timeout: 900_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), "dongne-attack-kill-"));
  const port = randomPort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<void> {
    let output = "";
    child = spawn("node", ["--import", "tsx", "bin/serve.ts"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, QA_DEMO_CORPUS: "off" },
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    // no clock bounds the wait: the server says it is ready or exits (the test's timeout is the safety net)
    while (!output.includes(LISTENING) && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 100));
    if (!output.includes(LISTENING)) throw new Error(`the server did not start:\n${output}`);
  }

  const N = 3000;
  const file = upload("k", N);

  it("is failed at the next start with what it wrote (written of total); the same file again completes it", async () => {
    await start();
    const up = await call(`${base}/v1/restaurants/documents`, { body: JSON.stringify(file) });
    expect(up.status).toBe(202);
    const jobId = up.body.jobId as string;
    // killed once some documents are in the index, before the job ends
    await until(async () => (await call(`${base}/v1/restaurants/k-0`)).status === 200, 50);
    const before = (await call(`${base}/v1/jobs/${jobId}`)).body;
    child!.kill("SIGKILL");
    await new Promise((r) => child!.once("exit", r));
    expect(before.status).toBe("running");

    await start();
    const after = (await call(`${base}/v1/jobs/${jobId}`)).body;
    expect(after.status, JSON.stringify(after).slice(0, 300)).toBe("failed");
    expect(after.error).toMatch(HANGUL);
    expect(after.error).not.toMatch(RUNNER_WORDS);
    expect(after.result?.total, JSON.stringify(after.result ?? {}).slice(0, 300)).toBe(N);
    const writtenBefore = after.result.writtenCount as number;
    expect(writtenBefore).toBeGreaterThan(0);
    expect(writtenBefore).toBeLessThan(N);

    const again = await call(`${base}/v1/restaurants/documents`, { body: JSON.stringify(file) });
    expect(again.status).toBe(202);
    const job = await until(async () => {
      const j = (await call(`${base}/v1/jobs/${again.body.jobId}`)).body;
      return j.status === "completed" || j.status === "failed" ? j : undefined;
    });
    expect(job.status).toBe("completed");
    // what the first job wrote is not written again; everything else is
    expect(job.result.unchanged).toBeGreaterThanOrEqual(writtenBefore);
    expect(job.result.indexed + job.result.updated + job.result.unchanged).toBe(N);
  });
});
