// `npm start` as a user runs it: honours PORT, serves the API, refuses bad configuration by name.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function start(env: Record<string, string>) {
  const child = spawn("node", ["--import", "tsx", "bin/serve.ts"], { env: { ...process.env, ...env } });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, output: () => output };
}

describe("npm start (bin/serve.ts)", () => {
  it("serves /health and the planner on the PORT it is given, simulations kept under DATA_DIR", async () => {
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const dataDir = mkdtempSync(join(tmpdir(), "dongne-serve-"));
    const s = start({ PORT: String(port), LOG_LEVEL: "SILENT", DATA_DIR: dataDir });
    try {
      for (let i = 0; i < 100 && !s.output().includes("listening"); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(s.output()).toContain(`http://localhost:${port}`);
      expect(s.output()).toContain("offline engine");
      expect(s.output()).toContain(`state: ${dataDir}/dynamodb`);
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
    const s = start({ PORT: "not-a-port" });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain("PORT");
  });
});
