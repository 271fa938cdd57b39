// Simulations on a fresh in-memory dynalite through the local workflows (the definitions CDK deploys),
// with the embedded demo places; faults are injected around a step's Lambda envelope, not in the code.
import { afterAll } from "vitest";
import type { LocalOptions } from "../../functions/api/local.ts";
import { noUsage } from "../../shared/llm/port.ts";
import { mulberry32 } from "../../shared/platform/random.ts";
import type { StepContext } from "../../shared/simulation/engines/engine.ts";
import { startPosition } from "../../shared/simulation/space.ts";
import type { Persona } from "../../shared/simulation/types.ts";
import type { SimulationRequest } from "../../shared/simulation/schemas.ts";
import { StatesError } from "../../shared/workflows/errors.ts";
import { simulationRepository, simulationSteps, simulationWorld } from "../../shared/simulation/wiring.ts";
import { testWorld } from "./server.ts";

export async function testSimulations(opts: LocalOptions = {}, env: Record<string, string> = {}) {
  const world = await testWorld(opts, env);
  const sims = world.context.services.simulations;
  return {
    world,
    sims,
    steps: simulationSteps(world.rt),
    /** the simulation's stores, persona sets and the parameters a request makes */
    simWorld: simulationWorld(world.rt),
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

/**
 * testSimulations for a test file: every world `setup` makes, and everything given to `closeAfterAll`,
 * is closed after the file's tests.
 */
export function simulationsClosedAfterAll() {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of closers) await c();
  });
  const closeAfterAll = (close: () => Promise<unknown>) => void closers.push(close);
  const setup = async (...args: Parameters<typeof testSimulations>) => {
    const t = await testSimulations(...args);
    closeAfterAll(t.close);
    return t;
  };
  return { setup, closeAfterAll };
}

/** A step context for one engine call: the persona at its day's start, nothing remembered or known. */
export function stepContext(persona: Persona, over: Partial<StepContext> = {}): StepContext {
  return {
    persona,
    day: 1,
    slot: "12:00",
    memory: "",
    ownRatings: new Map(),
    position: startPosition(persona),
    known: [],
    populationEatOutTendency: 0.6,
    aggregates: {},
    rng: mulberry32(1),
    session: [],
    usage: noUsage(),
    ...over,
  };
}

/**
 * A step wrapper (the local runner's `wrap`) that stops every run at its first slot, for tests that ask
 * only what was accepted, and counts the runs that were initialised (`started()`).
 */
export function haltAtFirstSlot() {
  let initialised = 0;
  return {
    started: () => initialised,
    wrap: (state: string, handler: (input: any) => Promise<unknown>) =>
      state === "Initialise"
        ? async (input: any) => {
            initialised++;
            return handler(input);
          }
        : state === "PrepareSlot"
          ? async () => {
              throw new StatesError("Halted", "the test stops every run at its first slot");
            }
          : handler,
  };
}
