// The HTTP protocol, fuzzed against `npm start`'s server (bin/serve.ts as a process): generated malformed
// requests sent on raw sockets — bad JSON, wrong content types, huge and many headers, repeated and huge
// query parameters, path traversal in ids, unknown methods on known paths, chunked bodies past the limit,
// broken chunk framing — and slowloris clients trickling headers. Whatever arrives: no 5xx, an answer or
// a close by the server's own timeouts (no stall: /health keeps answering), and no server path in any
// answer. Seeded and bounded, so it runs in CI.
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomPort, startServe } from "../helpers/serve-process.ts";
import { ROUTES } from "../../functions/api/routes/index.ts";

// Cost: one `npm start` process (~3–5 s of CPU on a quiet machine) and a few hundred raw requests.
const port = randomPort();
const HEADERS_TIMEOUT_MS = 2000;
let dataDir: string;
let server: ReturnType<typeof startServe>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "dongne-fuzz-protocol-"));
  server = startServe({
    PORT: String(port),
    SIM_STORE: "memory",
    QA_DEMO_CORPUS: "off",
    DATA_DIR: dataDir,
    SERVER_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    SERVER_REQUEST_TIMEOUT_MS: "4000",
    SERVER_IDLE_TIMEOUT_MS: "3000",
    // a simulation started by a lucky body stays tiny
    SIM_MAX_AGENT_DAYS_PER_CALLER: "40",
    API_BUDGET_MS: "8000",
  });
  expect(await server.listening(), server.output()).toBe(true);
});
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** What must never appear in an answer: where the server's files are. */
const SERVER_PATHS = [process.cwd(), "/work/", "/tmp/", tmpdir() + "/", "node_modules", "file://", "/home/"];

interface Raw {
  status: number;
  text: string;
  ms: number;
}

/**
 * Sends raw bytes and reads until the server closes or a whole answer (Content-Length) has come; the
 * answer's status, or 0 when the server closed without one (a refused connection is fine, a 5xx is not).
 * No clock of ours ends the wait: the server's own timeouts do (a stall would reach the test's timeout).
 */
function raw(parts: (string | Buffer)[]): Promise<Raw> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      // the final status (past a 100 Continue)
      const lines = [...text.matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
      const status = lines.find((s) => s >= 200) ?? lines[0] ?? 0;
      resolve({
        status,
        text: Buffer.from(text, "latin1").toString("utf8"),
        ms: performance.now() - started,
      });
    };
    socket.on("data", (d: Buffer) => {
      chunks.push(d);
      const text = Buffer.concat(chunks).toString("latin1");
      const head = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, head))?.[1];
      if (head >= 0 && length !== undefined && text.length - head - 4 >= Number(length)) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    for (const p of parts) if (!socket.destroyed) socket.write(p);
  });
}

