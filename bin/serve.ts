// npm start: the API on http://localhost:PORT with embedded defaults (no keys, no network needed).
import { serve } from "@hono/node-server";
import type { Server as HttpServer } from "node:http";
import { isIPv4, isIPv6, type Socket } from "node:net";
import { createApp } from "../functions/api/app.ts";
import { startLocal } from "../functions/api/local.ts";
import { ConfigError, loadConfig, type Config } from "../shared/platform/config.ts";
import { qaRuntime } from "../shared/restaurant-qa/wiring.ts";

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: reachable from this machine only. */
function isLoopback(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (h === "localhost") return true;
  if (isIPv4(h)) return h.startsWith("127.");
  if (isIPv6(h)) return h === "::1" || h.startsWith("::ffff:127.");
  return false;
}

/**
 * Closes a connection that has been silent for `idleMs` with no request in progress: one that never
 * sent a byte (Node's headers timeout starts only with a request), or one idle between requests. A
 * request being worked on keeps its connection (its own timeouts and the API's budget end it).
 */
function closeIdleConnections(server: HttpServer, idleMs: number): void {
  server.timeout = idleMs;
  server.on("timeout", (socket: Socket & { _httpMessage?: unknown }) => {
    if (!socket._httpMessage) socket.destroy();
  });
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// open (no API_KEYS) is for loopback: on any other HOST it would hand the API, and the LLM and provider
// keys behind it, to the whole network, so that takes an explicit opt-in
if (!config.api.keys.length && !isLoopback(config.host) && !config.server.allowOpenNetwork) {
  console.error(
    `HOST=${config.host} is not a loopback address and API_KEYS is not set: the API would be open to the network.\n` +
      `Set API_KEYS (a JSON array of {id, key | sha256, scopes}), use HOST=127.0.0.1, or set ALLOW_OPEN_NETWORK=yes to serve it open anyway.`,
  );
  process.exit(1);
}

// every table on a dynalite started with the server (on disk under DATA_DIR unless SIM_STORE=memory)
const world = await startLocal(config);
const app = createApp(() => world.context, { maxInFlight: config.server.maxInFlight });
// a stalled client must not hold a connection for Node's default 300 s; Node checks these timeouts
// every connectionsCheckingInterval (30 s by default), so check often enough to honour a short one
const { headersTimeoutMs, requestTimeoutMs, idleTimeoutMs, keepAliveTimeoutMs } = config.server;
const serverOptions = {
  headersTimeout: headersTimeoutMs,
  requestTimeout: requestTimeoutMs,
  keepAliveTimeout: keepAliveTimeoutMs,
  connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(headersTimeoutMs / 4))),
};
const server = serve(
  { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions },
  (info) => {
    console.log(
      `dongne listening on http://localhost:${info.port} (LLM: ${world.rt.llm ? `anthropic ${config.llm.fastModel}` : "offline engine"}, places: ${config.providers.place}, state: ${world.dynamo.persistent ? `${config.dataDir}/dynamodb` : "in memory"}, API keys: ${config.api.keys.length ? "required" : isLoopback(config.host) ? "open on loopback" : "none, open to the network (ALLOW_OPEN_NETWORK=yes)"})`,
    );
  },
) as HttpServer;
closeIdleConnections(server, idleTimeoutMs);

// the local restaurant index builds its synthetic demo corpus on first use: start it now, in the background
void qaRuntime(world.rt)
  .deps.index.count()
  .catch((err: Error) => console.error(`the restaurant index did not load: ${err.message}`));

const resumed = await world.context.services.simulations.resumeUnfinished();
if (resumed.length) console.log(`resuming simulations cut off by the last stop: ${resumed.join(", ")}`);
// an ingest job whose worker died with the last stop holds an expired lease: it is marked failed, never
// left running
const failedJobs = await world.context.services.restaurants.recoverIngestJobs();
if (failedJobs.length) console.log(`ingest jobs whose worker died, marked failed: ${failedJobs.join(", ")}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  // exit at once: every write the store acknowledged is already in its log on disk, and a simulation
  // cut off here stays "running", so the next start resumes it (waiting would let it fail instead)
  process.on(signal, () => process.exit(0));
}
