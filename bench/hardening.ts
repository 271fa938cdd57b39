// npm run bench -- hardening [DIR]: the server under the attacks that once took it, measured on
// bin/serve.ts of a checkout (DIR, default this one) so the same bench runs on a tree before and after a
// fix. Fresh starts, each in its own process group:
//   ready    — when /health first answers, when the ready line is printed, and the first restaurant
//              question sent right after that line (status, ms) against the next one;
//   admission — /health idle, then 400 clients for 20 s (bench/admission-load.ts, its own process):
//              statuses, admitted p50/p99 against half the request budget, /health p99 against 5× idle;
//   slow     — 70 bodies arriving a byte every 2 s beside one client sending normal requests: its
//              statuses and latency against the same client alone;
//   ingest   — one job of 1,500 documents, then two side by side: how each ended, and the pair's time
//              over the single job's.
// Short on purpose (the machine is shared): figures, not a soak.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { summarize } from "./stats.ts";
import { restaurantDoc } from "../test/helpers/restaurant-doc.ts";

const run = promisify(execFile);
const READY_LINE = "에서 기다립니다";
/** the request budget (API_BUDGET_MS, its default): admitted p99 must stay under half of it */
const BUDGET_MS = 25_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Started {
  base: string;
  port: number;
  /** ms from spawn to the first /health answer, and to the ready line */
  healthMs: number;
  readyMs: number;
  stop(): void;
}

async function start(dir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "dongne-hardening-"));
  const spawned = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "bin/serve.ts"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "SILENT",
      SIM_STORE: "memory",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* gone */
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  const base = `http://127.0.0.1:${port}`;
  let healthMs = NaN;
  for (let i = 0; i < 3000 && !out.includes(READY_LINE); i++) {
    if (
      Number.isNaN(healthMs) &&
      (await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      healthMs = performance.now() - spawned;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!out.includes(READY_LINE)) throw new Error(`no ready line from ${dir}`);
  const readyMs = performance.now() - spawned;
  if (Number.isNaN(healthMs)) healthMs = readyMs;
  return { base, port, healthMs, readyMs, stop };
}

async function timed(url: string, body?: unknown): Promise<{ status: number; ms: number }> {
  const t = performance.now();
  try {
    const res = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t };
  } catch {
    return { status: 0, ms: performance.now() - t };
  }
}

const f = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString("en-US") : "–");

async function benchReadyAndAdmission(dir: string): Promise<void> {
  const s = await start(dir);
  try {
    const first = await timed(`${s.base}/v1/restaurants/ask`, { query: "망원동 파스타 맛집" });
    const second = await timed(`${s.base}/v1/restaurants/ask`, { query: "연남동 주차 되는 한식" });
    const ready = await timed(`${s.base}/ready`);
    console.log(`\n### ready (${dir})\n`);
    console.log(
      "| /health first answers | ready line | GET /ready | first question after the line | the next |",
    );
    console.log("|---|---|---|---|---|");
    console.log(
      `| ${f(s.healthMs)} ms | ${f(s.readyMs)} ms | ${ready.status} | ${first.status}, ${f(first.ms)} ms | ${second.status}, ${f(second.ms)} ms |`,
    );

    const idle: number[] = [];
    for (let i = 0; i < 150; i++) {
      idle.push((await timed(`${s.base}/health`)).ms);
      await new Promise((r) => setTimeout(r, 20));
    }
    const idleP99 = summarize(idle).p99;
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", new URL("./admission-load.ts", import.meta.url).pathname, s.base, "400", "20000"],
      { maxBuffer: 1 << 20, cwd: new URL("..", import.meta.url).pathname },
    );
    const load = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
      statuses: Record<string, number>;
      admitted: { n: number; p50: number; p99: number; max: number };
      health: { n: number; p50: number; p99: number; max: number };
    };
    const st = load.statuses;
    console.log(`\n### admission: 400 clients for 20 s, honouring Retry-After (${dir})\n`);
    console.log(
      `| 2xx | 503 | 429 | 504 | other | admitted p50 | admitted p99 (target < ${f(BUDGET_MS / 2)} ms) | /health idle p99 | /health p99 under load | ratio (target ≤ 5) |`,
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|");
    const count = (pred: (code: number) => boolean) =>
      Object.entries(st)
        .filter(([k]) => pred(Number(k)))
        .reduce((a, [, v]) => a + v, 0);
    console.log(
      `| ${count((c) => c >= 200 && c < 300)} | ${st["503"] ?? 0} | ${st["429"] ?? 0} | ${st["504"] ?? 0} | ${count((c) => c < 200 || (c >= 300 && ![429, 503, 504].includes(c)))} | ${f(load.admitted.p50)} ms | ${f(load.admitted.p99)} ms | ${idleP99.toFixed(1)} ms | ${load.health.p99.toFixed(1)} ms | ${(load.health.p99 / idleP99).toFixed(1)} |`,
    );
  } finally {
    s.stop();
  }
}