const pathTemplates = ROUTES.map((r) => r.path);
const weirdId = fc.constantFrom(
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e%2fpackage.json",
  "....//....//etc/passwd",
  "%00",
  "a%00b",
  "%ff%fe",
  "%E0%A4%A",
  "%",
  "x".repeat(2000),
  "망원동",
  "sim_%2F..%2F..",
  "..",
  ".",
  "~root",
  "C:%5Cwindows%5Cwin.ini",
  "%252e%252e%252f",
);
const weirdPath = fc.tuple(fc.constantFrom(...pathTemplates), weirdId).map(([template, id]) => {
  const p = template.replace(/\{[^}]+\}/g, id);
  return p.includes("{") || p === template ? `${template}/${id}` : p;
});
const path = fc.oneof(fc.constantFrom(...pathTemplates.filter((p) => !p.includes("{"))), weirdPath);
const query = fc.oneof(
  fc.constant(""),
  fc.constant(`?format=${"geojson&format=".repeat(300)}text`),
  fc.constant(`?q=${"가".repeat(3000)}`),
  fc.constant(`?${"a=1&".repeat(2000)}`),
  fc.constant("?format=%zz&simulation=%00"),
  fc.constant(`?simulation=../../${"x".repeat(100)}`),
  fc.constant("?format[]=1&format[x]=2"),
);
const method = fc.constantFrom(
  "GET",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "HEAD",
  "TRACE",
  "FOO",
  "get",
);
const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "application/json; charset=latin1",
  "application/json; charset=utf-8; boundary=x",
  "application/problem+json",
  "text/plain",
  "text/html",
  "multipart/form-data; boundary=----x",
  "application/x-www-form-urlencoded",
  "application/jsonx",
  "json",
  "",
);
const body = fc.oneof(
  fc.constant(""),
  fc.constant("{"),
  fc.constant('{"query":'),
  fc.constant('{"query":"망원역"'),
  fc.constant("null"),
  fc.constant("[]"),
  fc.constant('"text"'),
  fc.constant("\uFEFF{}"),
  fc.constant('{"query":"\\ud800"}'),
  fc.constant(`{"query":"${"가".repeat(30_000)}"}`),
  fc.constant("[".repeat(5000)),
  fc.constant(`{"a":${"[".repeat(40)}1${"]".repeat(40)}}`),
  fc.constant("a=1&b=2"),
  fc.constant('------x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------x--'),
  fc.string({ maxLength: 200 }),
  fc.json(),
);
const extraHeaders = fc.oneof(
  fc.constant([] as string[]),
  fc.constant([`X-Big: ${"a".repeat(20_000)}`]),
  fc.constant(Array.from({ length: 300 }, (_, i) => `X-Many-${i}: ${i}`)),
  fc.constant(["X-Api-Key: " + "k".repeat(5000)]),
  fc.constant(["X-Request-Id: ../../etc/passwd"]),
  fc.constant([`X-Request-Id: ${"r".repeat(300)}`]),
  fc.constant(["Expect: 100-continue"]),
  fc.constant(["Accept-Encoding: gzip;q=abc, *;q=-1"]),
  fc.constant(["Host: "]),
);

/** One generated request as the bytes of its wire form. */
const request = fc
  .record({
    method,
    path,
    query,
    contentType,
    body,
    extraHeaders,
    lengthLies: fc.constantFrom(0, 0, 0, 5, -3),
  })
  .map((r) => {
    const bytes = Buffer.from(r.body, "utf8");
    // a Content-Length shorter than the body (the rest is read as another request) or longer (the
    // body stalls; SERVER_REQUEST_TIMEOUT_MS ends it)
    const length = Math.max(0, bytes.length + (r.lengthLies < 0 ? r.lengthLies : 0));
    const head = [
      `${r.method} ${r.path}${r.query} HTTP/1.1`,
      "Host: 127.0.0.1",
      "Connection: close",
      ...(r.contentType !== undefined ? [`Content-Type: ${r.contentType}`] : []),
      ...(r.method === "GET" || r.method === "HEAD"
        ? []
        : [`Content-Length: ${length + (r.lengthLies > 0 ? 0 : 0)}`]),
      ...r.extraHeaders,
    ].join("\r\n");
    return {
      label: `${r.method} ${r.path.slice(0, 80)}${r.query.slice(0, 30)}`,
      wire: [`${head}\r\n\r\n`, bytes],
    };
  });

function expectSafe(label: string, r: Raw): void {
  expect(r.status, `${label}: ${r.text.slice(0, 300)}`).toBeLessThan(500);
  for (const p of SERVER_PATHS) expect(r.text, `${label} shows a server path`).not.toContain(p);
}

