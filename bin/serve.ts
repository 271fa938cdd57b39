// npm start: the API on http://localhost:PORT with embedded defaults (no keys, no network needed).
import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import { createApp } from "../functions/api/app.ts";
import { startLocal } from "../functions/api/local.ts";
import { ConfigError, loadConfig, type Config } from "../shared/config.ts";
import { qaRuntime } from "../shared/restaurant-qa/wiring.ts";

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

// every table on a dynalite started with the server (on disk under DATA_DIR unless SIM_STORE=memory)
const world = await startLocal(config);
const app = createApp(() => world.context);
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(
    `dongne listening on http://localhost:${info.port} (LLM: ${world.rt.llm ? `anthropic ${config.llm.fastModel}` : "offline engine"}, places: ${config.providers.place}, state: ${world.dynamo.persistent ? `${config.dataDir}/dynamodb` : "in memory"}, API keys: ${config.api.keys.length ? "required" : "open on loopback"})`,
  );
}) as Server;
// a stalled client must not hold a connection for Node's default 300 s
server.headersTimeout = 10_000;
server.requestTimeout = 30_000;

// the local restaurant index builds its synthetic demo corpus on first use: start it now, in the background
void qaRuntime(world.rt)
  .deps.index.count()
  .catch((err: Error) => console.error(`the restaurant index did not load: ${err.message}`));

const resumed = await world.context.services.simulations.resumeUnfinished();
if (resumed.length) console.log(`resuming simulations cut off by the last stop: ${resumed.join(", ")}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  // exit at once: every write the store acknowledged is already in its log on disk, and a simulation
  // cut off here stays "running", so the next start resumes it (waiting would let it fail instead)
  process.on(signal, () => process.exit(0));
}
