// Lambda: 002's retrieval — filtered kNN: exact titles, nearby circles, food, convenience, price; boosts.
import { QaState } from "../../shared/restaurant-qa/state.ts";
import { retrieveStep } from "../../shared/restaurant-qa/steps.ts";
import { qaRuntime } from "../../shared/restaurant-qa/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const retrieve = defineStep({
  state: "Retrieve",
  description: "Restaurant QA: filtered kNN retrieval (002 §6)",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 20, keys: true, index: "read", embeddings: true },
  entry: import.meta.url,
  run: (input, rt) => retrieveStep(input, qaRuntime(rt).deps),
});

export const handler = lambdaHandler(retrieve);
