// The product on one machine: dynalite (on disk under DATA_DIR, or in memory) with every table, the
// runtime pointed at it, the state machines run in-process, and the API's context over them. The local
// server, the CLI and the tests all start from here.
import { join } from "node:path";
import { LocalWorkflows, type LocalWorkflowsOptions } from "../../shared/workflows/local.ts";
import type { Config } from "../../shared/platform/config.ts";
import { logger } from "../../shared/platform/log.ts";
import { buildRuntime, type RuntimeOverrides } from "../../shared/runtime/runtime.ts";
import { createLlm } from "../../shared/llm/index.ts";
import { dynamoClient, ensureTable, startLocalDynamo, type LocalDynamo } from "../../shared/store/dynamo.ts";
import type { AppContext } from "./app.ts";
import { appContext } from "./services.ts";
import { MACHINES } from "../../shared/runtime/machines.ts";
import { SIMULATION_STEPS } from "../../shared/simulation/workflow/steps.ts";
import { correctFood, correctPlace } from "../../shared/korean/fuzzy.ts";
import { regionsNamed } from "../../shared/geo/area-resolve.ts";
import { prepareRomanNames } from "../../shared/geo/gazetteer.ts";
import { embeddedPlaces } from "../../shared/providers/exec-deps.ts";
import type { Runtime } from "../../shared/runtime/port.ts";

export interface LocalWorld {
  rt: Runtime;
  workflows: LocalWorkflows<Runtime>;
  context: AppContext;
  dynamo: LocalDynamo;
  close(): Promise<void>;
}

export interface LocalOptions extends RuntimeOverrides, LocalWorkflowsOptions {
  /** repeated rules-engine plans from memory (default on) */
  planCache?: false;
}

const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

/** Every DynamoDB table of the product, by name from configuration. */
export const tablesOf = (config: Config) => [
  ...Object.values(config.aws.tables),
  ...(config.llm.gate.table ? [config.llm.gate.table] : []),
];

export async function startLocal(config: Config, opts: LocalOptions = {}): Promise<LocalWorld> {
  const dynamo = await startLocalDynamo({
    path: config.simulation.store === "disk" ? join(config.dataDir, "dynamodb") : undefined,
    onDiskBusy: (path) =>
      logger.warn(`${path} is in use by another dongne process: this one keeps its state in memory`),
  });
  const client = dynamoClient(dynamo.endpoint);
  for (const table of tablesOf(config)) await ensureTable(client, table);
  const local = { ...config, aws: { ...config.aws, dynamoEndpoint: dynamo.endpoint } };
  // one process holds everything: the LLM adapter is imported with it (a Lambda imports it only when keyed)
  // the product's tables are in this process: its requests skip the loopback socket (other processes,
  // and the LLM leases, still reach dynalite at its endpoint)
  const rt = buildRuntime(local, { createLlm, documents: once(() => dynamo.documents()), ...opts });
  // the simulation's batches share this process's heap (in AWS each has its own Lambda): a few at once
  const inFlight = { [SIMULATION_STEPS.agentTurn.state]: config.simulation.localBatchesInFlight };
  const workflows = new LocalWorkflows(MACHINES, rt, { inFlight, ...opts });
  return {
    rt,
    workflows,
    context: appContext(rt, workflows, { planCache: opts.planCache }),
    dynamo,
    close: () => dynamo.close(),
  };
}

/**
 * What a first request would otherwise build while its caller waits, built before the server says it
 * is ready: the embedded places and their text index, the translator's typo indexes, the administrative
 * hierarchy, the restaurant index (the synthetic demo corpus on a fresh data directory) with its first
 * query's postings (`restaurants: false` leaves it to the first restaurant read). `say` hears what is
 * being built (the readiness's reason meanwhile).
 */
export async function warmLocal(
  world: LocalWorld,
  say: (what: string) => void = () => {},
  { restaurants = true }: { restaurants?: boolean } = {},
): Promise<void> {
  const { config } = world.rt;
  say("장소 색인과 오타 사전을 만드는 중");
  correctPlace("망원");
  correctFood("국밥");
  // the administrative hierarchy a place named with its area is resolved in (about a second to build)
  regionsNamed("서울");
  // the romanized names a first Latin place name (Sinchon, Gangnam Station) would otherwise build
  await prepareRomanNames();
  if (config.providers.place !== "kakao" || !config.providers.kakaoKey)
    await embeddedPlaces(config.dataDir).prepare();
  // the one part that is the world's own, not the process's (a test's world leaves it to a first read)
  if (!restaurants) return;
  say("식당 색인을 만드는 중");
  await world.context.services.restaurants.warm();
}
