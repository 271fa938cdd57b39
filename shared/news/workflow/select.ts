// Lambda: 003's select_documents (the LLM with 003's prompt; the offline selector without one).
import { SearchState } from "../schemas.ts";
import { selectDocumentsStep } from "../steps.ts";
import { newsDeps } from "../wiring.ts";
import { defineStep } from "../../runtime/port.ts";

export const selectDocuments = defineStep({
  state: "SelectDocuments",
  description: "News: choose the documents to read (003's criteria and report keys)",
  input: SearchState,
  output: SearchState,
  lambda: { timeoutSeconds: 30, keys: true },
  entry: "news/select.ts",
  run: (input, rt) => selectDocumentsStep(input, newsDeps(rt)),
});
