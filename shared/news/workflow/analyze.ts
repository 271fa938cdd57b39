// Lambda: 003's analyze_query — defaults, the question read once, the start time.
import { analyzeQueryStep } from "../steps.ts";
import { SearchState } from "../schemas.ts";
import { newsDeps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const analyzeQuery = defineStep({
  state: "AnalyzeQuery",
  description: "News: read the question (periods, report keys, latest?) and set 003's defaults",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 10 },
  entry: "news/analyze.ts",
  run: (input, rt) => analyzeQueryStep(input, newsDeps(rt)),
});
