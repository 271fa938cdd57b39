// The restaurant index's custom resource (CDK provider framework, onEvent): on Create and Update the
// index is made or moved to the deployed mapping behind its alias, and in the dev profile the demo
// corpus is loaded into an index of fewer synthetic documents than the corpus (a job the framework
// then waits for); on Delete nothing is removed: a deleted stack keeps the domain and its documents,
// and a failed create's rollback deletes the domain itself.
import { RestaurantQaService } from "../../shared/restaurant-qa/api.ts";
import { setupRestaurantIndex } from "../../shared/restaurant-qa/deploy-index.ts";
import { qaBlobs, qaJobs, qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { embeddedPlaces } from "../../shared/providers/exec-deps.ts";
import { logger } from "../../shared/platform/log.ts";
import { runtime } from "../../shared/runtime/runtime.ts";
import { SfnWorkflows } from "../../shared/workflows/sfn.ts";

export interface CustomResourceEvent {
  RequestType: "Create" | "Update" | "Delete";
  PhysicalResourceId?: string;
  ResourceProperties: { DemoCorpus?: string; Replicas?: string; [k: string]: unknown };
}

export async function handler(event: CustomResourceEvent) {
  const rt = await runtime();
  const alias = rt.config.qa.index.kind === "opensearch" ? rt.config.qa.index.index : "restaurants";
  // one physical id for the life of the stack: an update never looks like a replacement to CloudFormation
  if (event.RequestType === "Delete") return { PhysicalResourceId: event.PhysicalResourceId ?? alias };
  const replicas = Number(event.ResourceProperties.Replicas ?? 0);
  const workflows = new SfnWorkflows(rt.config.aws.stateMachines);
  const service = new RestaurantQaService({
    workflows,
    qa: () => qaRuntime(rt),
    blobs: () => qaBlobs(rt),
    jobs: () => qaJobs(rt),
    budgetMs: rt.config.api.budgetMs,
    pricePerMTok: rt.config.llm.pricePerMTok,
  });
  const outcome = await setupRestaurantIndex(
    qaRuntime(rt),
    replicas,
    { demoCorpus: event.ResourceProperties.DemoCorpus === "true" },
    { service, places: () => embeddedPlaces(rt.config.dataDir).places },
  );
  logger.info("restaurant index set up", { ...outcome });
  return {
    PhysicalResourceId: alias,
    Data: {
      Index: outcome.index,
      Action: outcome.action,
      Documents: outcome.documents,
      // the stack's DemoCorpus output (isComplete replaces it once a load has ended)
      DemoCorpus: outcome.corpus === undefined ? "-" : `${outcome.documents}/${outcome.corpus}`,
      ...(outcome.corpus === undefined ? {} : { Corpus: String(outcome.corpus) }),
      ...(outcome.previous ? { Previous: outcome.previous } : {}),
      ...(outcome.demoJobId ? { DemoJobId: outcome.demoJobId } : {}),
    },
  };
}
