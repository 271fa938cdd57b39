// Lambda entry of the enrichIngest step (declared in shared/restaurant-qa/workflow/ingest-enrich.ts).
import { enrichIngest } from "../../shared/restaurant-qa/workflow/ingest-enrich.ts";
import { lambdaHandler } from "../lambda.ts";

export const handler = lambdaHandler(enrichIngest);
