// Lambda: 003's generate_response (its "예정", implemented): the selected documents loaded, an answer with citations.
import { generateResponseStep } from "../steps.ts";
import { SearchState } from "../schemas.ts";
import { newsDeps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const generateResponse = defineStep({
  state: "GenerateResponse",
  description: "News: load the selected documents and answer in Korean with citations",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 40, memoryMb: 1024, keys: true, tables: { news: "readwrite" } },
  entry: "news/generate.ts",
  run: (input, rt) => generateResponseStep(input, newsDeps(rt)),
});