describe("the HTTP protocol, fuzzed (bin/serve.ts)", () => {
  it("generated malformed requests: no 5xx, no stall, no server path", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ label, wire }) => {
        const r = await raw(wire);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        expectSafe(label, r);
      }),
      { seed: 2026, numRuns: 250, endOnFailure: true },
    );
    // answered with several kinds of refusal (0 would be a connection closed without an answer)
    expect([...statuses.keys()].filter((s) => s >= 400 && s < 500).length).toBeGreaterThan(2);
    const health = await raw(["GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]);
    expect(health.status).toBe(200);
  });

  it("chunked bodies past the limit, and broken chunk framing, on every route with a body", async () => {
    const withBody = ROUTES.filter((r) => r.body && !r.path.includes("{"));
    for (const route of withBody) {
      const limit = route.maxBodyBytes ?? 64 * 1024;
      const chunk = Buffer.alloc(32 * 1024, "a");
      const frames: (string | Buffer)[] = [
        `POST ${route.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      ];
      for (let sent = 0; sent < limit + 4 * chunk.length; sent += chunk.length)
        frames.push(`${chunk.length.toString(16)}\r\n`, chunk, "\r\n");
      frames.push("0\r\n\r\n");
      const r = await raw(frames);
      expectSafe(`chunked ${route.path}`, r);
      expect([0, 413], route.path).toContain(r.status);
      // broken framing on two routes (the default limit and the documents'): a chunk that claims more
      // than comes waits for SERVER_REQUEST_TIMEOUT_MS, so not on every route
      if (!["/v1/search/plan", "/v1/restaurants/documents"].includes(route.path)) continue;
      for (const broken of [
        "zz\r\nabc\r\n0\r\n\r\n", // a chunk size that is no number
        "ffffffffffffffff\r\nabc", // a chunk that claims exabytes
        "3\r\nabcdef\r\n0\r\n\r\n", // more bytes than the chunk said
      ]) {
        const b = await raw([
          `POST ${route.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
          broken,
        ]);
        expectSafe(`broken chunks ${route.path}`, b);
      }
    }
    // both a Content-Length and chunked, and two Content-Lengths: smuggling shapes are refused
    for (const head of [
      "Content-Length: 5\r\nTransfer-Encoding: chunked",
      "Content-Length: 5\r\nContent-Length: 6",
      "Transfer-Encoding: gzip, chunked",
    ]) {
      const r = await raw([
        `POST /v1/search/plan HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${head}\r\nConnection: close\r\n\r\n`,
        '5\r\n{"q":\r\n0\r\n\r\n',
      ]);
      expectSafe(head, r);
    }
  });

  it("slowloris clients trickling headers are closed by the headers timeout while others are served", async () => {
    const slow: Socket[] = [];
    const closedAt: Promise<number>[] = [];
    let anyClosed = false;
    const started = performance.now();
    const header =
      "POST /v1/search/plan HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Slow: ";
    for (let i = 0; i < 30; i++) {
      const s = connect(port, "127.0.0.1").on("error", () => {});
      slow.push(s);
      closedAt.push(
        new Promise((resolve) =>
          s.on("close", () => {
            anyClosed = true;
            resolve(performance.now() - started);
          }),
        ),
      );
    }
    await Promise.all(slow.map((s) => new Promise((r) => s.once("connect", r))));
    let sent = 0;
    const trickle = setInterval(() => {
      for (const s of slow) if (!s.destroyed) s.write(header[sent % header.length]!);
      sent++;
    }, 100);
    try {
      // meanwhile the server answers others: an order, not a time — every /health answer
      // came while all thirty slow connections were still held open
      for (let i = 0; i < 5; i++) {
        const h = await raw(["GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]);
        expect(h.status).toBe(200);
      }
      expect(anyClosed, "a slow connection was closed before /health had answered five times").toBe(false);
      // then the server closes every one of them (no clock of ours: the test's timeout is the net), and
      // none before the headers timeout (a lower bound: a busy machine only lengthens it)
      const closed = await Promise.all(closedAt);
      for (const ms of closed) expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS * 0.9);
    } finally {
      clearInterval(trickle);
      for (const s of slow) s.destroy();
    }
  });
});
