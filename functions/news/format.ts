// Lambda entry of the formatResults step (declared in shared/news/workflow/format.ts).
import { formatResults } from "../../shared/news/workflow/format.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(formatResults);
