// Lambda: 003's analyze_query — defaults, the question read once, the start time.
import { analyzeQueryStep } from "../../shared/news/analyze.ts";
import { SearchState } from "../../shared/news/schemas.ts";
import { newsDeps } from "../../shared/news/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const analyzeQuery = defineStep({
  state: "AnalyzeQuery",
  description: "News: read the question (periods, report keys, latest?) and set 003's defaults",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 10 },
  entry: import.meta.url,
  run: (input, rt) => analyzeQueryStep(input, newsDeps(rt)),
});

export const handler = lambdaHandler(analyzeQuery);
