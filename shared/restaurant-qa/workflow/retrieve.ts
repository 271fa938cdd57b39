// Lambda: 002's retrieval — filtered kNN: exact titles, nearby circles, food, convenience, price; boosts.
import { QaState } from "../state.ts";
import { retrieveStep } from "../steps.ts";
import { qaRuntime } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const retrieve = defineStep({
  state: "Retrieve",
  description: "Restaurant QA: filtered kNN retrieval (002 §6)",
  input: QaState,
  output: QaState,
  lambda: { timeoutSeconds: 20, keys: true, index: "read", embeddings: true },
  entry: "restaurant-qa/retrieve.ts",
  run: (input, rt) => retrieveStep(input, qaRuntime(rt).deps),
});
