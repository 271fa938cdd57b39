// The API Lambda as deployed (functions/api/handler.ts): API Gateway events in, its workflows on Step
// Functions — a fake Step Functions on loopback that runs the real definitions — and its records in
// DynamoDB (dynalite). The same services as the local server, only started another way. No answer here
// depends on the machine's speed: the handler runs with the largest budget, and the one test
// of a spent budget uses a second handler with the smallest and a workflow that never finishes.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { warmLocal, type LocalWorld } from "../../functions/api/local.ts";
import { simulationRepository } from "../../shared/simulation/wiring.ts";
import {
  startFakeStepFunctions,
  machineArn,
  type FakeStepFunctions,
} from "../helpers/fake-step-functions.ts";
import { testWorld } from "../helpers/server.ts";
import { ConfigSchema } from "../../shared/platform/config-schema.ts";

const event = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../events/${name}`, import.meta.url), "utf8"));
type Answer = { statusCode: number; body: string };
const MAX_BUDGET_MS = ConfigSchema.shape.API_BUDGET_MS.unwrap().maxValue!;

let world: LocalWorld;
let sfn: FakeStepFunctions;
let handler: (e: unknown) => Promise<Answer>;
/** the same handler with API_BUDGET_MS at its least (a module instance of its own) */
let tight: (e: unknown) => Promise<Answer>;
/** the environment as it was: the test workers run other files in this process after this one */
const savedEnv = { ...process.env };

beforeAll(async () => {
  world = await testWorld();
  // the world plays Step Functions and its step Lambdas: their indexes built before the first request,
  // as npm start builds them (a cold step's init is not the API's 1.5 s budget here)
  await warmLocal(world);
  sfn = await startFakeStepFunctions(world.workflows, {
    // this search never ends: only the handler's budget ends the wait for it
    delayMs: (input) => ((input as { query?: string }).query === "느린 검색" ? Infinity : 0),
  });
  Object.assign(process.env, {
    AWS_REGION: "ap-northeast-2",
    AWS_ACCESS_KEY_ID: "test",
    AWS_SECRET_ACCESS_KEY: "test",
    STEP_FUNCTIONS_ENDPOINT: sfn.url,
    DYNAMODB_ENDPOINT: world.dynamo.endpoint,
    PLAN_STATE_MACHINE_ARN: machineArn("plan"),
    SEARCH_STATE_MACHINE_ARN: machineArn("search"),
    SIMULATION_STATE_MACHINE_ARN: machineArn("simulation"),
    DATA_DIR: "/nonexistent-dongne-data",
  });
  // the handler reads its configuration once per module instance: a fresh one, as a cold Lambda has,
  // since the test workers keep modules across files (another file may have loaded it already)
  // (read on its first request: the variable is set again before each)
  const coldHandler = async (budgetMs: number) => {
    vi.resetModules();
    const cold = (await import("../../functions/api/handler.ts")).handler as (e: unknown) => Promise<Answer>;
    return (e: unknown) => {
      process.env.API_BUDGET_MS = String(budgetMs);
      return cold(e);
    };
  };
  handler = await coldHandler(MAX_BUDGET_MS);
  tight = await coldHandler(ConfigSchema.shape.API_BUDGET_MS.unwrap().minValue!);
});
afterAll(async () => {
  for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k];
  Object.assign(process.env, savedEnv);
  await world.workflows.settled();
  await sfn.close();
  await world.close();
});

const withBody = (base: string, body: unknown) => ({ ...event(base), body: JSON.stringify(body) });

describe("the API Lambda on Step Functions", () => {
  it("plans and searches through StartSyncExecution, with the request's deadline in the input", async () => {
    const before = Date.now();
    const plan = await handler(event("api/plan.json"));
    expect(plan.statusCode).toBe(200);
    expect(JSON.parse(plan.body).strategy_type).toBe("radius");
    const search = await handler(event("api/search.json"));
    expect(search.statusCode).toBe(200);
    const started = sfn.calls.filter((c) => c.target === "AWSStepFunctions.StartSyncExecution");
    expect(started.map((c) => c.body.stateMachineArn)).toEqual([machineArn("plan"), machineArn("search")]);
    // the budget from when the request came (clock readings in order, no duration)
    const { deadlineAt } = JSON.parse(String(started[1]!.body.input)) as { deadlineAt: number };
    expect(deadlineAt).toBeGreaterThanOrEqual(before + MAX_BUDGET_MS);
    expect(deadlineAt).toBeLessThanOrEqual(Date.now() + MAX_BUDGET_MS);
  });

  it("answers 504 with a sentence when the workflow passes the budget, instead of API Gateway's bare 500", async () => {
    const slow = await tight(withBody("api/search.json", { query: "느린 검색" }));
    expect(slow.statusCode).toBe(504);
    expect(JSON.parse(slow.body).error.code).toBe("timeout");
  });

  it("writes the simulation's record before the 202, starts it by name, and refuses a resume while it runs", async () => {
    const started = await handler(event("api/simulation-start.json"));
    expect(started.statusCode).toBe(202);
    const { id } = JSON.parse(started.body);
    expect(await simulationRepository(world.rt).runs.get(id)).toMatchObject({
      owner: `${id}-run1`,
      createdBy: "ops",
    });
    const start = sfn.calls.find((c) => c.target === "AWSStepFunctions.StartExecution")!;
    expect(start.body).toMatchObject({ stateMachineArn: machineArn("simulation"), name: `${id}-run1` });
    const resume = {
      ...event("api/simulation-start.json"),
      rawPath: `/v1/simulations/${id}/resume`,
      routeKey: "POST /v1/simulations/{id}/resume",
      requestContext: {
        ...event("api/simulation-start.json").requestContext,
        http: {
          ...event("api/simulation-start.json").requestContext.http,
          path: `/v1/simulations/${id}/resume`,
        },
      },
      body: "{}",
    };
    const refused = await handler(resume);
    expect(refused.statusCode).toBe(409);
    expect(sfn.calls.some((c) => c.target === "AWSStepFunctions.DescribeExecution")).toBe(true);
    await world.workflows.settled();
    expect((await handler(resume)).statusCode).toBe(409); // completed
  });
});
