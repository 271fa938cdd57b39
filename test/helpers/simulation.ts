// A simulation runtime on a fresh in-memory dynalite, with the embedded demo places.
import { loadConfig } from "../../shared/config.ts";
import { LocalSimulations } from "../../functions/simulation/local.ts";
import { localSimulationRuntime } from "../../shared/simulation/local-setup.ts";
import type { SimulationDeps } from "../../shared/simulation/service.ts";
import type { LlmPort } from "../../shared/llm/port.ts";

export async function testSimulations(
  overrides: Omit<Partial<SimulationDeps>, "llm"> & { llm?: LlmPort | null } = {},
) {
  const config = loadConfig({ DATA_DIR: "/nonexistent-dongne-data", SIM_STORE: "memory" });
  const { runtime, dynamo } = await localSimulationRuntime(config, {
    llm: null,
    backoffUnitMs: 1,
    ...overrides,
  });
  return {
    sims: new LocalSimulations(runtime),
    runtime,
    repo: runtime.deps.repo,
    close: () => dynamo.close(),
  };
}
