// The simulation service on one machine: dynalite (on disk under DATA_DIR, or in memory) and its table, the embedded places,
// and the LLM (with the SDK's own retries off: the simulation's gate retries with 004's backoff).
import { join } from "node:path";
import type { Config } from "../config.ts";
import { logger } from "../log.ts";
import { createLlm } from "../llm/index.ts";
import type { LlmPort } from "../llm/port.ts";
import { embeddedPlaces } from "../place-search/exec-deps.ts";
import { dynamoClient, ensureTable, startLocalDynamo, type LocalDynamo } from "../store/dynamo.ts";
import { SimulationRepository } from "./repository.ts";
import { loadPersonas } from "./personas.ts";
import { SimulationRuntime, type SimulationDeps } from "./service.ts";

export const LOCAL_SIM_TABLE = "dongne-simulations";

export async function localSimulationRuntime(
  config: Config,
  overrides: Omit<Partial<SimulationDeps>, "llm"> & { llm?: LlmPort | null } = {},
): Promise<{ runtime: SimulationRuntime; dynamo: LocalDynamo }> {
  const dynamo = await startLocalDynamo({
    path: config.simulation.store === "disk" ? join(config.dataDir, "dynamodb") : undefined,
    onDiskBusy: (path) =>
      logger.warn(`${path} is in use by another dongne process: this one keeps its simulations in memory`),
  });
  const client = dynamoClient(dynamo.endpoint);
  await ensureTable(client, LOCAL_SIM_TABLE);
  const { llm, ...rest } = overrides;
  const runtime = new SimulationRuntime({
    repo: new SimulationRepository(client, LOCAL_SIM_TABLE),
    places: () => embeddedPlaces(config.dataDir).places,
    llm: llm === null ? undefined : (llm ?? createLlm(config, { sdkRetries: 0 })),
    backoffUnitMs: config.simulation.backoffUnitMs,
    maxConcurrentLlmCalls: config.simulation.maxConcurrentLlmCalls,
    sharedLlmGate: true,
    personas: config.simulation.personasFile ? loadPersonas(config.simulation.personasFile) : undefined,
    ...rest,
  });
  return { runtime, dynamo };
}
