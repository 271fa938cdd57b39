// Lambda entry of the selectDocuments step (declared in shared/news/workflow/select.ts).
import { selectDocuments } from "../../shared/news/workflow/select.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(selectDocuments);
