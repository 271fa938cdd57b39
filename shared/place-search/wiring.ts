// Place search's pieces for a runtime: the API's service over the plan and search workflows. The steps
// take their adapters from the runtime itself (rt.exec(): the providers, rt.llm: the translator's model).
import type { Runtime } from "../runtime/port.ts";
import type { Workflows } from "../workflows/port.ts";
import { PlaceSearchService } from "./api.ts";

/** `planCache: false` turns off the cache of repeated rules-engine plans (tests that count plans). */
export const placeSearchApi = (rt: Runtime, workflows: Workflows, opts: { planCache?: false } = {}) =>
  new PlaceSearchService(workflows, {
    budgetMs: rt.config.api.budgetMs,
    google: () => rt.exec().google,
    pricePerMTok: rt.config.llm.pricePerMTok,
    ...(opts.planCache === false ? { planCache: false } : {}),
  });
