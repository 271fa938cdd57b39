// The API's services on one machine: the same workflow definitions CDK deploys, run in-process, each
// Task state mapped to the handler its Lambda runs in AWS.
import {
  LOCAL_PLACE_SEARCH_RESOURCES,
  PLACE_SEARCH_STATES as S,
  planDefinition,
  searchDefinition,
} from "../../infra/workflows/place-search.ts";
import type { LlmPort } from "../../shared/llm/port.ts";
import type { ExecDeps } from "../../shared/place-search/exec-deps.ts";
import type { AgentResponse } from "../../shared/place-search/place.ts";
import { PlanCache } from "../../shared/place-search/plan-cache.ts";
import type { PlanResponse } from "../../shared/place-search/schemas.ts";
import { LocalWorkflow } from "../../shared/workflows/local-runner.ts";
import { executeHandler } from "../place-search/execute.ts";
import { planHandler } from "../place-search/plan.ts";
import { postProcessHandler } from "../place-search/post-process.ts";
import { searchPointHandler } from "../place-search/search-point.ts";
import { translateHandler } from "../place-search/translate.ts";
import { ApiError, type ApiServices } from "./app.ts";
import type { SimulationServices } from "../simulation/local.ts";

export interface LocalDeps {
  llm?: LlmPort;
  /** provider adapters; built on first use when absent */
  exec?: () => ExecDeps;
  /** repeated rules-engine plans from memory (default on) */
  planCache?: PlanCache | false;
  /** the simulation service (needs DynamoDB); without it the simulation routes answer 503 */
  simulations?: SimulationServices;
}

const unavailable = async (): Promise<never> => {
  throw new ApiError(503, "unavailable", "simulations are not configured in this process");
};
const NO_SIMULATIONS: SimulationServices = {
  start: unavailable,
  resume: unavailable,
  status: unavailable,
  report: unavailable,
  storeRatings: unavailable,
};

export function localServices(deps: LocalDeps): ApiServices {
  const exec =
    deps.exec ??
    (() => {
      throw new Error("no provider adapters configured");
    });
  const handlers = {
    [S.translate]: (input: unknown) => translateHandler(input, deps.llm),
    [S.plan]: (input: unknown) => planHandler(input),
    [S.execute]: (input: unknown) => executeHandler(input, exec()),
    [S.searchPoint]: (input: unknown) => searchPointHandler(input, exec()),
    [S.postProcess]: (input: unknown) => postProcessHandler(input, exec()),
  };
  const planWorkflow = new LocalWorkflow(planDefinition(LOCAL_PLACE_SEARCH_RESOURCES), handlers);
  const searchWorkflow = new LocalWorkflow(searchDefinition(LOCAL_PLACE_SEARCH_RESOURCES), handlers);
  const plan = (query: string) => planWorkflow.run<PlanResponse>({ query });
  const cache = deps.planCache ?? new PlanCache();
  return {
    simulations: deps.simulations ?? NO_SIMULATIONS,
    planSearch: cache ? cache.wrap(plan) : plan,
    search: (query) => searchWorkflow.run<AgentResponse>({ query }),
    executePlan: (plan, query) => searchWorkflow.run<AgentResponse>({ plan, ...(query ? { query } : {}) }),
    photoUri: async (name) => {
      const google = exec().google;
      return google ? google.photoUri({ apiCalls: 0 }, name) : null;
    },
  };
}
