// Lambda entry of the generateResponse step (declared in shared/news/workflow/generate.ts).
import { generateResponse } from "../../shared/news/workflow/generate.ts";
import { lambdaHandlerWithLlm } from "../lambda-llm.ts";

export const handler = lambdaHandlerWithLlm(generateResponse);
