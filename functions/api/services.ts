// The API's services for a runtime, the same in both worlds: only the Workflows adapter differs (the
// local runner, or Step Functions).
import { NewsService } from "../../shared/news/api.ts";
import { RestaurantQaService } from "../../shared/restaurant-qa/api.ts";
import { qaBlobs, qaJobs, qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { placeSearchApi } from "../../shared/place-search/wiring.ts";

import { experimentService, simulationExport, simulationService } from "../../shared/simulation/wiring.ts";
import type { Workflows } from "../../shared/workflows/port.ts";
import type { AppContext } from "./app.ts";
import { consumeLlmAllowance } from "../../shared/store/llm-limits.ts";
import { type Runtime } from "../../shared/runtime/port.ts";

export function appContext(rt: Runtime, workflows: Workflows, opts: { planCache?: false } = {}): AppContext {
  const table = rt.config.llm.gate.table;
  const limit = rt.config.api.llmRequestsPerCallerPerDay;
  return rt.service("api.context", () => ({
    apiKeys: rt.config.api.keys,
    // where the account's LLM limits live and an LLM is configured (read lazily: building the client is not free)
    ...(table && rt.config.llm.mode === "anthropic"
      ? {
          llmAllowance: {
            limit,
            consume: (caller: string) => consumeLlmAllowance(rt.documents(), table, caller, limit),
          },
        }
      : {}),
    services: {
      placeSearch: placeSearchApi(rt, workflows, opts),
      news: new NewsService(workflows, {
        budgetMs: rt.config.api.budgetMs,
        pricePerMTok: rt.config.llm.pricePerMTok,
      }),
      restaurants: new RestaurantQaService({
        workflows,
        qa: () => qaRuntime(rt),
        blobs: () => qaBlobs(rt),
        jobs: () => qaJobs(rt),
        budgetMs: rt.config.api.budgetMs,
        pricePerMTok: rt.config.llm.pricePerMTok,
      }),
      simulations: simulationService(rt, workflows),
      experiments: experimentService(rt, workflows),
      simulationExport: simulationExport(rt),
    },
  }));
}
