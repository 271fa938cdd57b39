// `npm start` as a user runs it: honours PORT, serves the API, refuses bad configuration by name,
// refuses to serve open (no API_KEYS) beyond loopback unless told to, and closes a stalled request.
import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { randomPort, startServe, STARTUP_POLLS, LISTENING } from "../helpers/serve-process.ts";

describe("npm start (bin/serve.ts)", { timeout: 60_000 }, () => {
  it("serves /health and the planner on the PORT it is given, simulations kept under DATA_DIR", async () => {
    const port = randomPort();
    const dataDir = mkdtempSync(join(tmpdir(), "dongne-serve-"));
    // no restaurant question here: the demo corpus's index is not built before the ready line
    const s = startServe({
      PORT: String(port),
      LOG_LEVEL: "SILENT",
      DATA_DIR: dataDir,
      QA_DEMO_CORPUS: "off",
    });
    try {
      for (let i = 0; i < STARTUP_POLLS && !s.output().includes(LISTENING); i++)
        await new Promise((r) => setTimeout(r, 100));
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
    } finally {
      s.child.kill("SIGTERM");
      await s.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("exits with a message naming the variable when the configuration is bad", async () => {
    const s = startServe({ PORT: "not-a-port" });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain("PORT");
  });

  it("refuses to serve open on a non-loopback HOST without API_KEYS, naming both", async () => {
    const s = startServe({ HOST: "0.0.0.0", PORT: String(randomPort()), SIM_STORE: "memory", API_KEYS: "" });
    try {
      const code = await Promise.race([
        s.exited,
        new Promise<string>((r) => setTimeout(() => r("still running"), STARTUP_POLLS * 100)),
      ]);
      expect(code).toBe(1);
      expect(s.output()).toContain("HOST=0.0.0.0");
      expect(s.output()).toContain("API_KEYS");
      expect(s.output()).toContain("ALLOW_OPEN_NETWORK=yes");
      expect(s.output()).not.toContain(LISTENING);
    } finally {
      s.child.kill("SIGTERM");
    }
  });

  it("serves open beyond loopback only when ALLOW_OPEN_NETWORK=yes says so", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dongne-serve-"));
    const s = startServe({
      HOST: "0.0.0.0",
      PORT: String(randomPort()),
      SIM_STORE: "memory",
      // no restaurant index is asked for: not the synthetic corpus built in the background either
      QA_DEMO_CORPUS: "off",
      DATA_DIR: dataDir,
      API_KEYS: "",
      ALLOW_OPEN_NETWORK: "yes",
    });
    try {
      expect(await s.listening()).toBe(true);
      expect(s.output()).toContain("네트워크에 열림");
    } finally {
      s.child.kill("SIGTERM");
      await s.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("closes a request whose body stalls after SERVER_REQUEST_TIMEOUT_MS", async () => {
    const port = randomPort();
    const dataDir = mkdtempSync(join(tmpdir(), "dongne-serve-"));
    const s = startServe({
      PORT: String(port),
      SIM_STORE: "memory",
      // nor here: the corpus built in the background would only compete with the timeout being measured
      QA_DEMO_CORPUS: "off",
      DATA_DIR: dataDir,
      SERVER_REQUEST_TIMEOUT_MS: "1000",
    });
    try {
      expect(await s.listening()).toBe(true);
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (d: Buffer) => (answer += d.toString()));
      const started = Date.now();
      const closed = new Promise<number>((resolve) =>
        socket.on("close", () => resolve(Date.now() - started)),
      );
      // the headers promise 100 bytes; a few arrive, then nothing
      socket.write(
        "POST /v1/search/plan HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
          'Content-Length: 100\r\n\r\n{"query":',
      );
      const ms = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 10_000))]);
      socket.destroy();
      expect(ms).toBeGreaterThan(0); // closed by the server, not left open for Node's default 300 s
      expect(ms).toBeLessThan(5_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      s.child.kill("SIGTERM");
      await s.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
