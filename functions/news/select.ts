// Lambda: 003's select_documents (the LLM with 003's prompt; the offline selector without one).
import { SearchState } from "../../shared/news/schemas.ts";
import { selectDocumentsStep } from "../../shared/news/select.ts";
import { newsDeps } from "../../shared/news/wiring.ts";
import { defineStep } from "../../shared/workflows/step.ts";
import { lambdaHandler } from "../lambda.ts";

export const selectDocuments = defineStep({
  state: "SelectDocuments",
  description: "News: choose the documents to read (003's criteria and report keys)",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 30, keys: true },
  entry: import.meta.url,
  run: (input, rt) => selectDocumentsStep(input, newsDeps(rt)),
});

export const handler = lambdaHandler(selectDocuments);
