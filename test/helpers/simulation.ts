// Simulations on a fresh in-memory dynalite through the local workflows (the definitions CDK deploys),
// with the embedded demo places; faults are injected around a step's Lambda envelope, not in the code.
import type { LocalOptions } from "../../functions/api/local.ts";
import type { SimulationRequest } from "../../shared/simulation/schemas.ts";
import { simulationRepository, simulationSteps } from "../../shared/simulation/wiring.ts";
import { testWorld } from "./server.ts";

export async function testSimulations(opts: LocalOptions = {}, env: Record<string, string> = {}) {
  const world = await testWorld(opts, env);
  const sims = world.context.services.simulations;
  return {
    world,
    sims,
    steps: simulationSteps(world.rt),
    repo: simulationRepository(world.rt),
    /** starts a simulation and waits for it to end; its record */
    async run(request: SimulationRequest, caller?: string) {
      const { id } = await sims.start(request, caller);
      await world.workflows.settled();
      return (await sims.status(id))!;
    },
    async resume(id: string) {
      await sims.resume(id);
      await world.workflows.settled();
      return (await sims.status(id))!;
    },
    close: () => world.close(),
  };
}
