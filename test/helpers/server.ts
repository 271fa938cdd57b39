// Starts the real HTTP server (node-server on an ephemeral loopback port) for e2e tests.
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp, type ApiServices } from "../../functions/api/app.ts";
import { localServices, type LocalDeps } from "../../functions/api/local.ts";
import { createExecDeps, type ExecDeps } from "../../shared/place-search/exec-deps.ts";
import { loadConfig } from "../../shared/config.ts";

/** The embedded provider with default configuration (no keys), built once per test process. */
let shared: ExecDeps | undefined;
export const testExecDeps = () =>
  (shared ??= createExecDeps(loadConfig({ DATA_DIR: "/nonexistent-dongne-data" })));

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(deps: LocalDeps = {}, services?: ApiServices): Promise<TestServer> {
  const app = createApp(services ?? localServices({ exec: testExecDeps, ...deps }));
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
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
