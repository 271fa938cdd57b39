// The simulation's pieces for a runtime, built once each: its DynamoDB repository, its world (stores,
// personas, the parameters a request makes), its workflow steps (the LLM gate per simulation) and the
// API's services over them.

import { embeddedPlaces } from "../providers/exec-deps.ts";
import type { Workflows } from "../workflows/port.ts";
import { SimulationExport } from "./export.ts";
import { ExperimentService } from "./experiment.ts";
import { loadPersonas } from "./personas.ts";
import { openSimulationRepository } from "./repository.ts";
import { SimulationService } from "./api.ts";
import { SimulationSteps } from "./steps.ts";
import { SimulationWorld } from "./world.ts";
import { type Runtime } from "../runtime/port.ts";

export const simulationRepository = (rt: Runtime) =>
  rt.service("simulation.repository", () =>
    openSimulationRepository(rt.documents(), rt.config.aws.tables.simulation),
  );

export const simulationWorld = (rt: Runtime) =>
  rt.service(
    "simulation.world",
    () =>
      new SimulationWorld({
        places: () => embeddedPlaces(rt.config.dataDir).mangwonPlaces,
        personas: rt.config.simulation.personasFile
          ? loadPersonas(rt.config.simulation.personasFile)
          : undefined,
        llm: rt.llmWithoutRetries,
        version: rt.config.version,
        maxAgents: rt.config.simulation.maxAgents,
      }),
  );

export const simulationSteps = (rt: Runtime) =>
  rt.service(
    "simulation.steps",
    () =>
      new SimulationSteps({
        repo: simulationRepository(rt),
        world: simulationWorld(rt),
        llm: rt.llmWithoutRetries,
        backoffUnitMs: rt.config.simulation.backoffUnitMs,
        defaultMaxConcurrentLlmCalls: rt.config.simulation.maxConcurrentLlmCalls,
        failedTurnsThreshold: rt.config.simulation.failedTurnsThreshold,
        rateDelayMs: rt.config.simulation.rateDelayMs,
        pricePerMTok: rt.config.llm.pricePerMTok,
        maxBudgetUsd: rt.config.simulation.maxBudgetUsd,
        memory: rt.config.simulation.memory,
        batchSize: rt.config.simulation.batchSize,
        agentConcurrency: rt.config.simulation.agentConcurrency,
      }),
  );

export const simulationExport = (rt: Runtime) =>
  rt.service("simulation.export", () => new SimulationExport(simulationRepository(rt)));

export const simulationService = (rt: Runtime, workflows: Workflows) =>
  rt.service(
    "simulation.service",
    () =>
      new SimulationService({
        repo: simulationRepository(rt),
        world: simulationWorld(rt),
        workflows,
        spend: {
          pricePerMTok: rt.config.llm.pricePerMTok,
          maxBudgetUsd: rt.config.simulation.maxBudgetUsd,
        },
        engine: rt.llm ? "llm" : "offline",
        defaultMaxConcurrentLlmCalls: rt.config.simulation.maxConcurrentLlmCalls,
        maxAgentDaysPerCaller: rt.config.simulation.maxAgentDaysPerCaller,
      }),
  );

export const experimentService = (rt: Runtime, workflows: Workflows) =>
  rt.service(
    "simulation.experiments",
    () =>
      new ExperimentService({
        sims: simulationService(rt, workflows),
        world: simulationWorld(rt),
        repo: simulationRepository(rt),
        defaultMaxConcurrentLlmCalls: rt.config.simulation.maxConcurrentLlmCalls,
        maxAgentDaysPerCaller: rt.config.simulation.maxAgentDaysPerCaller,
      }),
  );
