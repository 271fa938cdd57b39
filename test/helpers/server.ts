// Starts the real HTTP server (node-server on an ephemeral loopback port) over the product as it runs on
// one machine (startLocal: dynalite in memory, the workflows in-process) for e2e tests.
import { serve, type ServerType } from "@hono/node-server";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../functions/api/app.ts";
import { startLocal, type LocalOptions, type LocalWorld } from "../../functions/api/local.ts";
import { createExecDeps, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import { loadConfig } from "../../shared/platform/config.ts";
import { checkingFetch } from "./openapi-check.ts";

/** The embedded provider with default configuration (no keys), built once per test process. */
let shared: ExecDeps | undefined;
export const testExecDeps = () =>
  (shared ??= createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" })));

/** The product on one machine with test defaults: no keys, no LLM, in-memory state, the shared places. */
export async function testWorld(
  opts: LocalOptions = {},
  env: Record<string, string> = {},
): Promise<LocalWorld> {
  // a fresh data directory (the local index's file, ingest blobs), removed when the world closes
  const dataDir = mkdtempSync(join(tmpdir(), "dongne-test-"));
  // LOG_LEVEL as vitest's env sets it (the configuration is the logger's one source)
  const config = loadConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    DATA_DIR: dataDir,
    SIM_STORE: "memory",
    SIM_BACKOFF_UNIT_MS: "1",
    SIM_RATE_DELAY_MS: "0",
    ...env,
  });
  const world = await startLocal(config, { llm: null, exec: testExecDeps, ...opts });
  return {
    ...world,
    close: async () => {
      await world.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestServer {
  url: string;
  world: LocalWorld;
  close(): Promise<void>;
}

export async function startServer(
  opts: LocalOptions = {},
  env: Record<string, string> = {},
): Promise<TestServer> {
  const world = await testWorld(opts, env);
  const app = createApp(() => world.context);
  // every answer is checked against the OpenAPI document; closing fails on any mismatch
  const traffic = checkingFetch(app.fetch);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: traffic.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  // an idle keep-alive connection stays open for the test's next request: closed by the server after
  // Node's 5 s while fetch reuses it (a test computing for seconds between requests on a busy machine),
  // the request fails with ECONNRESET
  (server as import("node:http").Server).keepAliveTimeout = 60_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    world,
    close: async () => {
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      await world.close();
      const { mismatches } = await traffic.settled();
      if (mismatches.length)
        throw new Error(`answers the OpenAPI document does not describe:\n${mismatches.join("\n")}`);
    },
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
