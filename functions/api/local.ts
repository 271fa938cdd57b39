// The API's services on one machine: the same workflow definitions, run in-process, each Task state
// mapped to the handler its Lambda runs in AWS.
import {
  LOCAL_PLACE_SEARCH_RESOURCES,
  PLACE_SEARCH_STATES,
  placeSearchDefinition,
} from "../../infra/workflows/place-search.ts";
import type { LlmPort } from "../../shared/llm/port.ts";
import { PlanCache } from "../../shared/place-search/plan-cache.ts";
import type { PlanResponse } from "../../shared/place-search/schemas.ts";
import { LocalWorkflow } from "../../shared/workflows/local-runner.ts";
import { planHandler } from "../place-search/plan.ts";
import { translateHandler } from "../place-search/translate.ts";
import type { ApiServices } from "./app.ts";

export interface LocalDeps {
  llm?: LlmPort;
  /** repeated rules-engine plans from memory (default on) */
  planCache?: PlanCache | false;
}

export function localServices(deps: LocalDeps): ApiServices {
  const placeSearch = new LocalWorkflow(placeSearchDefinition(LOCAL_PLACE_SEARCH_RESOURCES), {
    [PLACE_SEARCH_STATES.translate]: (input: unknown) => translateHandler(input, deps.llm),
    [PLACE_SEARCH_STATES.plan]: (input: unknown) => planHandler(input),
  });
  const plan = (query: string) => placeSearch.run<PlanResponse>({ query });
  const cache = deps.planCache ?? new PlanCache();
  return {
    planSearch: cache ? cache.wrap(plan) : plan,
  };
}
