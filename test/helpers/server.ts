// Starts the real HTTP server (node-server on an ephemeral loopback port) over the product as it runs on
// one machine (startLocal: dynalite in memory, the workflows in-process) for e2e tests.
//
// What it costs: a world is ~50 ms once its process has validated the state machines (~1.5 s,
// once per process); what a first request would build inside its time budget is built before a test
// sees the world (warmLocal: the embedded places and the typo indexes, ~4 s, once per process). The demo
// restaurant corpus (~10 s of CPU on a quiet machine) is built per world on its first restaurant read:
// a file that only reads, or writes under ids of its own, takes the worker's shared world or server
// (sharedWorld, sharedServer), whose corpus is built once for every file that worker runs.
import { serve, type ServerType } from "@hono/node-server";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../functions/api/app.ts";
import { startLocal, warmLocal, type LocalOptions, type LocalWorld } from "../../functions/api/local.ts";
import { createExecDeps, type ExecDeps } from "../../shared/providers/exec-deps.ts";
import { loadConfig } from "../../shared/platform/config.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
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
  // what a first request would otherwise build within its time budget, as npm start builds it before it
  // listens (the places and indexes are the process's: built once, then this is immediate)
  // the restaurant corpus is the world's own (~10 s of CPU): built by the files that read restaurants
  // (sharedWorld with demoCorpus), not for every world
  await warmLocal(world, undefined, { restaurants: false });
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

/** `world`'s app on a loopback port, every answer checked against the OpenAPI document. */
async function serveWorld(world: LocalWorld) {
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
    traffic,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

const mismatchError = (mismatches: string[]) =>
  new Error(`answers the OpenAPI document does not describe:\n${mismatches.join("\n")}`);

export async function startServer(
  opts: LocalOptions = {},
  env: Record<string, string> = {},
): Promise<TestServer> {
  const world = await testWorld(opts, env);
  const served = await serveWorld(world);
  return {
    url: served.url,
    world,
    close: async () => {
      await served.stop();
      await world.close();
      const { mismatches } = await served.traffic.settled();
      if (mismatches.length) throw mismatchError(mismatches);
    },
  };
}

/**
 * The world's demo restaurant corpus, built now (~10 s of CPU on a quiet machine), as npm start builds it
 * at boot: for a file's beforeAll, so that no test and no request's time budget pays for it.
 */
export const buildDemoCorpus = async (world: LocalWorld) =>
  void (await qaRuntime(world.rt).deps.index.count());

// ---- one world, and one server over it, per test worker (a process that runs file after file)

let sharedWorldMade: Promise<LocalWorld> | undefined;
let sharedServerMade: Promise<{ world: LocalWorld } & Awaited<ReturnType<typeof serveWorld>>> | undefined;

/**
 * The default test world (testWorld() with no options), one per test worker. For a file that reads, or
 * writes only under ids of its own (simulations, conversations, experiments): nothing it does may change
 * what another file sees. A file that ingests restaurant documents (the demo corpus gives way), needs
 * other options or configuration, or counts a quota from zero builds its own world (testWorld,
 * startServer). With `demoCorpus`, its demo restaurant corpus is built before it is returned (once per
 * worker, ~10 s of CPU on a quiet machine: in the calling file's hook, not within a request's budget).
 * Its close() only waits for the workflows the file started; the world ends with the worker.
 */
export async function sharedWorld(opts: { demoCorpus?: boolean } = {}): Promise<LocalWorld> {
  const world = await (sharedWorldMade ??= (async () => {
    const made = await testWorld();
    // the worker's end is the world's: its data directory goes with it
    process.once("exit", () => rmSync(made.rt.config.dataDir, { recursive: true, force: true }));
    return made;
  })());
  if (opts.demoCorpus) await buildDemoCorpus(world);
  return { ...world, close: () => world.workflows.settled() };
}

/**
 * The shared world (sharedWorld) served on a loopback port, one per test worker (`demoCorpus` as there).
 * Its close() checks the answers given since this call against the OpenAPI document, and leaves the
 * server to the next file.
 */
export async function sharedServer(opts: { demoCorpus?: boolean } = {}): Promise<TestServer> {
  const shared = await (sharedServerMade ??= (async () => {
    const world = await sharedWorld();
    return { world, ...(await serveWorld(world)) };
  })());
  if (opts.demoCorpus) await buildDemoCorpus(shared.world);
  const traffic = shared.traffic.from();
  return {
    url: shared.url,
    world: { ...shared.world, close: () => shared.world.workflows.settled() },
    close: async () => {
      await shared.world.workflows.settled();
      const { mismatches } = await traffic.settled();
      if (mismatches.length) throw mismatchError(mismatches);
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
