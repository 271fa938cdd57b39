// Attack on `npm start` itself (bin/serve.ts as a process, keyless on loopback): readiness (the ready
// line, GET /ready and what API requests get before it, the first restaurant question after it), Host
// headers a rebinding web page would send, slow bodies beside normal traffic at a small in-flight
// limit, and headers too large for the server. Nothing here asserts a wall-clock bound: statuses, bodies,
// orders, and one ratio with a wide margin.
// Cost: one `npm start` process (~3–5 s of CPU on a quiet machine, plus its demo restaurant index) and a few hundred requests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTENING, randomPort } from "../helpers/serve-process.ts";
import { HANGUL } from "./world.ts";
import { rawGet, rawRequest, tricklePost, type RawAnswer } from "./raw-http.ts";

interface Observation {
  path: string;
  status: number;
  retryAfter: string | null;
  body: any;
}

let child: ChildProcess;
let output = "";
let port: number;
let base: string;
const dataDir = mkdtempSync(join(tmpdir(), "dongne-attack-serve-"));
/** what API requests and /ready answered between the first /health and the ready line */
const beforeReady: Observation[] = [];
let healthBeforeReady = 0;

const observe = async (path: string, init?: RequestInit): Promise<Observation> => {
  const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(120_000) });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { path, status: res.status, retryAfter: res.headers.get("retry-after"), body };
};

const plan = (query = "망원역 근처 빵집") =>
  observe("/v1/search/plan", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });

beforeAll(async () => {
  port = randomPort();
  base = `http://127.0.0.1:${port}`;
  child = spawn("node", ["--import", "tsx", "bin/serve.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SIM_STORE: "memory",
      API_MAX_IN_FLIGHT: "4",
      // a body must arrive within 2 s (the slow bodies below take 6 s)
      SERVER_BODY_TIMEOUT_MS: "2000",
      API_ALLOWED_HOSTS: "dongne.test,other.test:8080",
    },
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  // until the ready line: /health, then what /ready and an API request answer meanwhile
  // no clock bounds the wait: the server says it is ready or exits (the hook's timeout is the safety net)
  while (!output.includes(LISTENING) && child.exitCode === null) {
    await new Promise((r) => setTimeout(r, 100));
    const alive = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!alive || output.includes(LISTENING)) continue;
    healthBeforeReady++;
    // a keep-alive connection the busy server closed as it was reused: no observation, not a failure
    const seen = await Promise.all([observe("/ready"), plan()]).catch(() => []);
    beforeReady.push(...seen);
  }
  if (!output.includes(LISTENING)) throw new Error(`the server did not say it was ready:\n${output}`);
}, 400_000);

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const isKoreanError = (body: any) =>
  typeof body?.error?.code === "string" && HANGUL.test(String(body?.error?.message ?? ""));

describe("ready means ready", { timeout: 300_000 }, () => {
  it("before its ready line, /health answers (alive), /ready and API requests 503 with Retry-After and a Korean reason", () => {
    expect(healthBeforeReady, "/health answered before the ready line").toBeGreaterThan(0);
    // the server turns ready before its line reaches this process, and readiness only ever turns on: the
    // rounds (/ready beside a plan) before the first /ready that said 200 were answered before it, but
    // the last of them may have straddled the moment, its plan answered by a ready server
    const rounds: Observation[][] = [];
    for (let i = 0; i + 1 < beforeReady.length; i += 2) rounds.push(beforeReady.slice(i, i + 2));
    const firstReady = rounds.findIndex(([ready]) => ready!.status === 200);
    const before = (firstReady < 0 ? rounds : rounds.slice(0, firstReady)).slice(0, -1).flat();
    expect(before.length, "requests answered before the server was ready").toBeGreaterThan(0);
    const wrong = before.filter((o) => o.status !== 503 || !o.retryAfter || !isKoreanError(o.body));
    expect(wrong.map((o) => `${o.path} → ${o.status} ${JSON.stringify(o.body).slice(0, 120)}`)).toEqual([]);
  });

  it("after its ready line, GET /ready answers 200 and /health stays the liveness answer", async () => {
    const ready = await observe("/ready");
    expect(ready.status).toBe(200);
    expect((await observe("/health")).status).toBe(200);
  });

  it("the restaurant index is built before the ready line, not in the first question after it, which answers 200", async () => {
    // an order, not a time: the refusals before the line said what was being built, the places first and
    // the restaurant index after them; a question after the line finds it built
    const reasons = beforeReady
      .filter((o) => o.status === 503)
      .map((o) => String(o.body?.error?.message ?? ""));
    const placesAt = reasons.findIndex((m) => m.includes("장소 색인"));
    const restaurantsAt = reasons.findIndex((m) => m.includes("식당 색인"));
    expect(restaurantsAt, reasons.join("\n")).toBeGreaterThanOrEqual(0);
    if (placesAt >= 0) expect(placesAt).toBeLessThan(restaurantsAt);
    const first = await observe("/v1/restaurants/ask", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "망원동 파스타 맛집" }),
    });
    expect(first.status, JSON.stringify(first.body).slice(0, 200)).toBe(200);
  });
});

