// The simulation's process-wide runtime in AWS: DynamoDB (table from SIM_TABLE), the embedded
// places for the stores, and the LLM from configuration (the SDK's own retries off: the simulation's
// gate retries, with 004's backoff).
import { dynamoClient } from "../../shared/store/dynamo.ts";
import { createLlm } from "../../shared/llm/index.ts";
import { embeddedPlaces } from "../../shared/place-search/exec-deps.ts";
import { SimulationRepository } from "../../shared/simulation/repository.ts";
import { SimulationRuntime } from "../../shared/simulation/service.ts";
import { loadPersonas } from "../../shared/simulation/personas.ts";
import { runtime } from "../../shared/runtime.ts";

let cached: Promise<SimulationRuntime> | undefined;

export function simulationRuntime(): Promise<SimulationRuntime> {
  cached ??= (async () => {
    const { config } = await runtime();
    const table = process.env.SIM_TABLE;
    if (!table) throw new Error("SIM_TABLE is not set");
    return new SimulationRuntime({
      repo: new SimulationRepository(dynamoClient(), table),
      places: () => embeddedPlaces(config.dataDir).places,
      llm: createLlm(config, { sdkRetries: 0 }),
      backoffUnitMs: config.simulation.backoffUnitMs,
      maxConcurrentLlmCalls: config.simulation.maxConcurrentLlmCalls,
      personas: config.simulation.personasFile ? loadPersonas(config.simulation.personasFile) : undefined,
    });
  })();
  return cached;
}
