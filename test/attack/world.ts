// The attack cases' server: the product on one machine over a data directory the caller owns (so a
// second server over the same directory is the first one restarted: the index's file, the tables on
// disk), warmed and served as bin/serve.ts does, on an ephemeral loopback port, every answer checked
// against the OpenAPI document.
import { serve, type ServerType } from "@hono/node-server";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, type AppOptions } from "../../functions/api/app.ts";
import { startLocal, warmLocal, type LocalOptions, type LocalWorld } from "../../functions/api/local.ts";
import { loadConfig } from "../../shared/platform/config.ts";
import { checkingFetch } from "../helpers/openapi-check.ts";
import { testExecDeps } from "../helpers/server.ts";

export interface AttackServer {
  url: string;
  port: number;
  world: LocalWorld;
  /** stops the server and its world, leaving the data directory for the next start */
  stop(): Promise<void>;
}

/** A data directory for one or more starts; removed by the returned function. */
export function dataDirectory(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "dongne-attack-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The product over `dir` (tables on disk unless env says otherwise), served as bin/serve.ts serves it. */
export async function startOn(
  dir: string,
  env: Record<string, string> = {},
  opts: { local?: LocalOptions; app?: AppOptions; check?: boolean } = {},
): Promise<AttackServer> {
  const config = loadConfig({
    LOG_LEVEL: process.env.LOG_LEVEL,
    DATA_DIR: dir,
    SIM_STORE: "disk",
    SIM_BACKOFF_UNIT_MS: "1",
    SIM_RATE_DELAY_MS: "0",
    ...env,
  });
  const world = await startLocal(config, { llm: null, exec: testExecDeps, ...opts.local });
  // built before the first request, as bin/serve.ts does: no request of the attack pays a cold build
  await warmLocal(world);
  const app = createApp(() => world.context, opts.app);
  const traffic = checkingFetch(app.fetch);
  const sockets = new Set<Socket>();
  const server: ServerType = await new Promise((resolve) => {
    const s = serve(
      { fetch: opts.check === false ? app.fetch : traffic.fetch, port: 0, hostname: "127.0.0.1" },
      () => resolve(s),
    );
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  });
  (server as HttpServer).keepAliveTimeout = 60_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    world,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      await world.workflows.settled();
      await world.close();
      const { mismatches } = await traffic.settled();
      if (mismatches.length)
        throw new Error(`answers the OpenAPI document does not describe:\n${mismatches.join("\n")}`);
    },
  };
}

/** An answer, its body read as JSON when it is JSON. */
export async function call(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.body,
  });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text says what it is
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** The Hangul a person-facing sentence must hold. */
export const HANGUL = /[가-힣]/;
