// Lambda entry of the analyzeQuery step (declared in shared/news/workflow/analyze.ts).
import { analyzeQuery } from "../../shared/news/workflow/analyze.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(analyzeQuery);