describe("Host headers (the keyless server on loopback)", { timeout: 120_000 }, () => {
  const answer = (host: string) => rawGet(port, "/v1/restaurants/nope", { Host: host });

  it("answers the loopback names with its port, and the hosts API_ALLOWED_HOSTS lists", async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      "localhost",
      `dongne.test:${port}`,
      "other.test:8080",
    ]) {
      const res = await answer(host);
      expect(res.status, host).toBe(404); // reached the route: no such restaurant
    }
  });

  it("refuses any other Host (a rebound domain) with a Korean JSON 4xx, before any route runs", async () => {
    const refused: string[] = [];
    for (const host of [
      "evil.example",
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost.evil.example`,
      "other.test:9090",
      `dongne.test.evil:${port}`,
    ]) {
      const res = await answer(host);
      if (
        res.status === 404 ||
        res.status < 400 ||
        res.status >= 500 ||
        !isKoreanError(JSON.parse(res.body || "{}"))
      )
        refused.push(`${host} → ${res.status} ${res.body.slice(0, 100)}`);
    }
    expect(refused).toEqual([]);
  });
});

describe("headers too large", { timeout: 120_000 }, () => {
  const withHeader = (bytes: number) =>
    rawRequest(
      port,
      `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${"a".repeat(bytes)}\r\n\r\n`,
    );
  const check = (res: RawAnswer) => {
    expect(res.status, res.error).toBe(431);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(isKoreanError(JSON.parse(res.body || "{}")), res.body).toBe(true);
  };

  it("a 20 KB header: 431 with a Korean JSON body", async () => {
    check(await withHeader(20 * 1024));
  });

  it("a 64 KB header: 431 with a Korean JSON body, not a reset", async () => {
    check(await withHeader(64 * 1024));
  });
});

describe("slow bodies beside normal traffic (API_MAX_IN_FLIGHT=4)", { timeout: 180_000 }, () => {
  it("twelve bodies arriving a byte at a time hold no slot: normal requests answer 200 meanwhile, the slow ones 408", async () => {
    const timed = async () => {
      const started = performance.now();
      const o = await plan("망원동 파스타");
      return { status: o.status, ms: performance.now() - started };
    };
    const quiet: number[] = [];
    for (let i = 0; i < 8; i++) quiet.push((await timed()).ms);

    const slow = Array.from({ length: 12 }, () =>
      tricklePost(port, "/v1/search/plan", JSON.stringify({ query: "망원동 빵집 아주 느리게" }), 150),
    );
    await new Promise((r) => setTimeout(r, 300)); // every slow request has sent its headers
    const busy: { status: number; ms: number }[] = [];
    for (let i = 0; i < 8; i++) busy.push(await timed());
    const slowAnswers = await Promise.all(slow.map((s) => s.answer));

    expect(busy.map((b) => b.status)).toEqual(Array(8).fill(200));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // normal traffic keeps its latency (a wide margin: the machine is shared)
    expect(median(busy.map((b) => b.ms)) / median(quiet)).toBeLessThan(10); // not a time: a ratio of one run
    // the slow ones are refused for their pace, before their last byte, in Korean
    for (const a of slowAnswers) {
      expect(a.status, a.body).toBe(408);
      expect(a.sentBeforeAnswer).toBeLessThan(a.total);
      expect(isKoreanError(JSON.parse(a.body || "{}")), a.body).toBe(true);
    }
  });
});
