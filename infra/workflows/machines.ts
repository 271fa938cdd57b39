// Every state machine of the product, by key, with its type, the steps its Lambdas run and its
// definition. CDK deploys each (feature constructs); the local runner runs the same definitions.
import { NEWS_STEPS } from "../../functions/news/steps.ts";
import { PLACE_SEARCH_STEPS } from "../../functions/place-search/steps.ts";
import { SIMULATION_STEPS } from "../../functions/simulation/steps.ts";
import type { StepSpec } from "../../shared/workflows/step.ts";
import { planDefinition, searchDefinition } from "./place-search.ts";
import { newsDefinition } from "./news.ts";
import { qaDefinition, qaIngestDefinition, qaIngestJobDefinition } from "./restaurant-qa.ts";
import { INGEST_JOB_STEPS, INGEST_STEPS, QA_STEPS } from "../../functions/restaurant-qa/steps.ts";
import { simulationDefinition, slotDefinition } from "./simulation.ts";
import type { ArnOf } from "./task.ts";

export interface MachineDef {
  type: "EXPRESS" | "STANDARD";
  steps: readonly StepSpec[];
  definition(arnOf: ArnOf, machineArnOf: (key: string) => string): object;
}

const steps = (s: Record<string, StepSpec>): StepSpec[] => Object.values(s);

export const MACHINES = {
  plan: {
    type: "EXPRESS",
    steps: [PLACE_SEARCH_STEPS.translate, PLACE_SEARCH_STEPS.plan],
    definition: (arnOf) => planDefinition(arnOf),
  },
  search: {
    type: "EXPRESS",
    steps: steps(PLACE_SEARCH_STEPS),
    definition: (arnOf) => searchDefinition(arnOf),
  },
  news: {
    type: "EXPRESS",
    steps: steps(NEWS_STEPS),
    definition: (arnOf) => newsDefinition(arnOf),
  },
  qa: {
    type: "EXPRESS",
    steps: steps(QA_STEPS),
    definition: (arnOf) => qaDefinition(arnOf),
  },
  qaIngest: {
    type: "EXPRESS",
    steps: steps(INGEST_STEPS),
    definition: (arnOf) => qaIngestDefinition(arnOf),
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
  },
  simulationSlot: {
    type: "STANDARD",
    steps: [SIMULATION_STEPS.agentTurn],
    definition: (arnOf) => slotDefinition(arnOf),
  },
} satisfies Record<string, MachineDef>;

export type MachineName = keyof typeof MACHINES;

/** Every step of every machine, once. */
export const ALL_STEPS: readonly StepSpec[] = [...new Set(Object.values(MACHINES).flatMap((m) => m.steps))];
