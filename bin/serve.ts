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
// simulations run on an in-memory dynalite started with the server
const { runtime: simulation } = await localSimulationRuntime(config);
const app = createApp(localServices({ llm, exec, simulations: new LocalSimulations(simulation) }));
const server = serve(
  { fetch: app.fetch, port: config.port, hostname: process.env.HOST ?? "127.0.0.1" },
  (info) => {
    console.log(
      `dongne listening on http://localhost:${info.port} (LLM: ${llm ? `anthropic ${config.llm.fastModel}` : "offline engine"}, places: ${config.providers.place})`,
    );
  },
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
