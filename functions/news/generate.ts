// Lambda: 003's generate_response (its "예정", implemented): the selected documents loaded, an answer with citations.
import { generateResponseStep } from "../../shared/news/generate.ts";
import { SearchState } from "../../shared/news/schemas.ts";
import { newsDeps } from "../../shared/news/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const generateResponse = defineStep({
  state: "GenerateResponse",
  description: "News: load the selected documents and answer in Korean with citations",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 40, memoryMb: 1024, keys: true, tables: { news: "readwrite" } },
  entry: import.meta.url,
  run: (input, rt) => generateResponseStep(input, newsDeps(rt)),
});

export const handler = lambdaHandler(generateResponse);