/** A POST whose body of 200 bytes arrives a byte every `everyMs` (until the server answers or closes). */
function trickle(port: number, everyMs: number): Socket {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.write(
    `POST /v1/search/plan HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`,
  );
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write("a")), everyMs);
  socket.on("close", () => clearInterval(timer));
  return socket;
}

async function benchSlowBodies(dir: string): Promise<void> {
  const s = await start(dir);
  const normal = async (ms: number) => {
    const out: { status: number; ms: number }[] = [];
    const end = performance.now() + ms;
    while (performance.now() < end)
      out.push(await timed(`${s.base}/v1/search/plan`, { query: "망원동 빵집" }));
    return out;
  };
  try {
    const quiet = await normal(5000);
    const sockets = Array.from({ length: 70 }, () => trickle(s.port, 2000));
    await new Promise((r) => setTimeout(r, 500));
    const busy = await normal(15_000);
    for (const sock of sockets) sock.destroy();
    const ok = (xs: { status: number }[]) => xs.filter((x) => x.status === 200).length;
    const q = summarize(quiet.filter((x) => x.status === 200).map((x) => x.ms));
    const b = summarize(busy.filter((x) => x.status === 200).map((x) => x.ms));
    console.log(`\n### slow bodies: 70 sockets, a byte every 2 s, beside one normal client (${dir})\n`);
    console.log(
      "| normal requests | 200 | 503 | p50 quiet → with slow bodies | p99 quiet → with slow bodies |",
    );
    console.log("|---|---|---|---|---|");
    console.log(
      `| ${busy.length} | ${ok(busy)} | ${busy.filter((x) => x.status === 503).length} | ${q.p50.toFixed(1)} → ${b.p50.toFixed(1)} ms | ${q.p99.toFixed(1)} → ${b.p99.toFixed(1)} ms |`,
    );
  } finally {
    s.stop();
  }
}

async function job(
  base: string,
  prefix: string,
  n: number,
): Promise<{ status: string; ms: number; error?: string }> {
  const t = performance.now();
  const body = JSON.stringify({
    documents: Array.from({ length: n }, (_, i) => restaurantDoc(`${prefix}-${i}`)),
  });
  // an upload shed for load (503) or a quota (429) is sent again after its Retry-After, as a client does
  let jobId: string | undefined;
  let retries = 0;
  while (!jobId) {
    const res = await fetch(`${base}/v1/restaurants/documents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const answer = (await res.json()) as { jobId?: string; error?: { message?: string } };
    if (res.status === 202 && answer.jobId) jobId = answer.jobId;
    else if (res.status === 503 || res.status === 429) {
      retries++;
      await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? 1) * 1000));
    } else return { status: `upload ${res.status}`, ms: performance.now() - t, error: answer.error?.message };
  }
  if (retries)
    console.log(`(${prefix}: the upload was shed ${retries}× and sent again after its Retry-After)`);
  for (;;) {
    const j = (await (await fetch(`${base}/v1/jobs/${jobId}`)).json()) as { status: string; error?: string };
    if (j.status === "completed" || j.status === "failed")
      return { status: j.status, ms: performance.now() - t, error: j.error };
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function benchIngest(dir: string): Promise<void> {
  const s = await start(dir, { QA_DEMO_CORPUS: "off" });
  try {
    const one = await job(s.base, "one", 1500);
    const t = performance.now();
    const pair = await Promise.all([job(s.base, "pa", 1500), job(s.base, "pb", 1500)]);
    const pairMs = performance.now() - t;
    console.log(`\n### ingest: one job of 1,500 documents, then two side by side (${dir})\n`);
    console.log("| one job | the pair | pair / one | how they ended |");
    console.log("|---|---|---|---|");
    const ended = [one, ...pair]
      .map((j) => j.status + (j.error ? ` (${j.error.slice(0, 80)})` : ""))
      .join("; ");
    console.log(`| ${f(one.ms)} ms | ${f(pairMs)} ms | ${(pairMs / one.ms).toFixed(2)} | ${ended} |`);
  } finally {
    s.stop();
  }
}

export async function benchHardening(dir = process.cwd(), only?: string): Promise<void> {
  if (!only || only === "admission") await benchReadyAndAdmission(dir);
  if (!only || only === "slow") await benchSlowBodies(dir);
  if (!only || only === "ingest") await benchIngest(dir);
}
