// Lambda: one iteration of the route fan-out (Map state): every query at one sample point.
import { searchAtPoint } from "../../shared/place-search/actions/route.ts";
import { FanoutItemSchema, PointResultSchema } from "../../shared/place-search/executor.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const searchPoint = defineStep({
  state: "SearchPoint",
  description: "APIPicker route fan-out: every keyword at one sample point",
  input: FanoutItemSchema,
  output: PointResultSchema,
  lambda: { timeoutSeconds: 30, memoryMb: 1024, keys: true },
  entry: import.meta.url,
  run: (input, rt) => searchAtPoint(input, rt.exec()),
});

export const handler = lambdaHandler(searchPoint);
