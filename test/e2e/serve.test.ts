// `npm start` as a user runs it: honours PORT, serves the API, refuses bad configuration by name,
// refuses to serve open (no API_KEYS) beyond loopback unless told to, and closes a stalled request.
// Cost: three `npm start` processes: one serves the tests of a running server (~3–5 s of CPU on a quiet
// machine), two refuse to start before they load the product (~0.5 s each).
import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomPort, startServe, LISTENING } from "../helpers/serve-process.ts";

describe("npm start (bin/serve.ts)", () => {
  const port = randomPort();
  const REQUEST_TIMEOUT_MS = 1000;
  let dataDir: string;
  let s: ReturnType<typeof startServe>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "dongne-serve-"));
    // open beyond loopback, as ALLOW_OPEN_NETWORK=yes allows; simulations on disk under DATA_DIR
    s = startServe({
      PORT: String(port),
      HOST: "0.0.0.0",
      API_KEYS: "",
      ALLOW_OPEN_NETWORK: "yes",
      LOG_LEVEL: "SILENT",
      DATA_DIR: dataDir,
      SERVER_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      // no restaurant index is asked for: not the synthetic corpus built in the background either
      QA_DEMO_CORPUS: "off",
    });
    expect(await s.listening(), s.output()).toBe(true);
  });
  afterAll(async () => {
    s.child.kill("SIGTERM");
    await s.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves /health and the planner on the PORT it is given, simulations kept under DATA_DIR", async () => {
    expect(s.output()).toContain(`http://localhost:${port}`);
    expect(s.output()).toContain("오프라인 엔진");
    expect(s.output()).toContain(`상태 저장: ${dataDir}/dynamodb`);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${port}/v1/search/plan`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "망원역 근처 빵집" }),
    });
    expect(((await res.json()) as any).strategy_type).toBe("radius");
  });

  it("serves open beyond loopback only when ALLOW_OPEN_NETWORK=yes says so", () => {
    expect(s.output()).toContain("네트워크에 열림");
  });

  it("closes a request whose body stalls after SERVER_REQUEST_TIMEOUT_MS, with a 408", async () => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (d: Buffer) => (answer += d.toString()));
    const started = performance.now();
    // no clock of ours: the server closes it, or the test's timeout ends the wait (Node's own default
    // would hold it for 300 s)
    const closed = new Promise<number>((resolve) =>
      socket.on("close", () => resolve(performance.now() - started)),
    );
    // the headers promise 100 bytes; a few arrive, then nothing
    socket.write(
      "POST /v1/search/plan HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        'Content-Length: 100\r\n\r\n{"query":',
    );
    const ms = await closed;
    // the request timeout's answer, and not before the timeout (a lower bound: a busy machine only
    // lengthens it)
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS * 0.9);
  });
});

describe("npm start refusing to start", () => {
  it("exits with a message naming the variable when the configuration is bad", async () => {
    const s = startServe({ PORT: "not-a-port" });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain("PORT");
  });

  it("refuses to serve open on a non-loopback HOST without API_KEYS, naming both", async () => {
    const s = startServe({ HOST: "0.0.0.0", PORT: String(randomPort()), SIM_STORE: "memory", API_KEYS: "" });
    try {
      // it exits before it listens (the test's timeout ends a server that would not)
      expect(await s.exited).toBe(1);
      expect(s.output()).toContain("HOST=0.0.0.0");
      expect(s.output()).toContain("API_KEYS");
      expect(s.output()).toContain("ALLOW_OPEN_NETWORK=yes");
      expect(s.output()).not.toContain(LISTENING);
    } finally {
      s.child.kill("SIGTERM");
    }
  });
});
