// Every state machine of the product, by key, with its type, the steps its Lambdas run and its
// definition. CDK deploys each (feature constructs); the local runner runs the same definitions. The
// machines the API runs synchronously stop close to its budget (`synchronous`: 27 s, every Task within it).
import { NEWS_STEPS } from "../news/workflow/steps.ts";
import { PLACE_SEARCH_STEPS } from "../place-search/workflow/steps.ts";
import { SIMULATION_STEPS } from "../simulation/workflow/steps.ts";
import type { StepSpec } from "../workflows/step.ts";
import { synchronous } from "../workflows/asl.ts";
import { planDefinition, searchDefinition } from "../place-search/workflow/definition.ts";
import { newsDefinition } from "../news/workflow/definition.ts";
import {
  qaDefinition,
  qaIngestDefinition,
  qaIngestJobDefinition,
} from "../restaurant-qa/workflow/definition.ts";
import { INGEST_JOB_STEPS, INGEST_STEPS, QA_STEPS } from "../restaurant-qa/workflow/steps.ts";
import { simulationDefinition, slotDefinition } from "../simulation/workflow/definition.ts";
import { executionEnded } from "../simulation/workflow/ended.ts";
import type { MachineRegistry } from "../workflows/machines.ts";
import type { Runtime } from "./port.ts";

const steps = (s: Record<string, StepSpec>): StepSpec[] => Object.values(s);

export const MACHINES = {
  plan: {
    type: "EXPRESS",
    steps: [PLACE_SEARCH_STEPS.translate, PLACE_SEARCH_STEPS.plan],
    definition: (arnOf) => synchronous(planDefinition(arnOf)),
  },
  search: {
    type: "EXPRESS",
    steps: steps(PLACE_SEARCH_STEPS),
    definition: (arnOf) => synchronous(searchDefinition(arnOf)),
  },
  news: {
    type: "EXPRESS",
    steps: steps(NEWS_STEPS),
    definition: (arnOf) => synchronous(newsDefinition(arnOf)),
  },
  qa: {
    type: "EXPRESS",
    steps: steps(QA_STEPS),
    definition: (arnOf) => synchronous(qaDefinition(arnOf)),
  },
  qaIngest: {
    type: "EXPRESS",
    steps: steps(INGEST_STEPS),
    definition: (arnOf) => synchronous(qaIngestDefinition(arnOf)),
  },
  qaIngestJob: {
    type: "STANDARD",
    steps: [...steps(INGEST_STEPS), ...steps(INGEST_JOB_STEPS)],
    definition: (arnOf) => qaIngestJobDefinition(arnOf),
  },
  simulation: {
    type: "STANDARD",
    steps: steps(SIMULATION_STEPS).filter((s) => s !== SIMULATION_STEPS.agentTurn),
    definition: (arnOf, machineArnOf) =>
      simulationDefinition(arnOf, { slotMachineArn: machineArnOf("simulationSlot") }),
    onEnded: executionEnded,
  },
  simulationSlot: {
    type: "STANDARD",
    steps: [SIMULATION_STEPS.agentTurn],
    definition: (arnOf) => slotDefinition(arnOf),
  },
} satisfies MachineRegistry<Runtime>;

/** Every step of every machine, once. */
export const ALL_STEPS: readonly StepSpec[] = [
  ...new Set(
    Object.values(MACHINES as MachineRegistry<Runtime>).flatMap((m) => [
      ...m.steps,
      // a machine's step told of its executions' ends is a Lambda too
      ...(m.onEnded ? [m.onEnded] : []),
    ]),
  ),
] as StepSpec[];
