// Lambda entry of the HTTP API: the Hono app behind API Gateway; workflows are started synchronously
// on Step Functions (Express) by ARN from the environment.
import { SFNClient, StartSyncExecutionCommand } from "@aws-sdk/client-sfn";
import { handle } from "hono/aws-lambda";
import { randomUUID } from "node:crypto";
import { PlanCache } from "../../shared/place-search/plan-cache.ts";
import { PlanResponse } from "../../shared/place-search/schemas.ts";
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
});

export const handler = handle(app);
