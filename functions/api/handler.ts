// Lambda entry of the HTTP API: the Hono app behind API Gateway; workflows are started synchronously
// on Step Functions (Express) by ARN from the environment.
import { SFNClient, StartSyncExecutionCommand } from "@aws-sdk/client-sfn";
import { handle } from "hono/aws-lambda";
import { randomUUID } from "node:crypto";
import { PlanCache } from "../../shared/place-search/plan-cache.ts";
import { AgentResponse } from "../../shared/place-search/place.ts";
import { PlanResponse } from "../../shared/place-search/schemas.ts";
import { runtime } from "../../shared/runtime.ts";
import { ApiError, createApp } from "./app.ts";

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

// a warm container answers repeated rules-engine queries without starting an execution
const planCache = new PlanCache(1000);
const app = createApp({
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
