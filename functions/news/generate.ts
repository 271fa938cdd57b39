// Lambda entry of the generateResponse step (declared in shared/news/workflow/generate.ts).
import { generateResponse } from "../../shared/news/workflow/generate.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(generateResponse);
