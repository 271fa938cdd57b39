// Lambda entry of the indexIngest step (declared in shared/restaurant-qa/workflow/ingest-index.ts).
import { indexIngest } from "../../shared/restaurant-qa/workflow/ingest-index.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(indexIngest);
