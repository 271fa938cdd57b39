// npm start: the API on http://localhost:PORT with embedded defaults (no keys, no network needed).
import { serve } from "@hono/node-server";
import { ConfigError, loadConfig } from "../shared/config.ts";
import { buildRuntime } from "../shared/runtime.ts";
import { createApp } from "../functions/api/app.ts";
import { localServices } from "../functions/api/local.ts";
import { LocalSimulations } from "../functions/simulation/local.ts";
import { localSimulationRuntime } from "../shared/simulation/local-setup.ts";

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const { llm, exec } = buildRuntime(config);
// simulations run on a dynalite started with the server (on disk under DATA_DIR unless SIM_STORE=memory)
const { runtime: simulation, dynamo } = await localSimulationRuntime(config);
const simulations = new LocalSimulations(simulation);
const app = createApp(localServices({ llm, exec, simulations }));
serve(
  { fetch: app.fetch, port: config.port, hostname: process.env.HOST ?? "127.0.0.1" },
  (info) => {
    console.log(
      `dongne listening on http://localhost:${info.port} (LLM: ${llm ? `anthropic ${config.llm.fastModel}` : "offline engine"}, places: ${config.providers.place}, simulations: ${dynamo.persistent ? `${config.dataDir}/dynamodb` : "in memory"})`,
    );
  },
);
const resumed = await simulations.resumeUnfinished();
if (resumed.length) console.log(`resuming simulations cut off by the last stop: ${resumed.join(", ")}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  // exit at once: every write the store acknowledged is already in its log on disk, and a simulation
  // cut off here stays "running", so the next start resumes it (waiting would let it fail instead)
  process.on(signal, () => process.exit(0));
}
