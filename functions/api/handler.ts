// Lambda entry of the HTTP API: the Hono app behind API Gateway, its workflows on Step Functions. The
// runtime is asked per request (it is rebuilt when the keys secret changes).
import { handle } from "hono/aws-lambda";
import { runtime } from "../../shared/runtime/runtime.ts";
import { SfnWorkflows } from "../../shared/workflows/sfn.ts";
import { createApp } from "./app.ts";
import { appContext } from "./services.ts";

const app = createApp(async () => {
  // the API decides a simulation's engine and plans with the LLM where a key is set
  const rt = await runtime({ loadLlm: () => import("../../shared/llm/index.ts") });
  const workflows = rt.service(
    "api.workflows",
    () => new SfnWorkflows(rt.config.aws.stateMachines, { endpoint: rt.config.aws.stepFunctionsEndpoint }),
  );
  return appContext(rt, workflows);
});

export const handler = handle(app);
