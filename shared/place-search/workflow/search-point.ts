// Lambda: one iteration of the route fan-out (Map state): every query at one sample point.
import { searchAtPoint } from "../actions/route.ts";
import { FanoutItemSchema, PointResultSchema } from "../executor.ts";
import { defineStep } from "../../runtime/port.ts";

export const searchPoint = defineStep({
  state: "SearchPoint",
  description: "APIPicker route fan-out: every keyword at one sample point",
  input: FanoutItemSchema,
  output: PointResultSchema,
  lambda: { timeoutSeconds: 30, memoryMb: 1024, keys: true },
  entry: "place-search/search-point.ts",
  run: (input, rt) => searchAtPoint(input, rt.exec()),
});
