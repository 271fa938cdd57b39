// Lambda entry of the HTTP API: the Hono app behind API Gateway; workflows are started synchronously
// on Step Functions (Express) by ARN from the environment.
import { SFNClient, StartExecutionCommand, StartSyncExecutionCommand } from "@aws-sdk/client-sfn";
import { handle } from "hono/aws-lambda";
import { randomUUID } from "node:crypto";
import { PlanCache } from "../../shared/place-search/plan-cache.ts";
import { AgentResponse } from "../../shared/place-search/place.ts";
import { PlanResponse } from "../../shared/place-search/schemas.ts";
import { runtime } from "../../shared/runtime.ts";
import { ApiError, createApp } from "./app.ts";
import type { SimulationServices } from "../simulation/local.ts";
import { simulationRuntime } from "../simulation/runtime.ts";
import { buildReport } from "../../shared/simulation/report.ts";

const sfn = new SFNClient({});

async function startSync(stateMachineArn: string | undefined, input: unknown): Promise<unknown> {
  if (!stateMachineArn) throw new Error("state machine ARN is not configured");
  const out = await sfn.send(
    new StartSyncExecutionCommand({ stateMachineArn, input: JSON.stringify(input), name: randomUUID() }),
  );
  if (out.status !== "SUCCEEDED" || !out.output) {
    throw new ApiError(502, "workflow_failed", `the workflow ended ${out.status ?? "without a status"}`);
  }
  return JSON.parse(out.output);
}

/** Simulations in AWS: started on the Standard workflow, read from DynamoDB. */
const simulations: SimulationServices = {
  async start(request) {
    const id = `sim-${new Date().toISOString().slice(0, 10).replaceAll("-", "")}-${randomUUID().slice(0, 8)}`;
    await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: process.env.SIMULATION_STATE_MACHINE_ARN,
        name: id,
        input: JSON.stringify({ simulationId: id, ...request }),
      }),
    );
    return { id };
  },
  async resume(id) {
    const meta = await (await simulationRuntime()).deps.repo.get(id);
    if (!meta) return null;
    const input = {
      simulationId: id,
      days: meta.days,
      seed: meta.seed,
      agents: meta.agents,
      maxConcurrentLlmCalls: meta.maxConcurrentLlmCalls,
    };
    await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: process.env.SIMULATION_STATE_MACHINE_ARN,
        name: `${id}-resume-${Date.now()}`,
        input: JSON.stringify(input),
      }),
    );
    return { id };
  },
  status: async (id) => (await simulationRuntime()).deps.repo.get(id),
  report: async (id) => {
    const sim = await simulationRuntime();
    const meta = await sim.deps.repo.get(id);
    if (!meta) return null;
    return buildReport(
      meta,
      await sim.deps.repo.visits(id),
      sim.stores(),
      await sim.deps.repo.aggregates(id),
    );
  },
  storeRatings: async (simulationId, storeId) => {
    const { repo } = (await simulationRuntime()).deps;
    if (!(await repo.get(simulationId))) return null;
    return {
      aggregate: (await repo.aggregates(simulationId))[storeId] ?? null,
      visits: (await repo.visits(simulationId)).filter((v) => v.store_id === storeId),
    };
  },
};

// a warm container answers repeated rules-engine queries without starting an execution
const planCache = new PlanCache(1000);
const app = createApp({
  simulations,
  planSearch: planCache.wrap(async (query) =>
    PlanResponse.parse(await startSync(process.env.PLAN_STATE_MACHINE_ARN, { query })),
  ),
  search: async (query) =>
    AgentResponse.parse(await startSync(process.env.SEARCH_STATE_MACHINE_ARN, { query })),
  executePlan: async (plan, query) =>
    AgentResponse.parse(await startSync(process.env.SEARCH_STATE_MACHINE_ARN, { plan, query })),
  photoUri: async (name) => {
    const google = (await runtime()).exec().google;
    return google ? google.photoUri({ apiCalls: 0 }, name) : null;
  },
});

export const handler = handle(app);
